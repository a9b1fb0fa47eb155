// Browser tests of a framework page's cost at a fixed load (issue 28): a signed v2 run on a host class of its own,
// older than every other run (so no default board or cost view moves), measures one framework's two targets at the
// cost ladder's three offered rates on 1 vCPU: non-blocking 8 µs of CPU and 600 bytes allocated a request,
// virtual-threads 16 µs and 1,500 bytes, each over three repeats 5% apart in CPU (so each figure has an interval); at
// 5,000 req/s the virtual-threads target held only 4,500 (rate-not-held). The framework page lists each target's CPU
// per request at every rate with its interval and the allocation beside it, on a desktop and on a 390 px phone. Runs
// after the others (e2e/run.mjs): it adds a run. The same target also ran from an AOT cache at 5,000 req/s (5 µs a
// request): the cost view's JVM-mode filter shows that cell alone, and the default mode's cells again.
import assert from 'node:assert/strict'
import { before, describe, test } from 'node:test'
import { fitsWidth, openPage } from './browser.mjs'
import { devices } from './devices.mjs'
import { GC, JVM_25, costCell, payload, smallHost, submit } from './seed.mjs'
import { base } from './base.mjs'

const RUN_ID = '7f000001-0000-4000-8000-0000000009c0'
const FRAMEWORK = 'Cost Page Test'
const RATES = [1000, 3000, 5000]
const LADDER = { rates: RATES, capacityRequestsPerSecond: 60000, share: 0.1 }
// I/O model, CPU µs a request, bytes allocated a request, achieved share of the offered rate at 5,000 req/s
const TARGETS = [
  ['non-blocking', 8, 600, 1],
  ['virtual-threads', 16, 1500, 0.9],
]

function cell([ioModel, micros, allocated, held], rate) {
  return costCell({
    framework: FRAMEWORK,
    ioModel,
    rate,
    achieved: rate === 5000 ? rate * held : rate,
    micros,
    ladder: LADDER,
    spreads: [0.95, 1, 1.05],
    usage: { allocatedBytesPerRequest: allocated, ...GC },
  })
}

/** The non-blocking target started from an AOT cache, at 5,000 req/s only: 5 µs and 500 bytes a request. */
function aotCell() {
  return {
    ...cell(['non-blocking', 5, 500, 1], 5000),
    jvmMode: 'aot-cache',
    jvmModeFlags: ['-XX:AOTCacheOutput=/tmp/podium-aot-c/cost.aot', '-XX:AOTCache=/tmp/podium-aot-c/cost.aot'],
    aotTraining: { seconds: 12.5, cacheBytes: 41943040 },
  }
}

function runPayload() {
  return payload({
    schemaVersion: 2,
    runId: RUN_ID,
    startedAt: '2026-10-01T08:00:00Z',
    finishedAt: '2026-10-01T08:10:00Z',
    loadGenerator: { tool: 'wrk', version: '4.2.0', openLoopTool: 'fortio', openLoopVersion: '1.69.0' },
    host: smallHost('bench-framework-cost', 'Framework Cost CPU @ 2.00GHz'),
    jvm: JVM_25,
    results: [...RATES.flatMap((rate) => TARGETS.map((t) => cell(t, rate))), aotCell()],
  })
}

const rates = (q) => fetch(`${base}/api/cost/rates?framework=${encodeURIComponent(FRAMEWORK)}${q}`)
before(() => submit(base, runPayload(), async () => (await (await rates('')).json()).rates?.length === 3))
const DEVICES = devices()

async function costTable(browser) {
  const page = await openPage(browser, `${base}/frameworks/cost-page-test`)
  await page.waitForFunction(() => document.querySelectorAll('#framework-cost-table tbody tr').length === 6)
  return page
}
const row = (page, io, rate) => page.locator(`#framework-cost-table tbody tr[data-io="${io}"][data-rate="${rate}"]`)
const text = async (locator) => (await locator.textContent()).replace(/\s+/g, ' ').trim()

