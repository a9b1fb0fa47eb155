// Before any run is stored (run.mjs starts these before it seeds): every view says so in words.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { launch } from './browser.mjs'

const base = process.env.PODIUM_E2E_URL
if (!base) throw new Error('PODIUM_E2E_URL is not set: run the browser tests with `npm run test:browser`')

let browser
before(async () => {
  browser = await launch()
})
after(async () => {
  await browser?.close()
})

for (const path of [
  '/leaderboard/plaintext',
  '/cost',
  '/scaling',
  '/latency',
  '/history',
  '/compare',
  '/calculator',
  '/runs',
]) {
  test(`${path} says there are no runs yet, and how to make one`, async () => {
    const page = await browser.context.newPage()
    const errors = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(`${base}${path}`)
    await page.getByText('No runs yet: run').first().waitFor({ timeout: 15_000 })
    assert.match(await page.locator('.state').first().textContent(), /No runs yet: run\s*make run/)
    assert.deepEqual(errors, [])
    await page.close()
  })
}
