// Performance budget of the home page's first screen (issues 14 and 41), measured in Debian's headless Chromium
// against the real service, each load in a fresh browser profile (a cold cache) at 1366 x 768:
//   1. the bytes the browser receives for `/` before the first ranked row is painted: every response the page asked
//      for before that paint, compressed as it came over the wire, headers included (Chromium's DevTools protocol,
//      Network.loadingFinished's encodedDataLength): budget 150 KB (median of the loads);
//   2. the time from navigation until the first ranked row is painted (Element Timing: the first row's cells carry
//      elementtiming="first-row"; a requestAnimationFrame mark after the row is in the DOM is printed beside it):
//      budget 500 ms (median);
//   3. the JavaScript index.html loads before any route chunk, gzipped from dist/: budget 60 KB;
//   4. the largest contentful paint, printed and held to the same 500 ms as before.
// Then it scrolls to the bar chart and checks that the chart (and ECharts with it) loads and draws.
//
// Which service:
//   PODIUM_BUDGET_URL=http://host:port   a service already running (its data is whatever it holds);
//   PODIUM_BUDGET_DATA=seed              a fresh service with the browser tests' seed (a few runs: a quick check);
//   PODIUM_BUDGET_DATA=/dir (or unset)   the jar on backend/bench's generated data set at SCALE 10.1M (Dataset.java:
//                                        6,072 runs, 10,190,840 repeat rows), in /dir (default $PODIUM_BENCH_DATA, else /tmp/podium-bench-read, the
//                                        folder `make bench-read` uses), loaded there first if it is not yet (takes
//                                        a long while; `backend/bench/read.sh --load-only` does the same alone).
// From the repository root: `make bench-frontend` (the 10.1M set), `make bench-frontend DATA=seed`,
// `make bench-frontend DATA=/data/dir` (any data folder a service ran on), `make bench-frontend URL=http://127.0.0.1:8080`. LOADS=n (default 3).
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { gzipSync } from 'node:zlib'
import { launch } from '../e2e/browser.mjs'

const BYTES_LIMIT_KB = 150
const FIRST_ROW_LIMIT_MS = 500
const INITIAL_JS_LIMIT_KB = 60
const LCP_LIMIT_MS = 500
const LOADS = Number(process.env.LOADS ?? 3)
const VIEWPORT = { width: 1366, height: 768 }
const dist = new URL('../dist/', import.meta.url)
const read = (p) => readFileSync(new URL(p.replace(/^\//, ''), dist))
const gz = (buf) => gzipSync(buf, { level: 9 }).length
const kb = (n) => `${(n / 1024).toFixed(1)} KB`
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]
const verdict = (ok) => (ok ? 'PASS' : 'FAIL')
let failed

// 3. What index.html loads before any route chunk: its module scripts and modulepreloads (gzipped at level 9).
const html = read('index.html').toString()
const initial = [
  ...html.matchAll(/<script[^>]+src="([^"]+\.js)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
].map((m) => m[1] ?? m[2])
const initialGz = initial.reduce((n, f) => n + gz(read(f)), 0)
// the chart chunk: ChartPanel and what only it imports (ECharts, vue-echarts)
const manifest = JSON.parse(read('.vite/manifest.json').toString())
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen
  seen.add(key)
  for (const k of manifest[key]?.imports ?? []) closure(k, seen)
  return seen
}
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)
const chart = Object.keys(manifest).find((k) => /ChartPanel/.test(k))
const chartGz = chart
  ? [...closure(chart)].filter((k) => !closure(entry).has(k)).reduce((n, k) => n + gz(read(manifest[k].file)), 0)
  : 0

