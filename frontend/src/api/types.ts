// The read API's JSON shapes: generated from schema/openapi.json (the service's own OpenAPI document) into
// src/api/openapi.ts by `npm run openapi` (openapi-typescript); this file only names them for the views.
import type { components, paths } from './openapi'

type Schemas = components['schemas']

export type IoModel = 'blocking' | 'non-blocking' | 'virtual-threads'
export type LoadModel = 'closed' | 'open'

export type Page<T> = Omit<Schemas['RunPage'], 'items'> & { items: T[] }
export type RunSummary = Schemas['RunSummary']
export type ColumnDescription = Schemas['ColumnDescription']
export type Latency = Schemas['Latency']
/** What a repeat cost (payload v2); null for v1 runs. */
export type Usage = Schemas['Usage']
export type Repeat = Schemas['RepeatView']
/** A cost figure: mean over one cell's repeats, its 95% t interval over them (starts pooled), and how many repeats. */
export type Figure = Schemas['Estimate']
export type CellStats = Schemas['CellStats']
export type Cell = Schemas['CellView']
export type RunDetail = Schemas['RunDetail']
/** A run's host and how each scenario's first target cell was run (GET /api/runs/{id}/host). */
export type RunHost = Schemas['RunHost']
export type CostLadder = Schemas['CostLadder']
/** The benchmark database or the load balancer of a run (payload v2), as stored. */
export type CompanionServer = Schemas['CompanionServer']
export type RunPartsView = Schemas['RunPartsView']
export type RunPartTarget = Schemas['PartTarget']
export type Agent = Schemas['AgentView']
export type FrameworkEntry = Schemas['Framework']
export type LeaderboardRow = Schemas['LeaderboardRow']
/** The comparison engine's verdict on a figure against another (methodology section 10). */
export type Verdict = Schemas['Verdict']
export type Leaderboard = Schemas['LeaderboardResponse']
/** The offered rates of the fixed-rate cost cells on a host class (GET /api/cost/rates). */
export type CostRates = Schemas['CostRates']
/** What the leaderboard ranks by. */
export type RankBy = Leaderboard['rank']
export const RANKS: RankBy[] = ['throughput', 'cpu', 'memory']
export type ScalingPoint = Schemas['ScalingPoint']
export type ScalingSeries = Schemas['ScalingSeries']
export type Scaling = Schemas['ScalingResponse']
export type LatencyPoint = Schemas['LatencyPoint']
export type LatencySeries = Schemas['LatencySeries']
export type HistoryPoint = Schemas['HistoryPoint']
export type HistorySeries = Schemas['HistorySeries']
export type CellRef = Schemas['CellRef']
export type Comparison = Schemas['CompareResponse']
export type FrameworkPage = Schemas['FrameworkPage']
export type FrameworkScenario = Schemas['FrameworkScenario']
export type FrameworkHistorySeries = Schemas['FrameworkHistorySeries']

// the run schema's enum, in its order (scenarios.test.ts fails when they differ)
export const SCENARIOS = ['plaintext', 'json', 'proxy', 'delay', 'db', 'queries', 'updates', 'fortunes'] as const

/** What each scenario isolates (methodology section 2). */
export const SCENARIO_NOTES: Record<string, string> = {
  plaintext: 'GET /plaintext answers “Hello, World!”: framework and HTTP overhead.',
  json: 'GET /json serialises {"message":"Hello, World!"}: serialisation per request.',
  proxy:
    'GET /proxy calls a shared reference service over HTTP and relays its JSON: one incoming and one outgoing call per request.',
  delay: 'GET /delay?ms=N answers after N ms without burning CPU: how many requests can be in flight at once.',
  db: 'GET /db reads one row from PostgreSQL by random id: a realistic I/O-bound handler.',
  queries: 'GET /queries?n=20 reads 20 rows, one query each: how the database client and its pool hold up.',
  updates: 'GET /updates?n=5 reads 5 rows and writes each back with a new value: reads and writes per request.',
  fortunes:
    'GET /fortunes reads a table, adds a row, sorts, and HTML-escapes it into a page: database, logic and templating.',
}
export const IO_MODELS: IoModel[] = ['non-blocking', 'virtual-threads', 'blocking']
/** A stored change point of a series (GET /api/changes). */
export type ChangePoint = Schemas['ChangeView']
/** What moved between two runs (GET /api/diff). */
export type RunDiff = Schemas['RunDiff']
export type DiffMove = Schemas['Moved']
export type Snapshot = Schemas['Snapshot']
export type SnapshotSummary = Schemas['SnapshotSummary']
export type SnapshotHost = Schemas['SnapshotHost']
export type SnapshotBoard = Schemas['SnapshotBoard']

type GetQuery<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } }
  ? NonNullable<Q>
  : never
/**
 * A GET endpoint's query as the site sends it: its names, and which are required, come from the committed OpenAPI
 * (a name the endpoint does not declare fails the type check); values as the site holds them.
 */
export type ApiQuery<P extends keyof paths> = { [K in keyof GetQuery<P>]: string | number }
/** A run's warm-up curves (GET /api/runs/{id}/warmup): one per cell that kept its windows. */
export type WarmupCurves = Schemas['WarmupCurves']
export type WarmupCurve = Schemas['WarmupCurve']
/** A framework's figures in both JVM modes (GET /api/frameworks/{slug}/jvm-modes), one row per cell shape. */
export type JvmModeComparison = Schemas['JvmModeComparison']
export type JvmModeRow = Schemas['JvmModeRow']
export type WarmupWindow = Schemas['WarmupWindow']
/** Allocation and GC of a JVM cell over its repeats; null for a cell without them. */
export type GcStats = Schemas['GcStats']

/** A stored A/B comparison (GET /api/ab/{id}); its report typed below, as schema/ab.v1.schema.json has it. */
export type AbStored = Omit<Schemas['AbComparison'], 'report' | 'revokedAt'> & {
  report: AbReport
  revokedAt: string | null
}
export type AbSummary = Schemas['AbSummary']
export type AbPage = Schemas['AbPage']

/** One figure of an A/B cell: B against A over the rounds (schema/ab.v1.schema.json $defs.figure). */
export interface AbFigure {
  name: 'throughput' | 'p99' | 'cpuPerRequest' | 'allocatedPerRequest'
  unit: string
  higherBetter: boolean
  a: number
  b: number
  ratio: number
  low?: number
  high?: number
  verdict: 'faster' | 'slower' | 'cannot tell'
  detectable?: number
  rounds: number
  pairs: { round: number; a: number; b: number }[]
}

/** One side of an A/B: what it added to the target's starts. */
export interface AbVariant {
  label: 'A' | 'B'
  describe: string
  jvmFlags: string[]
  env: string[]
  frameworkVersion?: string
  suiteCommit?: string
}

/** The comparison as the agent signed it (schema/ab.v1.schema.json). */
export interface AbReport {
  target: string
  framework: { name: string; version: string }
  variants: AbVariant[]
  rounds: number
  profile: string
  runId: string
  startedAt: string
  finishedAt: string
  agentVersion: string
  suite: { name: string; version: string; commit?: string }
  host: {
    hostname: string
    cpuModel: string
    vcpus: number
    memoryBytes: number
    os: string
    kernel: string
    arch: string
    virtualization: string
    serverCpus?: string
    loadGeneratorCpus?: string
  }
  cells: { scenario: string; connections: number; vcpus: number; figures: AbFigure[] }[]
}
