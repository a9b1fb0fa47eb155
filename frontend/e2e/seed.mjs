// Signed test runs for the browser tests: built here, signed with node:crypto Ed25519 by the shared test key,
// and submitted to the real backend through POST /api/runs like an agent would; and one A/B comparison (POST /api/ab).
/* eslint-disable max-lines -- over 400 lines on purpose: the one data set every browser test reads (runs() at the
   end) beside the builders it is made of, which the tests that need runs of their own use too. */
import { createHash, createPrivateKey, sign } from 'node:crypto'
import { readFileSync } from 'node:fs'

/** A test key of schema/testdata/keys: its public key, keyid and private key. */
export function testKey(name) {
  const k = JSON.parse(readFileSync(new URL(`../../schema/testdata/keys/${name}.json`, import.meta.url), 'utf8'))
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(k.seed, 'base64')])
  return {
    name: k.name ?? name,
    publicKey: k.publicKey,
    keyid: createHash('sha256').update(Buffer.from(k.publicKey, 'base64')).digest('hex'),
    privateKey: createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }),
  }
}

const key = JSON.parse(readFileSync(new URL('../../schema/testdata/keys/test-agent.json', import.meta.url), 'utf8'))
export const PAYLOAD_TYPE = 'application/vnd.podium.run.v1+json'
export const V2_PAYLOAD_TYPE = 'application/vnd.podium.run.v2+json'
export const XSS_NAME = '<img src=x onerror=alert(1)>'
export const HOST_A = { cpuModel: 'Podium Test CPU @ 3.00GHz', vcpus: 4, memoryBytes: 16 * 1024 ** 3 }
export const HOST_B = { cpuModel: 'Other Test CPU @ 2.40GHz', vcpus: 8, memoryBytes: 32 * 1024 ** 3 }

const privateKey = createPrivateKey({
  key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(key.seed, 'base64')]),
  format: 'der',
  type: 'pkcs8',
})

export function pae(type, body) {
  const t = Buffer.from(type, 'utf8')
  return Buffer.concat([Buffer.from(`DSSEv1 ${t.length} ${type} ${body.length} `, 'utf8'), body])
}

export function envelope(run, signer = null) {
  const type = run.schemaVersion === 2 ? V2_PAYLOAD_TYPE : PAYLOAD_TYPE
  const body = Buffer.from(JSON.stringify(run, null, 1), 'utf8')
  const sig = sign(null, pae(type, body), signer?.privateKey ?? privateKey)
  const keyid = signer?.keyid ?? createHash('sha256').update(Buffer.from(key.publicKey, 'base64')).digest('hex')
  return { payloadType: type, payload: body.toString('base64'), signatures: [{ keyid, sig: sig.toString('base64') }] }
}

/** Requests per CPU-second and mean RSS (MB) each target costs in the v2 run: the cost view's expected figures. */
export const COST = {
  nginx: [112_900, 21],
  Netty: [70_000, 300],
  'Helidon SE': [60_000, 250],
  Undertow: [65_000, 200],
  'Spring MVC': [35_800, 511],
  [XSS_NAME]: [30_000, 400],
  Jetty: [55_000, 220],
  Javalin: [50_000, 260],
  'Quarkus REST': [58_000, 240],
  'Spring WebFlux': [33_000, 480],
}
/** Bytes allocated per request each JVM target records in the v2 run (nginx records none): the GC figures shown. */
export const ALLOCATION = { Netty: 400, 'Spring MVC': 9000 }
/** The GC figures of every JVM repeat of the v2 run beside its allocation. */
export const GC = { gcCount: 12, gcSeconds: 0.06, gcCpuShare: 0.0325, gcPauseMaxMs: 6.5 }
/** The minor page faults per request every repeat of the v2 run records (nginx's too). */
export const MINOR_FAULTS = 0.125

/** The host settings the v2 run records. */
export const HOST_SETTINGS = {
  governor: 'performance',
  turbo: 'off',
  smt: 'on',
  transparentHugePages: 'madvise',
  somaxconn: 4096,
}