// The service to measure.
let backend = null
let base = process.env.PODIUM_BUDGET_URL
let dataset = `the service at ${base}`
const wanted = process.env.PODIUM_BUDGET_DATA ?? process.env.PODIUM_BENCH_DATA ?? '/tmp/podium-bench-read'
if (!base && wanted === 'seed') {
  const { startBackend } = await import('../e2e/backend.mjs')
  const { seed, runs } = await import('../e2e/seed.mjs')
  backend = await startBackend()
  await seed(backend.url, backend.adminToken)
  base = backend.url
  const repeats = runs().reduce((n, r) => n + r.results.reduce((m, c) => m + c.repeats.length, 0), 0)
  dataset = `the browser tests' seed (${runs().length} runs, ${repeats} repeat rows), NOT the read benchmark's 10.1M rows`
} else if (!base) {
  // backend/bench's generator (Dataset.java) at SCALE 10.1M, loaded once into a data directory kept between runs; a
  // folder holding a service's data without the generator's marker is measured as it is.
  const readBench = new URL('../../backend/bench/read.sh', import.meta.url).pathname
  const { backendJar, freePort, startBackend } = await import('../e2e/backend.mjs')
  const jar = backendJar()
  if (!existsSync(`${wanted}/dataset-10.1M-seed1.done`) && !existsSync(`${wanted}/postgres`)) {
    console.log(`loading the 10.1M-row data set into ${wanted} (first time only; takes a long while)`)
    const loaded = spawnSync(readBench, ['--load-only'], {
      stdio: 'inherit',
      env: {
        ...process.env,
        PODIUM_BENCH_DATA: wanted,
        PODIUM_BENCH_BUILD: dirname(dirname(jar)),
        PORT: String(await freePort()),
        SCALE: '10.1M',
        SEED: '1',
      },
    })
    if (loaded.status !== 0) throw new Error(`backend/bench/read.sh --load-only failed (exit ${loaded.status})`)
  }
  backend = await startBackend({ jar, dataDir: wanted })
  base = backend.url
  await renderedAtStart(base)
  dataset = `backend/bench's read data set in ${wanted}`
}
const runsTotal = (await (await fetch(`${base}/api/runs?size=1`)).json()).total
dataset += `; the service holds ${runsTotal} runs`

/** The service renders each scenario's default board in the background after start; pages are measured once it has. */
async function renderedAtStart(url) {
  const started = Date.now()
  for (;;) {
    const metrics = await (await fetch(`${url}/q/metrics`)).text()
    const busy = Number(/^podium_read_background_busy (\S+)$/m.exec(metrics)?.[1] ?? 0)
    if (busy === 0) break
    if (Date.now() - started > 300_000)
      throw new Error('the service was still rendering its default boards after 300 s')
    await new Promise((r) => setTimeout(r, 500))
  }
  console.log(
    `the service rendered its default boards ${((Date.now() - started) / 1000).toFixed(1)} s after it answered`,
  )
}

/** In the page, before its scripts: the first row's paint (Element Timing), a mark once it is in the DOM, LCP. */
function observe() {
  window.__firstRow = 0
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.identifier === 'first-row') window.__firstRow = Math.max(window.__firstRow, e.renderTime || e.startTime)
  }).observe({ type: 'element', buffered: true })
  // fallback and cross-check: the frame after the row entered the DOM (a task posted from requestAnimationFrame
  // runs after that frame's paint)
  window.__rowMark = 0
  new MutationObserver((_, obs) => {
    if (!document.querySelector('#leaderboard-table tbody tr')) return
    obs.disconnect()
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => (window.__rowMark = performance.now())
      channel.port2.postMessage(0)
    })
  }).observe(document, { childList: true, subtree: true })
  window.__lcp = 0
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__lcp = Math.max(window.__lcp, e.renderTime || e.startTime)
      const el = e.element
      window.__lcpElement = el ? `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}` : '?'
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true })
}

/** One cold load of `/`: what was asked for before the first row's paint, and when it was painted. */
async function load() {
  const browser = await launch(VIEWPORT) // a fresh profile: nothing cached
  try {
    const page = await browser.context.newPage()
    page.setDefaultTimeout(60_000)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    const requests = new Map()
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!requests.has(e.requestId)) requests.set(e.requestId, { url: e.request.url, wallTime: e.wallTime, bytes: 0 })
    })
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId)
      if (r) r.bytes = e.encodedDataLength
    })
    await page.addInitScript(observe)
    await page.goto(`${base}/`)
    await page.locator('#leaderboard-table tbody tr').first().waitFor()
    await page.waitForFunction(() => window.__rowMark > 0)
    // Element Timing's entry comes with the frame's presentation; a build without the attribute has none
    await page.waitForFunction(() => window.__firstRow > 0, null, { timeout: 3_000 }).catch(() => undefined)
    await page.waitForLoadState('networkidle')
    const t = await page.evaluate(() => ({
      origin: performance.timeOrigin,
      firstRow: window.__firstRow || window.__rowMark,
      timed: window.__firstRow > 0,
      rowMark: window.__rowMark,
      lcp: window.__lcp,
      lcpElement: window.__lcpElement,
      rows: document.querySelectorAll('#leaderboard-table tbody tr').length,
    }))
    const all = [...requests.values()].filter((r) => /^https?:/.test(r.url))
    for (const r of all) r.at = r.wallTime * 1000 - t.origin // when the page asked for it, on the page's clock
    const before = all.filter((r) => r.at <= t.firstRow)
    const settled = all.reduce((n, r) => n + r.bytes, 0)
    // scrolled to the chart, it loads and draws
    const charted = Date.now()
    const panel = page.locator('#board-chart, main figure').first()
    await panel.scrollIntoViewIfNeeded()
    await panel.locator('.chart svg').first().waitFor({ timeout: 60_000 })
    await page.waitForLoadState('networkidle')
    const after = [...requests.values()].filter((r) => /^https?:/.test(r.url))
    return {
      ...t,
      before,
      beforeBytes: before.reduce((n, r) => n + r.bytes, 0),
      settledBytes: settled,
      chartBytes: after.reduce((n, r) => n + r.bytes, 0) - settled,
      chartMs: Date.now() - charted,
    }
  } finally {
    await browser.close()
  }
}

