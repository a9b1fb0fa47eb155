// Every user string is shown as text on every page: the hostile corpus's run whose names carry HTML, script,
// template and SQL fragments (schema/testdata/hostile/cases/accept-html-and-sql-names.json, signed by the test
// key that seed.mjs enrols) is pushed as it is, then every view that shows it is opened: each fragment must
// appear as literal text, no element may come out of it, no dialog may open and no script error may occur.
// Then a run of another agent on the same host class, which an admin revokes: the leaderboard marks its row, the
// legend explains the mark, and its opt-out leaves the row off the board.
// run.mjs runs this file after the others (with the admin token): it adds runs and a host class that they do not expect.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { before, describe, test } from 'node:test'
import { envelope, testKey } from './seed.mjs'
import { base } from './base.mjs'
import { browserFor } from './devices.mjs'

const adminToken = process.env.PODIUM_E2E_ADMIN_TOKEN

const CASE = JSON.parse(
  readFileSync(new URL('../../schema/testdata/hostile/cases/accept-html-and-sql-names.json', import.meta.url), 'utf8'),
)
const PAYLOAD = JSON.parse(Buffer.from(JSON.parse(CASE.request.body).payload, 'base64').toString('utf8'))
const RUN_ID = PAYLOAD.runId
const FRAMEWORK = PAYLOAD.results[0].framework // "Netty'); DROP TABLE runs; --"
const IO = PAYLOAD.results[0].ioModel
const { hostname: HOSTNAME, cpuModel: CPU, virtualization: VIRT } = PAYLOAD.host
const VENDOR = PAYLOAD.jvm.vendor
const SUITE = PAYLOAD.suite.name // a Vue template expression: it must stay text

let hostClass
before(async () => {
  const res = await fetch(`${base}${CASE.request.path}`, {
    method: CASE.request.method,
    headers: CASE.request.headers,
    body: CASE.request.body,
  })
  assert.ok([200, 201].includes(res.status), `the corpus run was refused: ${res.status} ${await res.text()}`)
  hostClass = (await (await fetch(`${base}/api/runs/${RUN_ID}`)).json()).host.hostClass
  assert.ok(hostClass, 'the stored run has a host class')
})
const browser = browserFor() // launched once the run is stored

/** Opens path, waits for every text, and checks that nothing in the page came from the names as markup. */
async function shownAsText(path, texts) {
  const page = await browser.context.newPage()
  page.setDefaultTimeout(15_000)
  const dialogs = []
  const errors = []
  page.on('dialog', (d) => {
    dialogs.push(d.message())
    void d.dismiss()
  })
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto(`${base}${path}`)
  // shown: in a text node of a rendered element (a picker's hidden <option> does not count)
  for (const text of texts)
    await page.waitForFunction(
      (t) =>
        [...document.querySelectorAll('body *')].some(
          (e) =>
            e.tagName !== 'OPTION' &&
            e.getClientRects().length > 0 &&
            [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.includes(t)),
        ),
      text,
    )
  await page.waitForLoadState('networkidle')
  const body = await page.locator('body').textContent()
  for (const text of texts) assert.ok(body.includes(text), `${path}: "${text}" is not in the page's text`)
  const markup = await page.evaluate(() => ({
    img: document.querySelectorAll('img[src="x"]').length,
    svg: document.querySelectorAll('svg[onload]').length,
    inline: [...document.querySelectorAll('script')].filter((s) => !s.src).length,
  }))
  assert.deepEqual(markup, { img: 0, svg: 0, inline: 0 }, `${path}: a name became markup`)
  assert.deepEqual(dialogs, [], `${path}: a name ran script`)
  assert.deepEqual(errors, [], `${path}: script errors`)
  await page.close()
}

const q = (params) => new URLSearchParams(params).toString()

