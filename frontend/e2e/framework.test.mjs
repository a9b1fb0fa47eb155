// Browser tests of a framework's page (/frameworks/<slug>) against the seeded backend: desktop and a 390 px phone.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { openPage } from './browser.mjs'
import { devices } from './devices.mjs'
import { LATEST_RUN_ID } from './seed.mjs'
import { base } from './base.mjs'

const [[, desktop], [, phone]] = devices()

const open = (browser, path) => openPage(browser, `${base}${path}`)

const settled = (page) => page.waitForSelector('.framework-page .scenario[data-scenario="plaintext"] .figure')

describe('framework page', () => {
  test('shows the suite notes, figures with intervals, neighbours, history and a working badge', async () => {
    const page = await open(desktop(), '/frameworks/netty')
    await settled(page)
    assert.equal(await page.locator('h1').textContent(), 'Netty')
    const target = page.locator('.target[data-io="non-blocking"]')
    assert.match(await target.textContent(), /HttpServerCodec/) // suite.json's notes of the netty target
    assert.match(await target.textContent(), /Tuning:/)
    assert.match(
      await target.locator('a').getAttribute('href'),
      /\/tree\/89abcdef0123456789abcdef0123456789abcdef\/agent\/suite\/netty$/,
    )

    const plaintext = page.locator('.scenario[data-scenario="plaintext"]')
    const figure = plaintext.locator('.figure[data-io="non-blocking"]')
    assert.equal(await figure.locator('.rank').textContent(), '1')
    // as the leaderboard shows it: pooled over the series' current segment (five runs, 25 repeats: the mean of the
    // runs' figures, 134,300 to 135,500, each run one JVM start)
    assert.equal(await figure.locator('.throughput').textContent(), '134,900')
    assert.match(
      await figure.textContent(),
      /95% CI [\d,]+–[\d,]+, −[\d.]+% \/ \+[\d.]+% \(5 starts\), 25 repeats, 256 connections/,
    )
    assert.match(await figure.textContent(), /req per CPU-second/)
    // beside it, the shown cell's allocation and GC (the seed: 400 bytes per request, GC 3.25% of CPU, 6.5 ms)
    assert.equal(
      (await figure.locator('.gc').textContent()).trim(),
      '400 B allocated per request · GC 3.25% of CPU · longest pause 6.5 ms',
    )
    assert.match(await plaintext.locator('.nearest li[data-position="below"]').textContent(), /Helidon SE/)
    assert.equal((await plaintext.locator('.chart svg').count()) > 0, true) // six runs of history

    const img = plaintext.locator('.badge img')
    await img.scrollIntoViewIfNeeded()
    await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await img.elementHandle())
    assert.match(
      await plaintext.locator('.badge textarea').inputValue(),
      /^\[!\[Netty plaintext]\(http:\/\/[^)]+\/api\/badges\/netty\/plaintext\.svg\)]\(http:\/\/[^)]+\/frameworks\/netty\)$/,
    )
    // a neighbour's name leads to its own page
    await plaintext.locator('.nearest a', { hasText: 'Helidon SE' }).click()
    await page.waitForURL(/\/frameworks\/helidon-se$/)
    await page.waitForSelector('h1:text("Helidon SE")')
    await page.close()
  })

  for (const [name, browser, height] of [
    ['desktop', desktop, 900],
    ['phone', phone, 844],
  ]) {
    test(`its first screen shows its figures, and the suite's build notes come after them (${name})`, async () => {
      const page = await open(browser(), '/frameworks/netty')
      await settled(page)
      await page.locator('.target').first().waitFor()
      const top = (selector) =>
        page
          .locator(selector)
          .first()
          .evaluate((el) => el.getBoundingClientRect().top)
      const figure = await top('.scenario[data-scenario="plaintext"] .figure')
      const notes = await top('.target')
      assert.ok(figure < notes, `the first figure at ${figure} px, the build notes at ${notes} px`)
      assert.ok(figure < height - 100, `the first figure starts at ${figure} px of a ${height} px screen`)
      await page.close()
    })
  }

  test('every framework name on the leaderboard and the run page links to its page', async () => {
    const page = await open(desktop(), '/leaderboard/plaintext')
    await page.locator('#leaderboard-table tbody a.fw-name', { hasText: 'Undertow' }).click()
    await page.waitForURL(/\/frameworks\/undertow$/)
    await page.waitForSelector('h1:text("Undertow")')
    await page.goto(`${base}/runs/${LATEST_RUN_ID}`)
    await page.locator('th[scope="row"] a', { hasText: 'Spring MVC' }).first().click()
    await page.waitForURL(/\/frameworks\/spring-mvc$/)
    await page.waitForSelector('.scenario[data-scenario="json"] .figure')
    await page.close()
  })

  test('an unknown framework says so, with status 404 and a link to the frameworks index', async () => {
    const page = await desktop().context.newPage()
    const res = await page.goto(`${base}/frameworks/tomcat`)
    assert.equal(res.status(), 404)
    await page.getByRole('heading', { name: 'No such framework' }).waitFor({ timeout: 15_000 })
    assert.match(await page.locator('main .state').textContent(), /no results of a framework called “tomcat” here/)
    assert.ok(await page.getByRole('link', { name: 'See every framework with results' }).isVisible())
    await page.close()
  })

  test('on a 390 px phone no number is off-screen and nothing scrolls sideways', async () => {
    const page = await open(phone(), '/frameworks/netty')
    await settled(page)
    await page.waitForSelector('.scenario[data-scenario="json"] .figure')
    const report = await page.evaluate(() => {
      const width = document.documentElement.clientWidth
      const offscreen = []
      const walker = document.createTreeWalker(document.querySelector('main') ?? document.body, NodeFilter.SHOW_TEXT)
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!/\d/.test(n.textContent) || n.parentElement.closest('textarea')) continue
        const range = document.createRange()
        range.selectNodeContents(n)
        for (const r of range.getClientRects()) {
          if (r.width > 0 && (r.left < -0.5 || r.right > width + 0.5))
            offscreen.push(`${n.textContent.trim()} (${Math.round(r.left)}..${Math.round(r.right)})`)
        }
      }
      return { width, scrollWidth: document.documentElement.scrollWidth, offscreen }
    })
    assert.equal(report.width, 390)
    assert.deepEqual(report.offscreen, [])
    assert.ok(report.scrollWidth <= report.width, `page scrolls sideways: ${report.scrollWidth} > ${report.width}`)
    await page.close()
  })
})
