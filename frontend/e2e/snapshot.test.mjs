// Browser tests of a frozen snapshot's page (desktop and phone) and of the about page.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { describe, test } from 'node:test'
import { EXPECTED_PLAINTEXT_ORDER, HOST_A, LATEST_RUN_ID, SNAPSHOT } from './seed.mjs'
import { base } from './base.mjs'
import { browserFor } from './devices.mjs'

const browser = browserFor()

async function open(path, width = 1366) {
  const page = await browser.context.newPage()
  page.setDefaultTimeout(15_000)
  await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
  await page.goto(`${base}${path}`)
  return page
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex')
const served = async (query = '') =>
  Buffer.from(await (await fetch(`${base}/api/snapshots/${SNAPSHOT.slug}${query}`)).arrayBuffer())
const hostABoard = (page) =>
  page
    .locator('section.board')
    .filter({ hasText: 'plaintext · closed loop · 2 vCPU' })
    .filter({ hasText: HOST_A.cpuModel })

describe('snapshot page', () => {
  test('shows the frozen board, the hardware in full and the checksums of the downloads', async () => {
    const page = await open(`/snapshots/${SNAPSHOT.slug}`)
    await page.locator('#snapshot-title').waitFor()
    assert.equal(await page.locator('#snapshot-title').textContent(), SNAPSHOT.title)
    assert.deepEqual(await hostABoard(page).locator('tbody .fw-name .name').allTextContents(), EXPECTED_PLAINTEXT_ORDER)

    const hostA = page.locator('[data-testid=host]').filter({ hasText: HOST_A.cpuModel })
    const text = await hostA.textContent()
    for (const part of [
      '6.1.0-28-amd64',
      'Debian GNU/Linux 12',
      '16.0 GiB',
      'governor',
      'performance',
      'transparentHugePages',
    ]) {
      assert.ok(text.includes(part), `the host says ${part}: ${text}`)
    }
    assert.ok(
      (await hostA.locator(`a[href="/runs/${LATEST_RUN_ID}"]`).count()) === 1,
      'links the run it was measured in',
    )

    const json = await served()
    const csv = await served('?format=csv')
    assert.deepEqual(await page.locator('[data-testid=sha256]').allTextContents(), [sha256(json), sha256(csv)])
    assert.match(await page.locator('[data-testid=verified]').textContent(), /has the SHA-256 published above/)
    const download = page.getByRole('link', { name: `podium-${SNAPSHOT.slug}.csv` })
    assert.equal(await download.getAttribute('href'), `/api/snapshots/${SNAPSHOT.slug}?format=csv`)
    assert.equal(await download.getAttribute('download'), `podium-${SNAPSHOT.slug}.csv`)
    await page.close()
  })

  test('says so when the bytes received do not match the published SHA-256', async () => {
    const page = await browser.context.newPage()
    page.setDefaultTimeout(15_000)
    await page.route(`**/api/snapshots/${SNAPSHOT.slug}`, async (route) => {
      const response = await route.fetch()
      const body = (await response.text()).replace('"Netty"', '"Nettx"')
      await route.fulfill({ response, body })
    })
    await page.goto(`${base}/snapshots/${SNAPSHOT.slug}`)
    await page.locator('[data-testid=verified]').waitFor()
    assert.match(await page.locator('[data-testid=verified]').textContent(), /does not match its published SHA-256/)
    await page.close()
  })

  test('on a 390 px phone every figure is on screen', async () => {
    const page = await open(`/snapshots/${SNAPSHOT.slug}`, 390)
    await page.locator('[data-testid=board]').first().waitFor()
    const overflow = await page.evaluate(() => {
      const off = [...document.querySelectorAll('main td, main dd, main code, main h1, main h2')]
        .filter((e) => {
          const r = e.getBoundingClientRect()
          return r.width > 0 && (r.right > window.innerWidth + 0.5 || r.left < -0.5)
        })
        .map((e) => e.textContent.trim().slice(0, 40))
      return { off, scroll: document.documentElement.scrollWidth, width: window.innerWidth }
    })
    assert.deepEqual(overflow.off, [])
    assert.ok(overflow.scroll <= overflow.width, `the page scrolls sideways: ${overflow.scroll} > ${overflow.width}`)
    // each row reads as label: value
    const firstRow = hostABoard(page).locator('tbody tr').first()
    assert.match(
      await firstRow.locator('td[data-label="SLA req/s"]').evaluate((td) => getComputedStyle(td, '::before').content),
      /SLA req\/s/,
    )
    assert.ok(await firstRow.locator('td[data-label="SLA req/s"]').isVisible())
    await page.close()
  })

  test('an unknown snapshot says it is not found, with status 404', async () => {
    const page = await browser.context.newPage()
    const res = await page.goto(`${base}/snapshots/no-such-round`)
    assert.equal(res.status(), 404)
    await page.getByRole('heading', { name: 'No such snapshot' }).waitFor()
    assert.match(await page.locator('main').textContent(), /No snapshot called “no-such-round” was frozen here/)
    assert.equal(await page.locator('[role=alert]').count(), 0)
    await page.close()
  })

  test('the list links every snapshot', async () => {
    const page = await open('/snapshots')
    await page.getByRole('link', { name: SNAPSHOT.title }).click()
    await page.locator('#snapshot-title').waitFor()
    assert.equal(new URL(page.url()).pathname, `/snapshots/${SNAPSHOT.slug}`)
    await page.close()
  })
})

describe('about page', () => {
  test("links the repository's methodology and source, and is in the navigation", async () => {
    const page = await open('/leaderboard/plaintext')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click()
    await page.locator('#methodology-link').waitFor()
    assert.equal(new URL(page.url()).pathname, '/about')
    const methodology = await page.locator('#methodology-link').getAttribute('href')
    const source = await page.locator('#source-link').getAttribute('href')
    assert.match(source, /^https:\/\//)
    assert.ok(methodology.startsWith(source.replace(/\/+$/, '')), `${methodology} is in ${source}`)
    assert.match(methodology, /\/docs\/methodology\.md$/)
    assert.ok((await page.locator('main h2').count()) >= 8, 'explains the method point by point')
    await page.close()
  })

  test('/methodology leads to it and it fits a phone', async () => {
    const page = await open('/methodology', 390)
    await page.locator('#methodology-link').waitFor()
    assert.equal(new URL(page.url()).pathname, '/about')
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    await page.close()
  })
})
