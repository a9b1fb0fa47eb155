// Browser tests of scale-out: a signed v2 run on a host class of its own measures Tomcat on 1 and 2 vCPUs as one
// instance and on 2 vCPUs as two instances behind nginx (nginx-2). The board ranks the single instance and offers the
// scale-out row, labelled, beside it; scaling sets "2 instances on 1 vCPU each" beside "1 instance on 2 vCPUs"; the run
// page shows each cell's instances and the balancer. Runs after the others (e2e/run.mjs): it adds a run.
import assert from 'node:assert/strict'
import { before, describe, test } from 'node:test'
import { openPage } from './browser.mjs'
import { payload, repeat, submit } from './seed.mjs'
import { tablesCut } from './layout.mjs'
import { base } from './base.mjs'
import { browserFor } from './devices.mjs'

const RUN_ID = '7f000001-0000-4000-8000-0000000005c0'
const HOST_CLASS = 'Scale Test CPU @ 2.50GHz · 4 vCPU · 8 GiB'

function cell(vcpus, mean, topology) {
  const repeats = [-1, 0, 1].map((k) =>
    repeat(
      mean + k * 300,
      15,
      { p50: 2, p75: 3, p90: 4, p99: 8, p999: 16, max: 40, mean: 2.1 },
      {
        targetCpuUserSeconds: 12 * vcpus,
        targetCpuSystemSeconds: 2 * vcpus,
        targetRssMeanBytes: 300e6 * (topology ? 2 : 1),
        targetRssPeakBytes: 320e6 * (topology ? 2 : 1),
        generatorCpuSeconds: 10,
        samples: 30,
        ...(topology ? { balancerCpuUserSeconds: 3, balancerCpuSystemSeconds: 1.5 } : {}),
      },
    ),
  )
  return {
    framework: 'Tomcat',
    frameworkVersion: '11.0.14',
    ioModel: 'blocking',
    scenario: 'plaintext',
    loadModel: 'closed',
    connections: 64,
    vcpus,
    durationSeconds: 15,
    warmupSeconds: 10,
    cpus: vcpus === 1 ? '0' : '0-1',
    ...(topology ? { topology } : {}),
    repeats,
  }
}

// a db cell beside them: its client and pool, and 3 repeats x (5 + 1) s of the benchmark database
function dbCell() {
  const c = cell(1, 20_000)
  for (const r of c.repeats) Object.assign(r.usage, { databaseCpuUserSeconds: 5, databaseCpuSystemSeconds: 1 })
  return { ...c, scenario: 'db', database: { client: 'PostgreSQL JDBC + HikariCP', pool: 8 } }
}

const RUN = payload({
  schemaVersion: 2,
  runId: RUN_ID,
  startedAt: '2026-11-20T08:00:00Z',
  finishedAt: '2026-11-20T08:40:00Z',
  profile: 'full',
  host: {
    hostname: 'bench-scale',
    cpuModel: 'Scale Test CPU @ 2.50GHz',
    vcpus: 4,
    memoryBytes: 8 * 1024 ** 3,
    settings: { governor: 'performance', turbo: 'off', smt: 'on' },
  },
  jvm: {
    vendor: 'Eclipse Adoptium',
    version: '21.0.5+11-LTS',
    vmName: 'OpenJDK 64-Bit Server VM',
    gc: 'G1',
    flags: [],
  },
  results: [cell(1, 40_000), cell(2, 70_000), cell(2, 76_000, 'nginx-2'), dbCell()],
  balancer: { server: 'nginx', version: '1.26.0', cpus: '3', settings: { worker_processes: '1', keepalive: '64' } },
  database: { server: 'PostgreSQL', version: '17.6', cpus: '3', settings: { max_connections: '200' } },
})

before(async () => {
  await submit(base, RUN, async () => {
    const board = await (
      await fetch(`${base}/api/scaling?scenario=plaintext&hostClass=${encodeURIComponent(HOST_CLASS)}`)
    ).json()
    return board.series.length === 2
  })
})
const browser = browserFor() // launched once the run is stored

const open = (path) => openPage(browser, `${base}${path}`)