/** The run as payload v2: every repeat's usage from COST (CPU = requests / requests per CPU-second), starts, settings. */
function v2(run) {
  run.schemaVersion = 2
  run.host.settings = HOST_SETTINGS
  for (const c of run.results) {
    const [perCpu, mb] = COST[c.framework]
    c.cpus = c.vcpus === 1 ? '0' : '0-1'
    c.startup = { firstResponseMs: c.framework === 'nginx' ? 70 : 1800, idleRssBytes: Math.round(mb * 0.6 * 1e6) }
    for (const r of c.repeats) {
      const cpu = r.requests / perCpu
      r.usage = {
        wallSeconds: 15,
        targetCpuUserSeconds: cpu * 0.85,
        targetCpuSystemSeconds: cpu * 0.15,
        targetRssMeanBytes: Math.round(mb * 1e6),
        targetRssPeakBytes: Math.round(mb * 1.1e6),
        generatorCpuSeconds: 10,
        samples: 30,
        minorFaultsPerRequest: MINOR_FAULTS,
      }
      if (c.framework !== 'nginx') {
        Object.assign(r.usage, { allocatedBytesPerRequest: ALLOCATION[c.framework] ?? 2048, ...GC })
      }
    }
  }
  return run
}

/** Five repeats whose trimmed mean (drop best and worst) is exactly `mean`: mean - 2s, mean - s, mean, mean + s, mean + 2s. */
function repeats(mean, spread, p90) {
  return [-2, -1, 0, 1, 2].map((k) => {
    const rps = mean + k * spread
    const p50 = p90 * 0.6
    return {
      requests: Math.round(rps * 15),
      requestsPerSecond: rps,
      latencyMs: { p50, p75: p90 * 0.8, p90, p99: p90 * 2, p999: p90 * 4, max: p90 * 10, mean: p50 * 1.05 },
      errors: { connect: 0, read: 0, write: 0, timeout: 0, status: 0 },
    }
  })
}

function cell(framework, frameworkVersion, ioModel, scenario, connections, vcpus, mean, p90, extra = {}) {
  return {
    framework,
    frameworkVersion,
    ioModel,
    scenario,
    loadModel: 'closed',
    connections,
    vcpus,
    durationSeconds: 15,
    warmupSeconds: 10,
    repeats: repeats(mean, Math.round(mean * 0.0083), p90),
    ...extra,
  }
}

/**
 * A run payload of the test agent (0.1.0) and suite (podium-standard 1.0.0 at `profile`), measured by wrk 4.2.0 on a
 * Debian host whose fields `host` adds to or overrides; every other field (jvm, results, ...) as given.
 */
export function payload({ schemaVersion = 1, runId, startedAt, finishedAt, profile = 'quick', host, ...rest }) {
  return {
    schemaVersion,
    runId,
    startedAt,
    finishedAt,
    agent: { version: '0.1.0' },
    suite: { name: 'podium-standard', version: '1.0.0', commit: '89abcdef0123456789abcdef0123456789abcdef', profile },
    loadGenerator: { tool: 'wrk', version: '4.2.0' },
    host: {
      os: 'Debian GNU/Linux 12',
      kernel: '6.1.0-28-amd64',
      arch: 'amd64',
      virtualization: 'none',
      serverCpus: '0-1',
      loadGeneratorCpus: '2-3',
      ...host,
    },
    ...rest,
  }
}

/** The JVM of the test files' own runs: Java 25 (Temurin), G1, no flags. */
export const JVM_25 = {
  vendor: 'Eclipse Adoptium',
  version: '25.0.1+8',
  vmName: 'OpenJDK 64-Bit Server VM',
  gc: 'G1',
  flags: [],
}

/**
 * A fixed-rate cost cell on 1 vCPU (issue 28): `rate` offered, `achieved` held (flagged rate-not-held under 98%), three
 * repeats of 5 s whose CPU a request is `micros` times each of `spreads`; `usage` adds to each repeat's usage (GC and
 * allocation figures), `extra` to the cell (framework, I/O model, baseline, JVM mode).
 */
