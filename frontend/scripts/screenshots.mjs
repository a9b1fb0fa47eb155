// Screenshots of every view, desktop (1366x900) and phone (390x844), into docs/, against a seeded backend.
// PODIUM_E2E_URL=<a seeded backend> reuses one (e.g. `node e2e/serve.mjs`); otherwise one is started and seeded.
import { mkdirSync, statSync } from 'node:fs'
import { launch } from '../e2e/browser.mjs'
import { LATEST_RUN_ID } from '../e2e/seed.mjs'

const VIEWS = [
  ['leaderboard', '/leaderboard/plaintext', '#leaderboard-table'],
  ['scaling', '/scaling?scenario=plaintext', 'canvas'],
  ['latency', '/latency?scenario=plaintext', 'canvas'],
  ['history', '/history?scenario=plaintext&target=Netty%7Cnon-blocking', 'canvas'],
  ['run', `/runs/${LATEST_RUN_ID}`, '#cells-table'],
  ['compare', '/compare?scenario=plaintext&a=Spring%20MVC%7Cblocking&b=Netty%7Cnon-blocking', '#compare-verdict'],
  [
    'calculator',
    '/calculator?scenario=plaintext&from=Spring%20MVC%7Cblocking&to=Netty%7Cnon-blocking&servers=10&current=10000&required=30000',
    '#servers-saved',
  ],
]
const MAX_BYTES = 300 * 1024
const SIZES = [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
]

let backend = null
let base = process.env.PODIUM_E2E_URL
if (!base) {
  const { startBackend } = await import('../e2e/backend.mjs')
  const { seed } = await import('../e2e/seed.mjs')
  backend = await startBackend()
  await seed(backend.url, backend.adminToken)
  base = backend.url
}
const out = new URL('../docs/', import.meta.url).pathname
mkdirSync(out, { recursive: true })
const only = process.argv[2]
try {
  for (const [size, viewport] of SIZES) {
    const browser = await launch(viewport, { reducedMotion: 'reduce' }) // charts drawn at once, no animation frames
    try {
      for (const [name, path, ready] of VIEWS) {
        if (only && only !== name) continue
        const page = await browser.context.newPage()
        await page.goto(`${base}${path}`)
        await page
          .locator(`${ready}, .state.error`)
          .first()
          .waitFor({ timeout: 30_000 })
          .catch(() => {})
        if (name === 'run') {
          await page
            .getByRole('button', { name: 'Verify signature' })
            .click()
            .catch(() => {})
          await page
            .locator('#verify-result')
            .waitFor({ timeout: 10_000 })
            .catch(() => {})
        }
        await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))))
        const file = `${out}${name}-${size}.png`
        // The whole page when it fits the 300 KB budget, else its top (two screens, one and a half, then one).
        const height = await page.evaluate(() => document.documentElement.scrollHeight)
        for (const screens of [Infinity, 2, 1.5, 1]) {
          const clip = { x: 0, y: 0, width: viewport.width, height: Math.min(height, viewport.height * screens) }
          await page.screenshot({ path: file, fullPage: true, clip })
          if (statSync(file).size < MAX_BYTES) break
          if (process.env.DEBUG) console.log(`  ${name}: ${screens} screens = ${statSync(file).size} bytes`)
        }
        console.log(`${file} ${(statSync(file).size / 1024).toFixed(0)} KB`)
        await page.close()
      }
    } finally {
      await browser.close()
    }
  }
} finally {
  await backend?.stop()
}
