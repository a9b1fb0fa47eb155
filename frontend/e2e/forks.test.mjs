// Browser tests of intervals and the JVM starts they span (issue 25): a signed v2 run measures one framework over three
// JVM starts and another in one start. Every page that shows an interval says which it is, in one wording ("−2.0% /
// +2.1% (3 starts)", "−0.8% / +0.8% (one start: between-start noise not included)"): the board, scaling, latency,
// history, compare, framework and run pages, on a desktop and on a 390 px phone. The cost intervals (cost view, run
// page) say that they are over the repeats of one run, and the badge says how many starts its interval spans. The
// figures are the service's: each shown pair of bounds is recomputed from the answer the page read. Runs after the others (e2e/run.mjs): its run is the newest until
// warmup.test.mjs adds its own, and so the framework page's default board.
import assert from 'node:assert/strict'
import { before, describe, test } from 'node:test'
import { openPage } from './browser.mjs'
import { devices } from './devices.mjs'
import { JVM_25, payload, smallCell, smallHost, smallRepeat, startedAgo, submit } from './seed.mjs'
import { base } from './base.mjs'

const RUN_ID = '7f000001-0000-4000-8000-0000000009f0'
const MULTI = 'Forks Multi'
const SINGLE = 'Forks Single'
const CPU = 'Forks Test CPU @ 2.20GHz'
const ONE_START = 'one start: between-start noise not included'

/** A cell of `framework` whose repeats are each start's mean - 100, mean, mean + 100 (fork named when several). */
function cell(framework, ioModel, starts) {
  return smallCell(framework, ioModel, {
    repeats: starts.flatMap((mean, fork) =>
      [-100, 0, 100].map((d) => ({ ...(starts.length > 1 ? { fork } : {}), ...smallRepeat(mean + d) })),
    ),
  })
}

function runPayload() {
  return payload({
    schemaVersion: 2,
    runId: RUN_ID,
    ...startedAgo(2 * 3_600_000),
    profile: 'nightly',
    host: smallHost('bench-forks', CPU),
    jvm: JVM_25,
    // three starts 6% apart, and one start whose repeats agree as closely: the one-start interval is the narrower
    results: [cell(MULTI, 'non-blocking', [50000, 53000, 47000]), cell(SINGLE, 'blocking', [40000])],
  })
}

/** "−2.0% / +2.1%" from a figure and its interval, as lib/interval computes it. */
const pm = (value, low, high) =>
  `−${(((value - low) / value) * 100).toFixed(1)}% / +${(((high - value) / value) * 100).toFixed(1)}%`

let hostClass
let board
let cells
before(async () => {
  await submit(base, runPayload())
  const run = await (await fetch(`${base}/api/runs/${RUN_ID}`)).json()
  hostClass = run.host.hostClass
  cells = Object.fromEntries(run.cells.map((c) => [c.framework, c]))
  board = await (
    await fetch(`${base}/api/leaderboard?scenario=plaintext&hostClass=${encodeURIComponent(hostClass)}&vcpus=1`)
  ).json()
})
const DEVICES = devices()

/** The expected wording of each framework's interval on the board: from the service's own row. */
function expected(framework) {
  const r = board.rows.find((x) => x.framework === framework)
  assert.ok(r, `${framework} is on its host class's board`)
  return `${pm(r.slaThroughput ?? r.bestThroughput, r.ciLow, r.ciHigh)} (${r.forks > 1 ? `${r.forks} starts` : ONE_START})`
}

/** The text of every interval note the visitor can see inside `scope` (hidden columns and phone-only spans left out). */
function shownIntervals(page, scope) {
  return page
    .locator(`${scope} [data-interval]`)
    .evaluateAll((els) => els.filter((e) => e.getClientRects().length > 0).map((e) => e.textContent.trim()))
}

