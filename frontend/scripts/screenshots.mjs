// Screenshots of every view, desktop (1366x900) and phone (390x844), into docs/: the README's pictures, taken from a
// service holding real measured runs (`make run` leaves one on PODIUM_URL, default http://127.0.0.1:8080), never test
// data. The views open on what that service holds: its newest run, its two best plaintext frameworks, its newest snapshot.
// PODIUM_SCREENSHOTS_SEEDED=1 takes them from a seeded test backend instead (to try the script; not for the README).
import { mkdirSync, statSync } from 'node:fs'
import { launch } from '../e2e/browser.mjs'

const MAX_BYTES = 300 * 1024
const SIZES = [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
]

let backend = null
let base = process.env.PODIUM_URL ?? 'http://127.0.0.1:8080'
if (process.env.PODIUM_SCREENSHOTS_SEEDED === '1') {
  const { startBackend } = await import('../e2e/backend.mjs')
  const { seed } = await import('../e2e/seed.mjs')
  backend = await startBackend()
  await seed(backend.url, backend.adminToken)
  base = backend.url
}

async function api(path) {
  const r = await fetch(`${base}${path}`, { headers: { Accept: 'application/json' } }).catch((e) => {
    throw new Error(
      `screenshots: no service at ${base} (${e.cause?.code ?? e.message}): run make run first, or set PODIUM_URL`,
    )
  })
  if (!r.ok) throw new Error(`screenshots: ${base}${path} answered ${r.status}`)
  return r.json()
}

// PODIUM_SCREENSHOTS_VCPUS=1 opens the boards at that vCPU count instead of the largest measured (e.g. when the
// largest holds only cells measured with --target-cpus, all flagged shares-generator-cpus).
const vcpus = process.env.PODIUM_SCREENSHOTS_VCPUS ? `&vcpus=${Number(process.env.PODIUM_SCREENSHOTS_VCPUS)}` : ''
const runs = await api('/api/runs?page=0&size=1')
if (!runs.items?.length) throw new Error(`screenshots: the service at ${base} holds no run: run make run first`)
const runId = runs.items[0].id
const board = await api(`/api/leaderboard?scenario=plaintext${vcpus}`)
const rows = board.rows ?? []
if (rows.length < 2) throw new Error(`screenshots: the plaintext board at ${base} has fewer than two frameworks`)
const key = (r) => encodeURIComponent(`${r.framework}|${r.ioModel}`)
const [a, b] = [rows[1], rows[0]]
const slug = rows[0].framework
  .toLowerCase()
  .replace(/[.']/g, '')
  .replace(/[^a-z0-9]+/g, '-')
  .replace(/^-|-$/g, '')
const VIEWS = [
  ['leaderboard', `/leaderboard/plaintext?${vcpus.slice(1)}`, '#leaderboard-table'],
  ['framework', `/frameworks/${slug}`, 'h1'],
  ['cost', `/cost?scenario=plaintext${vcpus}`, '.chart svg'],
  ['scaling', '/scaling?scenario=plaintext', 'main table tbody tr'],
  ['latency', `/latency?scenario=plaintext${vcpus}`, 'main table tbody tr'],
  ['history', `/history?scenario=plaintext&target=${key(b)}${vcpus}`, '.chart svg'],
  ['run', `/runs/${runId}`, '#cells-table'],
  ['compare', `/compare?scenario=plaintext&a=${key(a)}&b=${key(b)}${vcpus}`, '#compare-verdict'],
  [
    'calculator',
    `/calculator?scenario=plaintext&from=${key(a)}&to=${key(b)}&servers=10&current=10000&required=30000`,
    '#servers-saved',
  ],
  ['changes', '/changes', 'h1'],
  ['about', '/about', 'h1'],
]
// The newest snapshot, when an admin has frozen one (README: "Freezing a snapshot").
const [newest] = await api('/api/snapshots') // newest first
if (newest) VIEWS.push(['snapshot', `/snapshots/${encodeURIComponent(newest.slug)}`, 'h1'])
/** Waits up to `timeout` ms for the first element `selector` finds; a view without one is pictured as it stands. */
function shown(page, selector, timeout) {
  return page
    .locator(selector)
    .first()
    .waitFor({ timeout })
    .catch(() => {})
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
        await shown(page, `${ready}, .state.error`, 30_000)
        if (name === 'leaderboard') {
          // the bar chart loads when it is scrolled near (LazyChartPanel): scroll to it so the picture shows it
          await page
            .locator('#board-chart')
            .scrollIntoViewIfNeeded()
            .catch(() => {})
          await shown(page, '#board-chart .chart svg', 30_000)
        }
        if (name === 'run') {
          await page
            .getByRole('button', { name: 'Verify signature' })
            .click()
            .catch(() => {})
          await shown(page, '#verify-result', 10_000)
        }
        // back to the top (the verify button scrolls the page): sticky table headers then stand over their tables
        await page.evaluate(() => window.scrollTo(0, 0))
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
