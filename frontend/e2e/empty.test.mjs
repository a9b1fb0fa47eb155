// Before any run is stored (run.mjs starts these before it seeds): every view says what is missing and why, in a
// visitor's words: no operator command (make run, podium-agent and its flags, environment variables).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { base } from './base.mjs'
import { browserFor } from './devices.mjs'

const NO_RUNS =
  /No results have been published here yet: the board fills once a benchmark agent sends its first signed run/
const OPERATOR = /make run|podium-agent|--[a-z]|PODIUM_|apt-get/

const browser = browserFor()

for (const [path, expected] of [
  ['/leaderboard/plaintext', NO_RUNS],
  ['/leaderboard/proxy', NO_RUNS],
  ['/cost', NO_RUNS],
  ['/scaling', NO_RUNS],
  ['/latency', NO_RUNS],
  ['/history', NO_RUNS],
  ['/compare', NO_RUNS],
  ['/calculator', NO_RUNS],
  ['/runs', NO_RUNS],
  // no filter is set: what a series needs before a change can be found, and not a word of filters
  [
    '/changes',
    /No change point has been found yet\. A change is found in a series .* at least 4 runs, 3 before the change and at least 1 after, and the step is at least 5%/,
  ],
  ['/snapshots', /No snapshot has been frozen yet/],
  ['/frameworks', /No framework has results here yet/],
]) {
  test(`${path} says what is missing without an operator command`, async () => {
    const page = await browser.context.newPage()
    const errors = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(`${base}${path}`)
    const state = page.locator('.state', { hasText: expected }).first()
    await state.waitFor({ timeout: 15_000 })
    const text = await page.locator('main').textContent()
    assert.doesNotMatch(text, OPERATOR, `${path}: ${text}`)
    if (path === '/changes') assert.doesNotMatch(await state.textContent(), /filter/)
    assert.deepEqual(errors, [])
    await page.close()
  })
}