for (const [device, browser] of DEVICES) {
  describe(`intervals say how many JVM starts they span (${device})`, () => {
    test('the service stores three starts for one cell and one for the other', () => {
      assert.equal(cells[MULTI].stats.forks, 3)
      assert.equal(cells[SINGLE].stats.forks, 1)
      assert.deepEqual(
        board.rows.map((r) => [r.framework, r.forks]),
        [
          [MULTI, 3],
          [SINGLE, 1],
        ],
      )
    })

    test('the board', async () => {
      const page = await openPage(
        browser(),
        `${base}/leaderboard/plaintext?hostClass=${encodeURIComponent(hostClass)}&vcpus=1`,
      )
      await page.waitForSelector(`#leaderboard-table tr[data-framework="${SINGLE}"]`)
      assert.deepEqual(await shownIntervals(page, `tr[data-framework="${MULTI}"]`), [expected(MULTI)])
      assert.deepEqual(await shownIntervals(page, `tr[data-framework="${SINGLE}"]`), [expected(SINGLE)])
      await page.close()
    })

    test('the run page', async () => {
      const page = await openPage(browser(), `${base}/runs/${RUN_ID}`)
      await page.waitForSelector('#cells-table tbody tr')
      const shown = await shownIntervals(page, '#cells-table tbody')
      const s = (c) => `${pm(c.stats.rpsTrimmedMean, c.stats.rpsCiLow, c.stats.rpsCiHigh)}`
      assert.deepEqual(shown.sort(), [`${s(cells[MULTI])} (3 starts)`, `${s(cells[SINGLE])} (${ONE_START})`].sort())
      await page.close()
    })

    test('scaling, latency and history', async () => {
      const hc = encodeURIComponent(hostClass)
      const scaling = await openPage(browser(), `${base}/scaling?scenario=plaintext&hostClass=${hc}`)
      await scaling.waitForSelector('table tbody tr')
      const perVcpu = await shownIntervals(scaling, 'table tbody')
      assert.equal(perVcpu.length, 2, perVcpu.join(' | '))
      assert.ok(perVcpu.some((t) => t.endsWith('(3 starts)')) && perVcpu.some((t) => t.endsWith(`(${ONE_START})`)))
      await scaling.close()

      const latency = await openPage(browser(), `${base}/latency?scenario=plaintext&hostClass=${hc}&vcpus=1`)
      await latency.waitForSelector('table tbody tr')
      assert.deepEqual((await shownIntervals(latency, 'table tbody')).sort(), ['3 starts', ONE_START].sort())
      await latency.close()

      for (const [target, note] of [
        [`${MULTI}|non-blocking`, '(3 starts)'],
        [`${SINGLE}|blocking`, `(${ONE_START})`],
      ]) {
        const history = await openPage(
          browser(),
          `${base}/history?scenario=plaintext&target=${encodeURIComponent(target)}&hostClass=${hc}`,
        )
        await history.waitForSelector('table tbody tr')
        const shown = await shownIntervals(history, 'table tbody')
        assert.equal(shown.length, 1, shown.join(' | '))
        assert.match(shown[0], /^−[\d.]+% \/ \+[\d.]+% /)
        assert.ok(shown[0].endsWith(note), shown[0])
        await history.close()
      }
    })

    test('compare says which side rests on one start', async () => {
      const q = `mode=cells&runA=${RUN_ID}&cellA=${cells[MULTI].id}&runB=${RUN_ID}&cellB=${cells[SINGLE].id}`
      const page = await openPage(browser(), `${base}/compare?${q}`)
      await page.locator('#compare-verdict').waitFor()
      assert.match(
        await page.locator('#compare-one-start').textContent(),
        new RegExp(`^${SINGLE} rests on one JVM start: .* not the larger spread between starts\\.$`),
      )
      const shown = await shownIntervals(page, 'main')
      assert.ok(shown.includes(`A: 3 starts; B: ${ONE_START}`), shown.join(' | '))
      assert.ok(shown.includes('3 starts') && shown.includes(ONE_START), shown.join(' | '))
      await page.close()
    })

    test('the cost view and the run page say that a cost interval is over one run’s repeats', async () => {
      const hc = encodeURIComponent(hostClass)
      const costBoard = await (
        await fetch(`${base}/api/leaderboard?scenario=plaintext&hostClass=${hc}&vcpus=1&rank=cpu`)
      ).json()
      const note = (forks) =>
        forks > 1
          ? 'over the repeats of one run, its starts pooled: between-start noise not counted'
          : 'over the repeats of one start'
      const page = await openPage(browser(), `${base}/cost?scenario=plaintext&hostClass=${hc}&vcpus=1`)
      await page.waitForSelector(`#cost-table tr[data-framework="${SINGLE}"]`)
      for (const framework of [MULTI, SINGLE]) {
        const r = costBoard.rows.find((x) => x.framework === framework)
        const cpu = r.requestsPerCpuSecond
        const mem = r.rssMbPerKrps
        const words = [
          `${pm(cpu.mean, cpu.ciLow, cpu.ciHigh)} ${note(r.forks)}`,
          `${pm(mem.mean, mem.ciLow, mem.ciHigh)} ${note(r.forks)}`,
        ]
        const shown = await shownIntervals(page, `#cost-table tr[data-framework="${framework}"]`)
        // the 95% CI columns are the desktop's (a phone shows the figures alone): no interval without its basis
        assert.deepEqual(shown, device === 'desktop' ? words : [], `${framework}: ${shown.join(' | ')}`)
      }
      assert.match(
        await page.locator('#cost-table caption').textContent(),
        /over the repeats of each framework’s newest run, not across runs/,
      )
      await page.close()

      const run = await openPage(browser(), `${base}/runs/${RUN_ID}`)
      await run.waitForSelector('#cells-table tbody tr')
      for (const framework of [MULTI, SINGLE]) {
        const f = cells[framework].stats.requestsPerCpuSecond
        const title = await run
          .locator(`#cells-table tbody tr:has-text("${framework}") td.cost-cpu`)
          .getAttribute('title')
        assert.ok(
          title.endsWith(`, ${pm(f.mean, f.ciLow, f.ciHigh)} ${note(cells[framework].stats.forks)}`),
          `${framework}: ${title}`,
        )
      }
      await run.close()
    })

    test('the badge says how many starts its interval spans', async () => {
      const page = await openPage(browser(), `${base}/frameworks/forks-multi`)
      const img = page.locator('.scenario[data-scenario="plaintext"] .badge img')
      await img.waitFor()
      const svg = await (await fetch(new URL(await img.getAttribute('src'), base))).text()
      const r = board.rows.find((x) => x.framework === MULTI)
      // the interval is on the log scale: down to ciLow and up to ciHigh, not symmetric
      const figure = r.slaThroughput ?? r.bestThroughput
      const down = (((figure - r.ciLow) / figure) * 100).toFixed(1)
      const up = (((r.ciHigh - figure) / figure) * 100).toFixed(1)
      const pmText = `-${down}%/+${up}%`
      assert.match(
        svg,
        new RegExp(
          `<text [^>]*>rank [\\d-]+ of \\d+ · [\\d.]+k req/s ${pmText.replaceAll('.', '\\.').replace('+', '\\+')} \\(3 starts\\) [↑↓→]</text>`,
        ),
      )
      assert.match(
        svg,
        new RegExp(
          `<title>[^<]*\\. ${pmText.replaceAll('.', '\\.').replace('+', '\\+')} is its 95% interval over 3 JVM starts: the noise between starts is in it</title>`,
        ),
      )
      await page.close()
    })

    test('the framework page', async () => {
      const page = await openPage(browser(), `${base}/frameworks/forks-multi`)
      const figure = page.locator('.scenario[data-scenario="plaintext"] .figure')
      await figure.first().waitFor()
      assert.deepEqual(await shownIntervals(page, '.scenario[data-scenario="plaintext"] .figure'), [expected(MULTI)])
      assert.match(
        await figure.first().textContent(),
        /95% CI [\d,]+–[\d,]+, −[\d.]+% \/ \+[\d.]+% \(3 starts\), 9 repeats/,
      )
      await page.close()
    })
  })
}