try {
  const loads = []
  for (let i = 0; i < LOADS; i++) loads.push(await load())
  const bytes = median(loads.map((l) => l.beforeBytes))
  const firstRow = median(loads.map((l) => l.firstRow))
  const lcp = median(loads.map((l) => l.lcp))
  const list = (f) => loads.map(f).join(' / ')
  if (loads.some((l) => !l.timed))
    console.log('(no Element Timing entry for the first row in this build: its first-row time is the DOM mark)')
  console.log(`data: ${dataset}`)
  console.log(
    `headless Chromium ${VIEWPORT.width}x${VIEWPORT.height}, ${LOADS} cold loads of ${base}/ (each a fresh profile)`,
  )
  console.log(
    `${verdict(bytes <= BYTES_LIMIT_KB * 1024)} bytes received for / before the first ranked row is painted: ` +
      `median ${kb(bytes)} (budget ${BYTES_LIMIT_KB} KB); loads ${list((l) => kb(l.beforeBytes))}`,
  )
  console.log(
    `${verdict(firstRow <= FIRST_ROW_LIMIT_MS)} first ranked row painted: median ${firstRow.toFixed(0)} ms ` +
      `(budget ${FIRST_ROW_LIMIT_MS} ms); loads ${list((l) => l.firstRow.toFixed(0))} ms ` +
      `(the frame after it entered the DOM: ${list((l) => l.rowMark.toFixed(0))} ms)`,
  )
  console.log(
    `${verdict(initialGz <= INITIAL_JS_LIMIT_KB * 1024)} initial JavaScript (index.html: ${initial.length} file` +
      `${initial.length > 1 ? 's' : ''}): ${kb(initialGz)} gzipped (budget ${INITIAL_JS_LIMIT_KB} KB)`,
  )
  console.log(
    `${verdict(lcp <= LCP_LIMIT_MS)} largest contentful paint: median ${lcp.toFixed(0)} ms (budget ${LCP_LIMIT_MS} ms); ` +
      `loads ${list((l) => l.lcp.toFixed(0))} ms; element ${[...new Set(loads.map((l) => l.lcpElement))].join(', ')}`,
  )
  const last = loads.at(-1)
  console.log(`what the last load asked for before its first row (${last.before.length} responses):`)
  for (const r of [...last.before].sort((a, b) => b.bytes - a.bytes))
    console.log(`  ${kb(r.bytes).padStart(9)}  at ${r.at.toFixed(0).padStart(4)} ms  ${r.url.replace(base, '')}`)
  console.log(
    `after the first row, until the network was quiet: ${kb(last.settledBytes - last.beforeBytes)} more; ` +
      `scrolled to the chart: ${kb(last.chartBytes)} more (its chunk is ${kb(chartGz)} gzipped), drawn within ` +
      `${list((l) => l.chartMs)} ms; ${last.rows} ranked rows shown`,
  )
  failed =
    bytes > BYTES_LIMIT_KB * 1024 ||
    firstRow > FIRST_ROW_LIMIT_MS ||
    initialGz > INITIAL_JS_LIMIT_KB * 1024 ||
    lcp > LCP_LIMIT_MS ||
    last.rows === 0
  if (last.rows === 0) console.log('FAIL: the leaderboard showed no rows')
  console.log(failed ? 'budget: FAIL' : 'budget: PASS')
} finally {
  await backend?.stop()
}
process.exit(failed ? 1 : 0)