describe('scale-out', () => {
  test('the board ranks the single instance, and shows the scale-out row beside it, labelled, on request', async () => {
    const page = await open(`/leaderboard/plaintext?hostClass=${encodeURIComponent(HOST_CLASS)}&vcpus=2`)
    await page.locator('#leaderboard-table tbody tr').first().waitFor()
    assert.deepEqual(
      await page.locator('#leaderboard-table tbody tr').evaluateAll((rs) => rs.map((r) => r.dataset.topology)),
      ['single'],
    )
    const notice = page.locator('.scale-out-notice')
    assert.match(await notice.textContent(), /2 instances behind nginx/)
    await notice.getByRole('button', { name: /Show scale-out rows/ }).click()
    await page.waitForURL(/topology=all/)
    await page.locator('#leaderboard-table tbody tr[data-topology="nginx-2"]').waitFor()
    const scaled = page.locator('#leaderboard-table tbody tr[data-topology="nginx-2"] th')
    assert.match(await scaled.textContent(), /Tomcat\s*· 2 instances behind nginx/)
    assert.equal(await page.locator('#leaderboard-table tbody tr').count(), 2)
    assert.equal(await page.locator('select[name="topology"]').inputValue(), 'all')
    await page.close()
  })

  test('scaling sets 2 instances on 1 vCPU each beside 1 instance on 2 vCPUs', async () => {
    const page = await open(`/scaling?scenario=plaintext&hostClass=${encodeURIComponent(HOST_CLASS)}`)
    const row = page.locator('#scale-out-table tbody tr[data-topology="nginx-2"]')
    await row.waitFor()
    const text = (await row.textContent()).replace(/\s+/g, ' ')
    assert.match(text, /2 instances behind nginx, 1 vCPU each/)
    assert.match(text, /108\.6%/) // 76,000 against 70,000
    assert.match(
      (await page.locator('#scale-out-table tbody tr[data-topology="single"]').allTextContents()).join(' '),
      /1 instance on 2 vCPU/,
    )
    await page.close()
  })

  test('the run page shows each cell’s instances and the balancer with its CPU time', async () => {
    const page = await open(`/runs/${RUN_ID}`)
    const balancer = page.locator('#balancer')
    await balancer.waitFor()
    assert.match(await balancer.textContent(), /nginx 1\.26\.0/)
    // 3 repeats x (3 + 1.5) s of the balancer
    assert.match(await balancer.locator('tbody').textContent(), /13\.50/)
    assert.match(
      await page.locator('#cells-table tbody td[data-topology="nginx-2"]').textContent(),
      /2 instances behind nginx/,
    )
    // with its instances, database and balancer columns, every table still fits a 1366 px screen
    assert.deepEqual(await tablesCut(page), [])
    await page.close()
  })

  test('the run page shows the balancer’s and the database’s figures from the API, not from the envelope', async () => {
    const page = await browser.context.newPage()
    page.setDefaultTimeout(15_000)
    // the run as the API answers it, but with an envelope whose payload says another balancer and no balancer CPU
    await page.route(
      (url) => url.pathname === `/api/runs/${RUN_ID}`,
      async (route) => {
        const response = await route.fetch()
        const run = await response.json()
        const signed = JSON.parse(run.envelope)
        const payload = JSON.parse(Buffer.from(signed.payload, 'base64').toString('utf8'))
        payload.balancer = { server: 'envelope-only', version: '0.0.0', cpus: '9', settings: {} }
        payload.database = { server: 'envelope-only', version: '0.0.0', cpus: '9', settings: {} }
        for (const c of payload.results) {
          if (c.database) c.database = { client: 'envelope-only', pool: 1 }
          for (const r of c.repeats) {
            delete r.usage.balancerCpuUserSeconds
            delete r.usage.balancerCpuSystemSeconds
            delete r.usage.databaseCpuUserSeconds
            delete r.usage.databaseCpuSystemSeconds
          }
        }
        signed.payload = Buffer.from(JSON.stringify(payload)).toString('base64')
        await route.fulfill({ response, json: { ...run, envelope: JSON.stringify(signed) } })
      },
    )
    await page.goto(`${base}/runs/${RUN_ID}`)
    const balancer = page.locator('#balancer')
    await balancer.waitFor()
    const text = await balancer.textContent()
    assert.match(text, /nginx 1\.26\.0/)
    assert.doesNotMatch(text, /envelope-only/)
    assert.match(await balancer.locator('tbody').textContent(), /13\.50/)
    const database = page.locator('#benchmark-database')
    const db = (await database.textContent()).replace(/\s+/g, ' ')
    assert.match(db, /PostgreSQL 17\.6/)
    assert.doesNotMatch(db, /envelope-only/)
    // client, pool, 3 x 14 s of the target, 3 x 6 s of the database, its share 18 / 60
    const row = await database.locator('tbody tr').first().locator('td').allTextContents()
    assert.deepEqual(
      row.map((t) => t.trim()),
      ['db', '64', 'PostgreSQL JDBC + HikariCP', '8', '42.00', '18.00', '30%'],
    )
    await page.close()
  })
})
