// Browser tests of the warm-up curve and the raw output (issue 28): a signed v2 run, the newest of all (so its host
// class is the board's default), measures one framework whose cells keep every warm-up window and the load
// generator's raw output. The run page draws the curve, gives each cell's time to peak and links the raw output, which
// downloads byte for byte as signed; the framework page draws the curve; the board has a time-to-peak column; on a
// desktop and on a 390 px phone. Runs after the others (e2e/run.mjs): it adds a run and moves the default board.
import assert from 'node:assert/strict'
import { gzipSync } from 'node:zlib'
import { before, describe, test } from 'node:test'
import { fitsWidth, openPage } from './browser.mjs'
import { devices } from './devices.mjs'
import { JVM_25, payload, smallCell, smallHost, smallRepeat, startedAgo, submit, warmupWindows } from './seed.mjs'
import { base } from './base.mjs'

const RUN_ID = '7f000001-0000-4000-8000-0000000007a0'
const FRAMEWORK = 'Warm Test'
const RAW_TEXT =
  '== warm-up window 1: taskset -c 1 wrk -t 1 -c 64 -d 2s -s report.lua http://127.0.0.1:40000/plaintext\n' +
  'Running 2s test @ http://127.0.0.1:40000/plaintext\nRequests/sec:  40000.00\n' +
  '== repeat 1: taskset -c 1 wrk -t 1 -c 64 -d 4s -s report.lua http://127.0.0.1:40000/plaintext\n' +
  'Requests/sec: 100000.00\n'
const RAW = gzipSync(Buffer.from(RAW_TEXT, 'utf8'))

function cell(connections, warmup, windows, mean) {
  return smallCell(FRAMEWORK, 'non-blocking', {
    connections,
    warmup,
    repeats: [-1, 0, 1].map((k) => smallRepeat(mean + k * 100)),
    ...warmupWindows(windows),
    rawOutput: RAW.toString('base64'),
  })
}

function runPayload() {
  return payload({
    schemaVersion: 2,
    runId: RUN_ID,
    ...startedAgo(3_600_000),
    host: smallHost('bench-warm', 'Warm Test CPU @ 2.00GHz'),
    jvm: JVM_25,
    results: [
      // steady 100,000 (the repeats' trimmed mean); 95% first reached by the fourth window: 4 x 2 s = 8 s
      cell(
        64,
        'full',
        [
          [30000, 0.7],
          [60000, 0.4],
          [90000, 0.1],
          [97000, 0.02],
          [99000, 0.01],
        ],
        100000,
      ),
      // a further concurrency of the same start: only checked, no time to peak
      cell(
        256,
        'check',
        [
          [101000, 0.01],
          [100500, 0.01],
        ],
        101000,
      ),
    ],
  })
}

before(async () => {
  await submit(base, runPayload(), async () => {
    const curves = await (await fetch(`${base}/api/runs/${RUN_ID}/warmup`)).json()
    const board = await (await fetch(`${base}/api/leaderboard?scenario=plaintext`)).json()
    return curves.items?.length === 2 && board.rows?.[0]?.framework === FRAMEWORK
  })
})
const DEVICES = devices()

const open = (browser, path) => openPage(browser, `${base}${path}`)

for (const [name, browser] of DEVICES) {
  describe(`warm-up and raw output, ${name}`, () => {
    test('the run page draws the curve, gives each time to peak and downloads the raw output as signed', async () => {
      const page = await open(browser(), `/runs/${RUN_ID}`)
      const section = page.locator('.run-warmup')
      await section.locator('.chart svg').first().waitFor()
      assert.match(
        await section.locator('figure .chart').first().getAttribute('aria-label'),
        /Warm-up curves, plaintext/,
      )
      await section.locator('#warmup-table tbody tr').nth(1).waitFor()
      assert.deepEqual(await section.locator('#warmup-table tbody td.time-to-peak').allTextContents(), [
        '8.0 s',
        'checked, already steady',
      ])
      const link = section.locator('a.raw-download')
      assert.equal(await link.getAttribute('href'), `/api/runs/${RUN_ID}/raw`)
      assert.ok(await link.isVisible())
      const box = await link.boundingBox()
      const width = await page.evaluate(() => window.innerWidth)
      assert.ok(box && box.x >= 0 && box.x + box.width <= width + 1, `the link is on screen: ${JSON.stringify(box)}`)
      // what the link serves: each cell's gzip stream exactly as the signed payload carried it, one after the other
      const body = await page.evaluate(
        async (href) => {
          const res = await fetch(href)
          return { type: res.headers.get('content-type'), bytes: [...new Uint8Array(await res.arrayBuffer())] }
        },
        await link.getAttribute('href'),
      )
      assert.equal(body.type, 'application/gzip')
      assert.deepEqual(Buffer.from(body.bytes), Buffer.concat([RAW, RAW]))
      assert.ok(await fitsWidth(page), 'the page does not scroll sideways')
      await page.close()
    })

    test('the framework page draws the curve with its time to peak', async () => {
      const page = await open(browser(), '/frameworks/warm-test')
      const warm = page.locator('.framework-warmup[data-scenario="plaintext"]')
      await warm.locator('.chart svg').first().waitFor()
      assert.match(await warm.locator('.time-to-peak').first().textContent(), /non-blocking 8\.0 s/)
      await page.close()
    })

    test('the board shows the time to peak', async () => {
      const page = await open(browser(), '/leaderboard/plaintext')
      const row = page.locator('#leaderboard-table tbody tr').first()
      await row.waitFor()
      assert.match(await row.locator('th').first().textContent(), /Warm Test/)
      if (name === 'desktop') {
        await page.getByRole('checkbox', { name: 'Show every column' }).check() // the column waits behind it
        assert.equal((await row.locator('td.time-to-peak').textContent()).trim(), '8.0 s')
      } else {
        // on a phone the column folds away and the figure goes under the framework's name
        assert.equal(await row.locator('td.time-to-peak').isVisible(), false)
        const folded = row.locator('.peak-narrow')
        assert.equal(await folded.isVisible(), true)
        assert.equal((await folded.textContent()).trim(), 'peak after 8.0 s')
        assert.equal(await fitsWidth(page), true)
      }
      await page.close()
    })
  })
}
