// What the home page costs: it fetches only what it shows (the board, and of its newest run the host summary, never
// the whole run with its envelope), and its scripts come compressed and cached for a year.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { base } from './base.mjs'
import { browserFor } from './devices.mjs'

const browser = browserFor()

describe('the home page', () => {
  test('reads the line about its host from the run host summary, not the whole run', async () => {
    const page = await browser.context.newPage()
    const runReads = []
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname
      if (path.startsWith('/api/runs')) runReads.push(path)
    })
    await page.goto(`${base}/`)
    const line = page.locator('.board-host')
    await line.waitFor()
    assert.match(await line.textContent(), /^\s*Figures from .+, \d+ vCPUs?; each target pinned to \d+ vCPU/)
    assert.match(await line.textContent(), /\d+ repeats? of [\d.]+ s/)
    assert.ok(runReads.length > 0, 'the host line reads its run')
    for (const path of runReads) assert.match(path, /^\/api\/runs\/[0-9a-f-]{36}\/host$/)
    const runLink = await line.getByRole('link').getAttribute('href')
    assert.equal(runReads[0], `/api${runLink}/host`)
    await page.close()
  })

  test('its scripts and style sheets come compressed, hashed and cached for a year; the page is revalidated', async () => {
    const page = await browser.context.newPage()
    const assets = []
    let shell
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname
      if (/^\/assets\/.+\.(js|css)$/.test(path)) assets.push([path, r.headers()])
      if (path === '/') shell = r.headers()
    })
    await page.goto(`${base}/`)
    await page.locator('#leaderboard-table tbody tr').first().waitFor()
    assert.ok(assets.length > 3, `${assets.length} assets`)
    for (const [path, headers] of assets) {
      assert.equal(headers['cache-control'], 'public, max-age=31536000, immutable', path)
      assert.match(headers['vary'] ?? '', /accept-encoding/i, path)
      // br for Chromium (it asks for br from loopback too), gzip for a browser that takes only that; the build
      // compresses every file that compression makes smaller, which leaves a few of about 100 bytes plain
      if (!headers['content-encoding']) assert.ok(Number(headers['content-length']) < 128, `${path} sent plain`)
      else assert.match(headers['content-encoding'], /^(br|gzip)$/, path)
    }
    assert.equal(shell['cache-control'], 'no-cache')
    await page.close()
  })
})