export function costCell({ rate, achieved, micros, ladder, spreads = [1, 1, 1], usage = {}, ...extra }) {
  return {
    frameworkVersion: '1.0.0',
    scenario: 'plaintext',
    loadModel: 'open',
    connections: rate / 100 + 8,
    targetRate: rate,
    vcpus: 1,
    durationSeconds: 5,
    warmupSeconds: 0,
    cpus: '0',
    ...extra,
    ...(achieved < 0.98 * rate ? { flags: ['rate-not-held'] } : {}),
    costLadder: ladder,
    achievedRate: achieved,
    repeats: spreads.map((k) =>
      repeat(
        achieved,
        5,
        { p50: 0.4, p75: 0.5, p90: 0.7, p99: 1.5, p999: 3, max: 9, mean: 0.45 },
        {
          targetCpuUserSeconds: (achieved * 5 * micros * k * 0.9) / 1e6,
          targetCpuSystemSeconds: (achieved * 5 * micros * k * 0.1) / 1e6,
          targetRssMeanBytes: 300e6,
          targetRssPeakBytes: 320e6,
          generatorCpuSeconds: 1,
          samples: 25,
          ...usage,
        },
      ),
    ),
  }
}

/** A 2-vCPU, 8 GiB host of a test file's own (the target on CPU 0, the load generator on CPU 1); `extra` adds or overrides. */
export function smallHost(hostname, cpuModel, extra = {}) {
  return {
    hostname,
    cpuModel,
    vcpus: 2,
    memoryBytes: 8 * 1024 ** 3,
    serverCpus: '0',
    loadGeneratorCpus: '1',
    settings: { governor: 'performance' },
    ...extra,
  }
}

/** A run that started `agoMs` before now and took ten minutes: its startedAt and finishedAt. */
export function startedAgo(agoMs) {
  const started = Date.now() - agoMs
  return { startedAt: new Date(started).toISOString(), finishedAt: new Date(started + 600_000).toISOString() }
}

/** One repeat of `seconds` at `rps` with no failed request: `latencyMs` as given, `usage` over the repeat's wall time. */
export function repeat(rps, seconds, latencyMs, usage) {
  return {
    requests: rps * seconds,
    requestsPerSecond: rps,
    latencyMs,
    errors: { connect: 0, read: 0, write: 0, timeout: 0, status: 0 },
    usage: { wallSeconds: seconds, ...usage },
  }
}

/** A 4 s repeat of a small target at `rps`: sub-millisecond latency, 3.8 s of its CPU, 300 MB resident. */
export function smallRepeat(rps) {
  return repeat(
    rps,
    4,
    { p50: 0.5, p75: 0.6, p90: 0.8, p99: 2, p999: 4, max: 9, mean: 0.55 },
    {
      targetCpuUserSeconds: 3,
      targetCpuSystemSeconds: 0.8,
      targetRssMeanBytes: 300e6,
      targetRssPeakBytes: 320e6,
      generatorCpuSeconds: 3,
      samples: 20,
    },
  )
}

/**
 * A plaintext cell of `framework` 1.0.0 in `ioModel` on 1 vCPU (CPU 0): 64 connections, closed loop, repeats of 4 s
 * after 10 s of warm-up; `fields` (its repeats among them) adds or overrides.
 */
export function smallCell(framework, ioModel, fields) {
  return {
    framework,
    frameworkVersion: '1.0.0',
    ioModel,
    scenario: 'plaintext',
    loadModel: 'closed',
    connections: 64,
    vcpus: 1,
    durationSeconds: 4,
    warmupSeconds: 10,
    cpus: '0',
    ...fields,
  }
}

/** Warm-up windows of 2 s each from [requests per second, JIT share] pairs; the cell's warm-up lasts as long. */
export function warmupWindows(windows) {
  return {
    warmupSeconds: windows.length * 2,
    warmupWindows: windows.map(([rps, jit]) => ({ seconds: 2, requestsPerSecond: rps, jitShare: jit })),
  }
}

