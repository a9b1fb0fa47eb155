// Charts a visitor can read (issue 41), on a desktop and on a 390 px phone, against a board of the suite's 24 JVM
// targets and nginx (a signed v2 run on a host class of its own): no label, axis name or legend entry of the history,
// cost, scaling and latency charts overlaps another or leaves the chart; each point of a cost chart has a colour and
// a marker of its own and is named; the latency legend shows every framework at once (it wraps, never pages "1/4");
// a chart that has no curve to draw yet says so and draws no empty chart under its notice. The charts are SVG, so
// every label is a text element measured where the browser drew it. Runs after the others (e2e/run.mjs): it adds a
// run, older than every other so no page's default changes.
import assert from 'node:assert/strict'
import { before, describe, test } from 'node:test'
import { launch, openPage } from './browser.mjs'
import { payload, repeat, smallCell, submit } from './seed.mjs'
import { base } from './base.mjs'
import { browserFor } from './devices.mjs'

const RUN_ID = '7f000001-0000-4000-8000-000000000b01'
const HOST = 'Board Test CPU @ 2.60GHz · 4 vCPU · 16 GiB'
const host = encodeURIComponent(HOST)
const PODIUM_HOST = encodeURIComponent('Podium Test CPU @ 3.00GHz · 4 vCPU · 16 GiB')

/** agent/suite/suite.json's 24 JVM targets. */
const TARGETS = [
  ['JDK HttpServer', 'blocking'],
  ['JDK HttpServer', 'virtual-threads'],
  ['Netty', 'non-blocking'],
  ['Vert.x Web', 'non-blocking'],
  ['Jetty', 'blocking'],
  ['Jetty', 'virtual-threads'],
  ['Tomcat', 'blocking'],
  ['Tomcat', 'virtual-threads'],
  ['Undertow', 'non-blocking'],
  ['Spring Boot MVC', 'blocking'],
  ['Spring Boot MVC', 'virtual-threads'],
  ['Spring Boot WebFlux', 'non-blocking'],
  ['Helidon SE', 'virtual-threads'],
  ['Quarkus REST', 'non-blocking'],
  ['Javalin', 'blocking'],
  ['Javalin', 'virtual-threads'],
  ['Micronaut', 'non-blocking'],
  ['Vert.x Web', 'virtual-threads'],
  ['Quarkus REST', 'virtual-threads'],
  ['Armeria', 'non-blocking'],
  ['Dropwizard', 'blocking'],
  ['Apache Pekko HTTP', 'non-blocking'],
  ['Jooby', 'non-blocking'],
  ['Ktor', 'non-blocking'],
]

/**
 * A cell of `framework`: three 5 s repeats within 0.5% of `rps`, the target busy `busy` of its vCPUs' time (so a
 * request costs busy x vCPUs / rps of CPU), with `mb` MB resident; latency grows with the connections.
 */
function cell(framework, ioModel, vcpus, connections, rps, busy, mb, extra = {}) {
  const micros = (busy * vcpus * 1e6) / rps
  const p50 = connections / 100
  return smallCell(framework, ioModel, {
    connections,
    vcpus,
    durationSeconds: 5,
    cpus: vcpus === 1 ? '0' : '0-1',
    ...extra,
    repeats: [-1, 0, 1].map((k) => {
      const r = Math.round(rps * (1 + k * 0.005))
      return repeat(
        r,
        5,
        { p50, p75: p50 * 1.3, p90: p50 * 1.6, p99: p50 * 3, p999: p50 * 6, max: p50 * 12, mean: p50 * 1.1 },
        {
          targetCpuUserSeconds: (r * 5 * micros * 0.85) / 1e6,
          targetCpuSystemSeconds: (r * 5 * micros * 0.15) / 1e6,
          targetRssMeanBytes: mb * 1e6,
          targetRssPeakBytes: mb * 1.1e6,
          generatorCpuSeconds: 4,
          samples: 25,
        },
      )
    }),
  })
}

