// Browser tests of an A/B comparison (podium-agent ab --push): the comparison of schema/testdata/ab/comparison.json
// (Netty as it is against Netty with -XX:+UseParallelGC, 3 rounds) signed with the test agent's key and sent to
// POST /api/ab as the agent does (seed.mjs). Its page says what was compared and, per figure, B/A with its interval as two
// bounds, the verdict and the detectable change, on a desktop and on a 390 px phone; Netty's framework page links to
// it; an unknown comparison is a real 404. Adds no run, so the other tests' boards do not move.
import assert from 'node:assert/strict'
import { before, describe, test } from 'node:test'
import { fitsWidth, openPage } from './browser.mjs'
import { devices } from './devices.mjs'
import { AB_ID, submitAb } from './seed.mjs'
import { base } from './base.mjs'

const ID = AB_ID
const UNKNOWN = '00000000-0000-4000-8000-0000000000ab'

// seeded with the data set (seed.mjs); sent again here, the service answers 200 and keeps one
before(() => submitAb(base))

const text = async (locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim()
const cellOf = (page, figure, col) => page.locator(`tr[data-figure="${figure}"] [data-col="${col}"]`)

describe('an A/B comparison’s page', () => {
  test('an unknown comparison answers 404 to a browser', async () => {
    for (const path of [`/ab/${UNKNOWN}`, '/ab/nope']) {
      const res = await fetch(`${base}${path}`, { headers: { Accept: 'text/html' } })
      assert.equal(res.status, 404, path)
    }
    assert.equal((await fetch(`${base}/ab/${ID}`, { headers: { Accept: 'text/html' } })).status, 200)
  })

  for (const [name, browser] of devices()) {
    test(`${name}: what was compared, and B against A per figure with its bounds, verdict and detectable change`, async () => {
      const page = await openPage(browser(), `${base}/ab/${ID}`)
      await page.locator('h1', { hasText: 'A/B of netty' }).waitFor()
      assert.equal(await page.title(), 'A/B of netty · Podium')
      const lede = await text(page.locator('.lede'))
      assert.match(lede, /Netty 4\.2\.20\.Final/)
      assert.match(lede, /3 interleaved rounds/)
      assert.match(lede, /2026-11-20 09:00 UTC to 2026-11-20 09:12 UTC/)
      assert.match(await text(page.locator('[data-variant="A"]')), /the suite's target as it is.*JVM flags none added/)
      assert.match(await text(page.locator('[data-variant="B"]')), /JVM flags -XX:\+UseParallelGC/)
      assert.equal(await text(page.locator('[data-host-class]')), 'Podium Test CPU @ 3.00GHz · 4 vCPU · 16 GiB')
      assert.match(await text(page.locator('.ab-cell h2')), /plaintext, 256 connections, 1 vCPU/)

      // figure, B/A, 95% low, 95% high, verdict, detectable (schema/testdata/ab/comparison.json)
      for (const [figure, ratio, low, high, verdict, detectable] of [
        ['throughput', '0.905', '0.901', '0.909', 'B worse', '±0.5%'],
        ['p99', '1.025', '0.876', '1.200', 'cannot tell', '±21.7%'],
        ['cpuPerRequest', '1.103', '1.091', '1.114', 'B worse', '±1.3%'],
        ['allocatedPerRequest', '0.949', '0.934', '0.964', 'B better', '±2.0%'],
      ]) {
        assert.equal(await text(cellOf(page, figure, 'ratio')), ratio, `${figure} B/A`)
        assert.equal(await text(cellOf(page, figure, 'low')), low, `${figure} low`)
        assert.equal(await text(cellOf(page, figure, 'high')), high, `${figure} high`)
        assert.equal(await text(cellOf(page, figure, 'verdict')), verdict, `${figure} verdict`)
        assert.equal(await text(cellOf(page, figure, 'detectable')), detectable, `${figure} detectable`)
      }
      assert.match(
        await text(page.locator('tr[data-figure="throughput"]')),
        /^Throughput B worse 0\.905 .* 51,433 req\/s 46,533 req\/s$/,
      )
      // the verdict and B/A come first: on a phone too they are on screen without scrolling the table
      for (const col of ['verdict', 'ratio']) {
        const box = await cellOf(page, 'throughput', col).boundingBox()
        assert.ok(box.x + box.width <= page.viewportSize().width, `${col} is off-screen`)
      }
      // each round's pair, from which B/A is made
      await page.locator('.pairs summary').click()
      assert.equal(await page.locator('.pairs tbody tr').count(), 12)
      assert.ok(await fitsWidth(page), 'the page scrolls sideways')
      await page.close()
    })

    test(`${name}: the framework page lists the comparison and leads to it`, async () => {
      const page = await openPage(browser(), `${base}/frameworks/netty`)
      const link = page.locator(`.framework-ab [data-ab="${ID}"] a`)
      await link.waitFor()
      assert.equal(await text(link), "netty: JVM flags -XX:+UseParallelGC against the suite's target as it is")
      await link.click()
      await page.waitForURL(`${base}/ab/${ID}`)
      await page.locator('h1', { hasText: 'A/B of netty' }).waitFor()
      // a framework without comparisons has no such section
      await page.goto(`${base}/frameworks/jetty`, { waitUntil: 'networkidle' })
      await page.locator('h1', { hasText: 'Jetty' }).waitFor()
      assert.equal(await page.locator('.framework-ab').count(), 0)
      await page.close()
    })

    test(`${name}: an unknown comparison says so, with a link to the frameworks`, async () => {
      const page = await openPage(browser(), `${base}/ab/${UNKNOWN}`)
      await page.locator('h1', { hasText: 'No such A/B comparison' }).waitFor()
      assert.match(await text(page.locator('.state')), new RegExp(`no A/B comparison “${UNKNOWN}”`))
      assert.equal(await page.locator('text=Try again').count(), 0)
      await page.close()
    })
  }
})