/**
 * Submits a run signed by the test key through POST /api/runs, failing unless it is stored (201) or already was
 * (200); then, the service re-reading what was stored at most once a second (read cache), waits until `ready()` says
 * its API has the run (at most 100 tries, 100 ms apart).
 */
export async function submit(baseUrl, run, ready = async () => true) {
  const res = await fetch(`${baseUrl}/api/runs`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(envelope(run)),
  })
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`submit run ${run.runId}: ${res.status} ${await res.text()}`)
  for (let i = 0; i < 100 && !(await ready()); i++) await new Promise((ok) => setTimeout(ok, 100))
}

function run(runId, startedAt, host, results, jvm = { vendor: 'Eclipse Adoptium', version: '21.0.5+11-LTS' }) {
  return payload({
    runId,
    startedAt,
    finishedAt: new Date(Date.parse(startedAt) + 3_600_000).toISOString(),
    host: { hostname: 'bench-e2e', ...host },
    jvm: {
      vendor: jvm.vendor,
      version: jvm.version,
      vmName: 'OpenJDK 64-Bit Server VM',
      gc: 'G1',
      flags: ['-Xms1g', '-Xmx1g', '-XX:ActiveProcessorCount=2'],
    },
    results,
  })
}

/** The latest run on host A: the leaderboard's expected order is Netty, Helidon SE =2 Undertow (tied), Spring MVC, the XSS name. */
export const LATEST_RUN_ID = '7f000001-0000-4000-8000-000000000001'
/** Netty's most recent run before the latest: 2026-11-05, 135,500 req/s at 256 connections. */
export const HISTORY_RUN_ID = '7f000001-0000-4000-8000-000000000105'
export const EXPECTED_PLAINTEXT_ORDER = ['Netty', 'Helidon SE', 'Undertow', 'Spring MVC', XSS_NAME]

/** Host C: the board of the flags, classifications, sweeps and host settings tests (older runs: never the default). */
export const HOST_C = { cpuModel: 'Flag Test CPU @ 2.00GHz', vcpus: 4, memoryBytes: 8 * 1024 ** 3 }
/**
 * Host C's plaintext board: ranked Quarkus REST (flagged noisy: ranked by its interval), Jetty, Helidon SE, Javalin;
 * unranked Spring WebFlux (high-error-rate: its figure counts failed requests).
 */
export const HOST_C_RANKED = ['Quarkus REST', 'Jetty', 'Helidon SE', 'Javalin']
export const HOST_C_UNRANKED = ['Spring WebFlux']
export const HOST_C_FLAGGED = { 'Quarkus REST': 'noisy', 'Spring WebFlux': 'high-error-rate' }

function hostC() {
  const kind = (classification) => ({ classification })
  const errors = (c, share) => {
    for (const r of c.repeats) r.errors.status = Math.round(r.requests * share)
    return c
  }
  const c1 = v2(
    run('7f000001-0000-4000-8000-000000000301', '2026-10-25T08:00:00Z', HOST_C, [
      cell('nginx', '1.22.1', 'non-blocking', 'plaintext', 256, 2, 150000, 1.6, {
        baseline: true,
        ...kind('bare-server'),
      }),
      cell('Jetty', '12.1.14', 'blocking', 'plaintext', 64, 2, 70000, 1.5, kind('bare-server')),
      cell('Jetty', '12.1.14', 'blocking', 'plaintext', 256, 2, 80000, 4.0, kind('bare-server')),
      cell('Jetty', '12.1.14', 'blocking', 'plaintext', 512, 2, 78000, 9.0, kind('bare-server')),
      cell('Javalin', '6.7.0', 'virtual-threads', 'plaintext', 64, 2, 60000, 1.8, kind('micro')),
      cell('Javalin', '6.7.0', 'virtual-threads', 'plaintext', 256, 2, 65000, 5.0, kind('micro')),
      cell('Javalin', '6.7.0', 'virtual-threads', 'plaintext', 512, 2, 64000, 11.0, kind('micro')),
      cell('Quarkus REST', '3.32.0', 'non-blocking', 'plaintext', 256, 2, 90000, 3.0, {
        flags: ['noisy'],
        ...kind('full-stack'),
      }),
      errors(
        cell('Spring WebFlux', '7.0.1', 'non-blocking', 'plaintext', 256, 2, 40000, 8.0, {
          flags: ['high-error-rate'],
          ...kind('full-stack'),
        }),
        0.02,
      ),
      cell('Jetty', '12.1.14', 'blocking', 'json', 256, 2, 60000, 4.5, kind('bare-server')),
      cell('Javalin', '6.7.0', 'virtual-threads', 'json', 256, 2, 55000, 5.5, kind('micro')),
    ]),
  )
  // Helidon SE measured a day later on the same host class with another frequency governor: the board must say so.
  const c2 = v2(
    run('7f000001-0000-4000-8000-000000000302', '2026-10-26T08:00:00Z', HOST_C, [
      cell('Helidon SE', '4.3.1', 'virtual-threads', 'plaintext', 256, 2, 75000, 3.5, kind('micro')),
      cell('Helidon SE', '4.3.1', 'virtual-threads', 'json', 256, 2, 66000, 4.0, kind('micro')),
    ]),
  )
  c2.host.settings = { ...HOST_SETTINGS, governor: 'powersave' }
  return [c1, c2]
}