const RUN = payload({
  schemaVersion: 2,
  runId: RUN_ID,
  startedAt: '2026-10-15T08:00:00Z',
  finishedAt: '2026-10-15T10:00:00Z',
  profile: 'nightly',
  host: {
    hostname: 'bench-board',
    cpuModel: 'Board Test CPU @ 2.60GHz',
    vcpus: 4,
    memoryBytes: 16 * 1024 ** 3,
    serverCpus: '0-1',
    loadGeneratorCpus: '2-3',
    settings: { governor: 'performance' },
  },
  jvm: { vendor: 'Eclipse Adoptium', version: '25.0.1+8', vmName: 'OpenJDK 64-Bit Server VM', gc: 'G1', flags: [] },
  results: [
    cell('nginx', 'non-blocking', 2, 256, 400_000, 0.5, 20, { baseline: true }),
    // spread like a real board: 30,000 to 145,000 req/s, the target's vCPUs 60% to 97% busy, 90 to 412 MB
    ...TARGETS.flatMap(([framework, io], i) => {
      const rps = 30_000 + ((i * 7) % 24) * 5_000
      const busy = 0.6 + ((i * 5) % 24) * 0.016
      const mb = 90 + ((i * 11) % 24) * 14
      return [
        cell(framework, io, 1, 64, Math.round(rps * 0.55), busy, mb),
        cell(framework, io, 2, 64, Math.round(rps * 0.9), busy, mb),
        cell(framework, io, 2, 256, rps, busy, mb),
      ]
    }),
  ],
})

before(async () => {
  await submit(base, RUN, async () => {
    const res = await fetch(`${base}/api/latency?scenario=plaintext&hostClass=${host}&vcpus=2`)
    return res.ok && (await res.json()).series.length === TARGETS.length
  })
})
// launched once the runs are stored; no animation: every label is measured where it ends
const desktop = browserFor(() => launch({ width: 1366, height: 900 }, { reducedMotion: 'reduce' }))
const phone = browserFor(() =>
  launch(
    { width: 390, height: 844 },
    { isMobile: true, hasTouch: true, deviceScaleFactor: 2, reducedMotion: 'reduce' },
  ),
)

/** Every drawn text of each chart on the page: its words and its box; and each chart's own box. */
function chartTexts(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.chart svg')].map((svg) => {
      const box = svg.getBoundingClientRect()
      const texts = [...svg.querySelectorAll('text')]
        .map((t) => {
          const r = t.getBoundingClientRect()
          return { text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width }
        })
        .filter((t) => t.width > 0 && t.text.trim())
      return { box: { left: box.left, right: box.right, top: box.top, bottom: box.bottom }, texts }
    }),
  )
}

/** Pairs of texts whose boxes overlap by more than half a pixel both ways, and texts reaching outside the chart. */
function collisions({ box, texts }) {
  const overlaps = []
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      const [a, b] = [texts[i], texts[j]]
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left)
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)
      if (x > 0.5 && y > 0.5) overlaps.push(`"${a.text}" / "${b.text}"`)
    }
  }
  const outside = texts
    .filter((t) => t.left < box.left - 0.5 || t.right > box.right + 0.5 || t.top < box.top - 0.5)
    .map((t) => t.text)
  return { overlaps, outside }
}

const CHARTS = [
  ['history', '/history?scenario=plaintext&target=Netty%7Cnon-blocking', 1],
  ['cost', `/cost?scenario=plaintext&hostClass=${host}`, 2],
  ['scaling', `/scaling?scenario=plaintext&hostClass=${host}`, 2],
  ['latency', `/latency?scenario=plaintext&hostClass=${host}&vcpus=2`, 1],
]