describe('the framework page’s cost at a fixed load', () => {
  for (const [name, browser] of DEVICES) {
    test(`${name}: each target's CPU per request at every rate, with its interval, and its allocation`, async () => {
      const page = await costTable(browser())
      for (const rate of RATES) {
        // three repeats at 0.95, 1 and 1.05 times 8 µs: the mean of their requests per CPU-second, inverted, is 8.0 µs
        const nb = row(page, 'non-blocking', rate)
        assert.match(await text(nb.locator('td.micros')), /^8\.0 µs/)
        assert.match(await text(nb.locator('td.micros .interval')), /^95% CI 7\.\d µs – [89]\.\d µs$/)
        assert.equal(await text(nb.locator('td.allocation')), '600 B')
        const vt = row(page, 'virtual-threads', rate)
        assert.match(await text(vt.locator('td.micros')), /^16\.0 µs/)
        assert.match(await text(vt.locator('td.micros .interval')), /^95% CI 1\d\.\d µs – 1\d\.\d µs$/)
        assert.equal(await text(vt.locator('td.allocation')), '1.5 KiB')
        assert.equal(await nb.locator('td.micros').isVisible(), true)
        assert.equal(await nb.locator('td.allocation').isVisible(), true)
      }
      // the rate the virtual-threads target did not hold says so
      assert.equal(await row(page, 'virtual-threads', 5000).locator('[data-flag="rate-not-held"]').count(), 1)
      assert.equal(await row(page, 'non-blocking', 5000).locator('.flag').count(), 0)
      // each rate links to its "cost at N req/s" ranking on the board
      assert.match(
        await row(page, 'non-blocking', 3000).locator('a').getAttribute('href'),
        /^\/leaderboard\/plaintext\?loadModel=open&targetRate=3000&rank=cpu&hostClass=Framework/,
      )
      assert.equal(await fitsWidth(page), true)
      await page.close()
    })
  }

  test('the cost view reads one JVM mode: the AOT cache’s cost cells, then the default’s', async () => {
    const { hostClass } = await (await rates('')).json()
    const page = await openPage(
      DEVICES[0][1](),
      `${base}/cost?hostClass=${encodeURIComponent(hostClass)}&jvmMode=aot-cache`,
    )
    const table = page.locator('#cost-at-rate-table')
    await page.waitForFunction(() => document.querySelectorAll('#cost-at-rate-table tbody tr').length === 1)
    assert.equal(await page.locator('select[name=jvmMode]').inputValue(), 'aot-cache')
    // the AOT cache measured one rate: the only one offered
    assert.deepEqual(await page.locator('select[name=targetRate] option').allTextContents(), ['5,000 req/s'])
    assert.equal(await text(table.locator('tbody td.micros')), '5.0 µs')
    assert.match(await page.locator('a.cost-board-link').getAttribute('href'), /jvmMode=aot-cache/)

    await page.locator('select[name=jvmMode]').selectOption('default')
    await page.waitForFunction(() => !location.search.includes('jvmMode'))
    await page.waitForFunction(() => document.querySelectorAll('#cost-at-rate-table tbody tr').length === 2)
    assert.equal(await page.locator('select[name=targetRate] option').count(), 3)
    assert.equal(await text(table.locator('tbody tr').first().locator('td.micros')), '8.0 µs')
    await page.close()
  })

  test('while another rate loads, the cost table’s caption stays that of the rows it shows', async () => {
    const { hostClass } = await (await rates('')).json()
    const page = await openPage(DEVICES[0][1](), `${base}/cost?hostClass=${encodeURIComponent(hostClass)}`)
    const caption = page.locator('#cost-at-rate-table caption')
    await page.waitForFunction(() => document.querySelectorAll('#cost-at-rate-table tbody tr').length === 2)
    assert.match(await text(caption), /^Cost at 5,000 req\/s offered/)
    // hold the answer of the 1,000 req/s ranking until the caption has been read
    let release
    const held = new Promise((ok) => (release = ok))
    await page.route(/\/api\/leaderboard\?.*targetRate=1000/, async (route) => {
      await held
      await route.continue()
    })
    await page.locator('select[name=targetRate]').selectOption('1000')
    await page.waitForTimeout(300) // the select's change has rendered; the rows are still 5,000's
    assert.match(await text(caption), /^Cost at 5,000 req\/s offered/)
    assert.match(await text(page.locator('#cost-at-rate-table tbody tr').first().locator('td.achieved')), /\(100%\)/)
    release()
    await page.waitForFunction(() =>
      /^Cost at 1,000 req\/s/.test(document.querySelector('#cost-at-rate-table caption')?.textContent?.trim() ?? ''),
    )
    // at 1,000 req/s both targets held their rate
    assert.deepEqual(
      (await page.locator('#cost-at-rate-table tbody td.achieved').allTextContents()).map((t) =>
        t.replace(/\s+/g, ' ').trim(),
      ),
      ['1,000 (100%)', '1,000 (100%)'],
    )
    await page.close()
  })

  test('a framework measured at no fixed rate shows no cost section', async () => {
    const page = await openPage(DEVICES[0][1](), `${base}/frameworks/netty`)
    await page.locator('h1').waitFor()
    await page.waitForLoadState('networkidle')
    assert.equal(await page.locator('#framework-cost-table').count(), 0)
    await page.close()
  })
})