/**
 * Host D: the board of the ranking rule (methodology.md section 10), clean, noisy, saturated and climbing rows on one
 * host class (older runs: never the default). Expected order and ranks: Quarkus REST (noisy, 50k with a wide
 * interval) =1, Spring WebFlux (generator-saturated, at least 45k) =1, Undertow (37.5k) =3, Helidon SE (warm-up
 * climbing, at least 35k) =3, Jetty (30k) 5, Javalin (20k) 6. (Figures low enough for every target's CPU time, at its
 * COST, to fit its 2 vCPUs.)
 */
export const HOST_D = { cpuModel: 'Rank Test CPU @ 2.50GHz', vcpus: 4, memoryBytes: 8 * 1024 ** 3 }
export const HOST_D_ORDER = ['Quarkus REST', 'Spring WebFlux', 'Undertow', 'Helidon SE', 'Jetty', 'Javalin']
export const HOST_D_RANKS = ['1–4', '1–4', '1–5', '1–5', '3–5', '6']
export const HOST_D_AT_LEAST = ['Spring WebFlux', 'Helidon SE']

function hostD() {
  const at = (framework, version, io, mean, extra = {}) =>
    cell(framework, version, io, 'plaintext', 256, 2, mean, 3.0, extra)
  return v2(
    run('7f000001-0000-4000-8000-000000000401', '2026-10-23T08:00:00Z', HOST_D, [
      // noisy: repeats 42k..58k (CV 12.6%): its interval, about 42k-58k, lies wholly above Undertow's, Jetty's...
      at('Quarkus REST', '3.32.0', 'non-blocking', 50000, { repeats: repeats(50000, 4000, 3.0) }),
      at('Spring WebFlux', '7.0.1', 'non-blocking', 45000, { flags: ['generator-saturated'] }),
      at('Undertow', '2.3.20.Final', 'non-blocking', 37500),
      at('Helidon SE', '4.3.1', 'virtual-threads', 35000, { flags: ['warmup-not-stable'] }),
      at('Jetty', '12.1.14', 'blocking', 30000),
      at('Javalin', '6.7.0', 'virtual-threads', 20000),
    ]),
  )
}

/** The snapshot frozen after every run is in: the boards of host A and host B. */
export const SNAPSHOT = { slug: '2026-round-1', title: 'Round 1 (November 2026)' }