for (const [device, browser] of [
  ['desktop', () => desktop],
  ['phone', () => phone],
]) {
  describe(`charts (${device})`, () => {
    for (const [name, path, count] of CHARTS) {
      test(`${name}: no label, axis name or legend entry overlaps another or leaves the chart`, async () => {
        const page = await openPage(browser(), `${base}${path}`)
        await page.locator('.chart svg text').first().waitFor()
        await page.waitForLoadState('networkidle')
        const charts = await chartTexts(page)
        assert.equal(charts.length, count, `${name}: charts drawn`)
        for (const chart of charts) {
          assert.ok(chart.texts.length > 5, `${name}: ${chart.texts.length} texts`)
          assert.deepEqual(collisions(chart), { overlaps: [], outside: [] }, name)
        }
        await page.close()
      })
    }

    test('cost: each point has a colour and a marker of its own, and every target is named', async () => {
      const page = await openPage(browser(), `${base}/cost?scenario=plaintext&hostClass=${host}`)
      await page.locator('.chart svg text').first().waitFor()
      const rows = await page.locator('#cost-table tbody tr').count()
      assert.equal(rows, TARGETS.length) // the baseline is no point
      const charts = await page.evaluate(() =>
        [...document.querySelectorAll('.chart svg')].map((svg) =>
          // a point is its symbol's unit path placed by a matrix; its look is the path, its fill and its stroke
          [...svg.querySelectorAll('path[transform^="matrix"]')].map((p) => ({
            look: [p.getAttribute('d'), p.getAttribute('fill'), p.getAttribute('stroke')].join(' '),
            color:
              p.getAttribute('stroke') && p.getAttribute('fill') === '#fff'
                ? p.getAttribute('stroke')
                : p.getAttribute('fill'),
          })),
        ),
      )
      assert.equal(charts.length, 2)
      // the legend under both charts names every target with its marker, no two alike
      const legend = await page
        .locator('.cost-legend li')
        .evaluateAll((lis) =>
          lis.map((li) => ({ name: li.textContent.trim(), look: `${li.dataset.symbol} ${li.dataset.color}` })),
        )
      // the table's "Jetty (blocking)": the legend adds the I/O model only to a framework measured in several
      const targets = (await page.locator('#cost-table tbody th').allTextContents()).map((t) =>
        t
          .trim()
          .match(/^(.*) \((.*)\)$/)
          .slice(1),
      )
      const several = (f) => targets.filter(([g]) => g === f).length > 1
      const names = targets.map(([f, io]) => (several(f) ? `${f} (${io})` : f))
      assert.deepEqual(legend.map((e) => e.name).sort(), [...names].sort())
      assert.equal(new Set(legend.map((e) => e.look)).size, rows, 'no two legend markers alike')
      for (const points of charts) {
        assert.equal(points.length, rows, 'one point per target')
        assert.equal(new Set(points.map((p) => p.look)).size, rows, 'no two points look the same')
        const colors = new Set(legend.map((e) => e.look.split(' ')[1].toLowerCase()))
        for (const p of points) assert.ok(colors.has(p.color.toLowerCase()), `${p.color} is a legend colour`)
      }
      await page.close()
    })

    test('latency: the legend shows every framework at once, on lines, never in pages', async () => {
      const page = await openPage(browser(), `${base}/latency?scenario=plaintext&hostClass=${host}&vcpus=2`)
      await page.locator('.chart svg text').first().waitFor()
      const [chart] = await chartTexts(page)
      const texts = chart.texts.map((t) => t.text)
      for (const [framework, io] of TARGETS)
        assert.ok(texts.includes(`${framework} (${io})`), `${framework} (${io}) in the legend`)
      assert.deepEqual(
        texts.filter((t) => /^\d+\/\d+$/.test(t)),
        [],
        'no page counter',
      )
      assert.deepEqual(collisions(chart).outside, [])
      await page.close()
    })

    for (const [name, path, notice] of [
      [
        'scaling',
        '/scaling?scenario=plaintext&hostClass=Flag%20Test%20CPU%20%40%202.00GHz%20%C2%B7%204%20vCPU%20%C2%B7%208%20GiB',
        /needs runs at two vCPU counts/,
      ],
      ['latency', `/latency?scenario=json&hostClass=${PODIUM_HOST}`, /needs two concurrencies or more/],
    ]) {
      test(`${name}: with no curve to draw yet, the notice stands alone, with no empty chart under it`, async () => {
        const page = await openPage(browser(), `${base}${path}`)
        await page.locator('main table tbody tr').first().waitFor()
        assert.match(await page.locator('main .state[role="status"]').textContent(), notice)
        assert.equal(await page.locator('main .chart').count(), 0, 'no chart drawn')
        await page.close()
      })
    }
  })
}