describe("the hostile corpus's names", () => {
  test('the run page shows every field as text', async () => {
    await shownAsText(`/runs/${RUN_ID}`, [HOSTNAME, CPU, VIRT, VENDOR, SUITE, FRAMEWORK])
  })

  test('the runs list shows the host class and JVM vendor as text', async () => {
    await shownAsText('/runs', [CPU, VENDOR])
  })

  test('the leaderboard shows the framework as text', async () => {
    // (one cell at one concurrency: the scaling and latency views show their advice, not a table; a v1 run has no
    // cost figures, so the cost view does not list it)
    await shownAsText(`/leaderboard/plaintext?${q({ hostClass, vcpus: 1 })}`, [FRAMEWORK])
  })

  test("the framework's page shows the name, its history the host class, as text", async () => {
    await shownAsText(`/frameworks/${encodeURIComponent(FRAMEWORK)}`, [FRAMEWORK])
    await shownAsText(`/history?${q({ scenario: 'plaintext', target: `${FRAMEWORK}|${IO}`, hostClass })}`, [CPU])
  })
})

describe("a revoked agent's run", () => {
  test('is marked on the leaderboard, explained in the legend, and left out on request', async (t) => {
    if (!adminToken) return t.skip('PODIUM_E2E_ADMIN_TOKEN is not set (npm run test:browser sets it)')
    const admin = { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` }
    const other = testKey('other-agent')
    const enrol = await fetch(`${base}/api/agents`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ name: 'e2e-revoked-agent', publicKey: other.publicKey }),
    })
    const enrolled = await enrol.text()
    assert.equal(enrol.status, 201, enrolled)
    const agent = JSON.parse(enrolled)
    // the hostile run's host, a later run measuring Jetty, signed by the other agent
    const run = structuredClone(PAYLOAD)
    run.runId = '0b6f3c1e-7a52-4c1d-9a43-2f0f6b1d8e02'
    run.startedAt = '2026-11-02T10:00:00Z'
    run.finishedAt = '2026-11-02T10:05:00Z'
    run.results[0].framework = 'Jetty'
    run.results[0].ioModel = 'blocking'
    run.results[0].repeats[0].requestsPerSecond = 90000.5
    const pushed = await fetch(`${base}/api/runs`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(envelope(run, other)),
    })
    assert.equal(pushed.status, 201, await pushed.text())
    const revoked = await fetch(`${base}/api/agents/${agent.id}/revoke`, { method: 'POST', headers: admin })
    assert.equal(revoked.status, 200, await revoked.text())
    // the service re-reads what changed at most once a second (read cache): wait until its API says so
    // (the query the page sends, defaults spelt out: each query string is its own entry in the service's cache)
    const board = `${base}/api/leaderboard?${q({ scenario: 'plaintext', hostClass, vcpus: 1, loadModel: 'closed', sla: 200, rank: 'throughput', basis: 'segment', flagged: 'exclude', revoked: 'include', topology: 'single' })}`
    for (let i = 0; i < 100; i++) {
      const rows = (await (await fetch(board)).json()).rows
      if (rows.find((r) => r.framework === 'Jetty')?.agentRevoked) break
      await new Promise((ok) => setTimeout(ok, 100))
    }

    const page = await browser.context.newPage()
    page.setDefaultTimeout(15_000)
    await page.goto(`${base}/leaderboard/plaintext?${q({ hostClass, vcpus: 1 })}`)
    const jetty = page.locator('#leaderboard-table tbody tr[data-framework="Jetty"]')
    await jetty.locator('.flag.revoked').waitFor()
    assert.equal(await jetty.locator('.flag.revoked').textContent(), 'revoked agent')
    const hostile = page.locator('#leaderboard-table tbody tr', { hasText: FRAMEWORK })
    assert.equal(await hostile.locator('.flag.revoked').count(), 0, 'the other run is not marked')
    assert.match(await page.locator('#flag-legend').textContent(), /revoked agent[\s\S]*no longer\s+trusted/)
    await page.locator('#exclude-revoked').check()
    await page.waitForURL(/revoked=exclude/)
    await jetty.waitFor({ state: 'detached' })
    assert.equal(await hostile.count(), 1, 'the run of the trusted agent stays')
    await page.close()
  })
})