export function runs() {
  const latest = v2(
    run(LATEST_RUN_ID, '2026-11-10T08:00:00Z', HOST_A, [
      cell('nginx', '1.22.1', 'non-blocking', 'plaintext', 256, 2, 200000, 1.6, { baseline: true }),
      cell('Netty', '4.2.7.Final', 'non-blocking', 'plaintext', 64, 2, 110000, 0.8),
      cell('Netty', '4.2.7.Final', 'non-blocking', 'plaintext', 256, 2, 120000, 2.9),
      cell('Netty', '4.2.7.Final', 'non-blocking', 'plaintext', 256, 1, 65000, 4.5),
      cell('Helidon SE', '4.3.1', 'virtual-threads', 'plaintext', 256, 2, 90000, 3.5),
      cell('Undertow', '2.3.20.Final', 'non-blocking', 'plaintext', 256, 2, 89500, 3.6),
      cell('Spring MVC', '6.2.12', 'blocking', 'plaintext', 256, 2, 50000, 9.0),
      cell('Spring MVC', '6.2.12', 'blocking', 'plaintext', 1024, 2, 60000, 300),
      cell('Spring MVC', '6.2.12', 'blocking', 'plaintext', 256, 1, 30000, 15),
      cell(XSS_NAME, '1.0.0', 'blocking', 'plaintext', 256, 2, 30000, 12),
      cell('Netty', '4.2.7.Final', 'non-blocking', 'json', 256, 2, 100000, 3.1),
      cell('Spring MVC', '6.2.12', 'blocking', 'json', 256, 2, 40000, 10),
    ]),
  )
  // Netty's history on host A: five earlier runs near 135,000 req/s, so the latest (120,000) is a regression.
  const history = [1, 2, 3, 4, 5].map((d) =>
    run(`7f000001-0000-4000-8000-00000000010${d}`, `2026-11-0${d}T08:00:00Z`, HOST_A, [
      cell('Netty', d < 3 ? '4.2.6.Final' : '4.2.7.Final', 'non-blocking', 'plaintext', 256, 2, 134000 + d * 300, 2.7),
    ]),
  )
  // An older run on another host class, with another JVM.
  const other = run(
    '7f000001-0000-4000-8000-000000000201',
    '2026-10-20T08:00:00Z',
    HOST_B,
    [
      cell('Vert.x Web', '5.0.5', 'non-blocking', 'plaintext', 256, 4, 210000, 2.1),
      cell('Netty', '4.2.7.Final', 'non-blocking', 'plaintext', 256, 4, 205000, 2.2),
    ],
    { vendor: 'Amazon Corretto', version: '25.0.1+8-LTS' },
  )
  return [...history, other, ...hostC(), hostD(), latest]
}

/** Enrols the test key and submits every run; returns the agent. */
/** The A/B comparison of schema/testdata/ab/comparison.json (Netty, 3 rounds), as podium-agent ab --push sends it. */
export const AB_TYPE = 'application/vnd.podium.ab.v1+json'
export const AB_REPORT = readFileSync(new URL('../../schema/testdata/ab/comparison.json', import.meta.url))
export const AB_ID = JSON.parse(AB_REPORT).runId

/** POST /api/ab with the comparison signed by the test key (201 new, 200 already there). */
export async function submitAb(baseUrl) {
  const envelope = {
    payloadType: AB_TYPE,
    payload: AB_REPORT.toString('base64'),
    signatures: [
      { keyid: testKey('test-agent').keyid, sig: sign(null, pae(AB_TYPE, AB_REPORT), privateKey).toString('base64') },
    ],
  }
  const res = await fetch(`${baseUrl}/api/ab`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(envelope),
  })
  if (res.status !== 201 && res.status !== 200) throw new Error(`POST /api/ab: ${res.status} ${await res.text()}`)
}

export async function seed(baseUrl, adminToken) {
  const enrol = await fetch(`${baseUrl}/api/agents`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ name: 'e2e-agent', publicKey: key.publicKey }),
  })
  if (enrol.status !== 201) throw new Error(`enrol the test key: ${enrol.status} ${await enrol.text()}`)
  const agent = await enrol.json()
  for (const r of runs()) await submit(baseUrl, r)
  await submitAb(baseUrl)
  const frozen = await fetch(`${baseUrl}/api/snapshots`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
    body: JSON.stringify(SNAPSHOT),
  })
  if (frozen.status !== 201) throw new Error(`freeze the snapshot: ${frozen.status} ${await frozen.text()}`)
  return agent
}
