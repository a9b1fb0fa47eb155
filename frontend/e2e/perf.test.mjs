// Rendering load test: the history chart with 100 frameworks' worth of series x 365 daily points.
// This is the one place a backend answer is replaced: seeding 36,500 signed runs would take longer than the whole
// suite, and what is measured here is the browser's rendering, not the API. Every other test uses the real answers.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { base } from './base.mjs'
import { browserFor } from './devices.mjs'

function bigHistory(series = 100, days = 365) {
  const start = Date.parse('2025-11-01T00:00:00Z')
  return {
    series: Array.from({ length: series }, (_, s) => ({
      hostClass: `CPU ${s} · 4 vCPU · 16 GiB`,
      vcpus: 2,
      framework: 'Netty',
      ioModel: 'non-blocking',
      points: Array.from({ length: days }, (_, d) => ({
        runId: `00000000-0000-4000-8000-${String(s * 1000 + d).padStart(12, '0')}`,
        startedAt: new Date(start + d * 86_400_000).toISOString(),
        throughput: 100000 + s * 500 + Math.sin(d / 9) * 4000,
        ciLow: null,
        ciHigh: null,
        connections: 256,
        frameworkVersion: '4.2.7.Final',
        jvmVendor: 'Eclipse Adoptium',
        jvmVersion: '21.0.5',
        regression: d === days - 1 && s % 10 === 0,
        regressionDetail: d === days - 1 && s % 10 === 0 ? 'synthetic' : null,
      })),
    })),
  }
}

const browser = browserFor()

test('the history chart stays responsive with 100 series x 365 days', async () => {
  const page = await browser.context.newPage()
  const body = JSON.stringify(bigHistory())
  await page.route('**/api/history?**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body }),
  )
  await page.addInitScript(() => {
    window.__longest = 0
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration)
    }).observe({ type: 'longtask', buffered: true })
  })
  const t0 = Date.now()
  await page.goto(`${base}/history?scenario=plaintext&target=Netty%7Cnon-blocking`)
  await page.locator('.chart svg').first().waitFor({ timeout: 30_000 })
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))))
  const rendered = Date.now() - t0
  // Zoom with the wheel on the chart, then check the page still answers input quickly.
  const box = await page.locator('.chart svg').first().boundingBox()
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  const t1 = Date.now()
  for (let i = 0; i < 5; i++) await page.mouse.wheel(0, -200)
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))))
  const zoomed = Date.now() - t1
  const longest = await page.evaluate(() => window.__longest)
  console.log(
    `# history 100x365: first render ${rendered} ms, 5 wheel zooms ${zoomed} ms, longest task ${longest.toFixed(0)} ms`,
  )
  assert.ok(rendered < 15_000, `first render took ${rendered} ms`)
  assert.ok(zoomed < 5_000, `zooming took ${zoomed} ms`)
  assert.ok(longest < 3_000, `a task blocked the page for ${longest} ms`)
  await page.close()
})
