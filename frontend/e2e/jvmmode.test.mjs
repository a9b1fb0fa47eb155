// Browser tests of the JVM mode axis (issue 28 item 4): a signed v2 run measures one framework in both JVM modes,
// default and aot-cache (started from an AOT cache). The framework page sets the two modes side by side (first
// response, idle memory, time to peak, throughput), the run page says which cell was started from the cache, and
// the board reads one mode at a time through its JVM mode filter; on a desktop and on a 390 px phone. Runs after the
// others (e2e/run.mjs): it adds a run, older than the newest, so the default board stays as they expect it.
import assert from 'node:assert/strict'
import { before, describe, test } from 'node:test'
import { fitsWidth, openPage } from './browser.mjs'
import { devices } from './devices.mjs'
import { JVM_25, payload, smallCell, smallHost, smallRepeat, submit, warmupWindows } from './seed.mjs'
import { base } from './base.mjs'

const RUN_ID = '7f000001-0000-4000-8000-0000000008a0'
const FRAMEWORK = 'Aot Test'

function cell(mode, firstResponseMs, idleRssBytes, mean, windows) {
  const c = smallCell(FRAMEWORK, 'non-blocking', {
    warmup: 'full',
    startup: { firstResponseMs, idleRssBytes },
    repeats: [-1, 0, 1].map((k) => smallRepeat(mean + k * 100)),
    ...warmupWindows(windows),
  })
  if (mode === 'aot-cache') {
    c.jvmMode = 'aot-cache'
    c.jvmModeFlags = [
      '-XX:AOTCacheOutput=/tmp/podium-aot-x/aot-test.aot',
      '-XX:AOTCache=/tmp/podium-aot-x/aot-test.aot',
    ]
    c.aotTraining = { seconds: 14.2, cacheBytes: 41943040 }
  }
  return c
}

function runPayload() {
  return payload({
    schemaVersion: 2,
    runId: RUN_ID,
    startedAt: '2026-11-10T08:00:00Z',
    finishedAt: '2026-11-10T08:10:00Z',
    host: smallHost('bench-aot', 'Aot Test CPU @ 2.00GHz', { os: 'Debian GNU/Linux 13', kernel: '6.12.0-1-amd64' }),
    jvm: JVM_25,
    results: [
      // default: 612 ms to the first response, 95% of steady state first reached by the fourth window (8 s)
      cell('default', 612.4, 98_566_144, 50000, [
        [15000, 0.7],
        [30000, 0.4],
        [45000, 0.1],
        [48000, 0.02],
        [49500, 0.01],
      ]),
      // aot-cache: 302 ms, steady from the second window (4 s)
      cell('aot-cache', 301.6, 104_857_600, 51500, [
        [40000, 0.2],
        [50000, 0.05],
        [51000, 0.02],
      ]),
    ],
  })
}

let hostClass
before(async () => {
  await submit(base, runPayload())
  hostClass = (await (await fetch(`${base}/api/runs/${RUN_ID}`)).json()).host.hostClass
})
const DEVICES = devices()

const open = (browser, path) => openPage(browser, `${base}${path}`)

async function noSidewaysScroll(page) {
  assert.ok(await fitsWidth(page), 'the page does not scroll sideways')
}

for (const [name, browser] of DEVICES) {
  describe(`JVM mode, ${name}`, () => {
    test('the framework page sets the default JVM and the AOT cache side by side', async () => {
      const page = await open(browser(), '/frameworks/aot-test')
      const box = page.locator('.framework-jvm-modes .jvm-mode[data-scenario="plaintext"]')
      await box.locator('tbody tr').nth(3).waitFor()
      const figure = async (key) =>
        (await box.locator(`tr[data-figure="${key}"] td`).allTextContents()).map((t) => t.trim())
      assert.deepEqual(await figure('firstResponse'), ['612 ms', '302 ms', '-50.8%'])
      assert.deepEqual(await figure('idleRss'), ['98.6 MB', '104.9 MB', '+6.4%'])
      assert.deepEqual(await figure('timeToPeak'), ['8.0 s', '4.0 s', '-50.0%'])
      assert.deepEqual(await figure('throughput'), ['50,000', '51,500', '+3.0%'])
      assert.ok(await box.locator('td.change.better').first().isVisible())
      await noSidewaysScroll(page)
      await page.close()
    })

    test('the run page says which cell was started from the AOT cache', async () => {
      const page = await open(browser(), `/runs/${RUN_ID}`)
      await page.locator('#cells-table tbody tr').nth(1).waitFor()
      assert.deepEqual(await page.locator('#cells-table .jvm-mode').allTextContents(), ['AOT cache'])
      assert.match(
        await page.locator('#cells-table .jvm-mode').getAttribute('title'),
        /-XX:AOTCache=\/tmp\/podium-aot-x\/aot-test\.aot/,
      )
      await noSidewaysScroll(page)
      await page.close()
    })

    test('the board reads one JVM mode at a time, the default unless the filter says otherwise', async () => {
      const hc = encodeURIComponent(hostClass)
      const page = await open(browser(), `/leaderboard/plaintext?hostClass=${hc}`)
      const row = page.locator('#leaderboard-table tbody tr').first()
      await row.waitFor()
      assert.match(await row.textContent(), /Aot Test/)
      assert.match(await row.textContent(), /50,000/)
      assert.doesNotMatch(await row.textContent(), /51,500/)
      await page.goto(`${base}/leaderboard/plaintext?hostClass=${hc}&jvmMode=aot-cache`)
      await page.locator('#leaderboard-table tbody tr').first().waitFor()
      await page.waitForFunction(() =>
        document.querySelector('#leaderboard-table tbody tr')?.textContent?.includes('51,500'),
      )
      if (name === 'desktop') {
        assert.equal(await page.locator('select[name="jvmMode"]').inputValue(), 'aot-cache')
      }
      await page.close()
    })
  })
}
