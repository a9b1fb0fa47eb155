// The read API's JSON shapes, as schema/read-api.md defines them.

export type IoModel = 'blocking' | 'non-blocking' | 'virtual-threads'
export type LoadModel = 'closed' | 'open'

export interface Page<T> {
  items: T[]
  page: number
  size: number
  total: number
}

export interface RunSummary {
  id: string
  receivedAt: string
  startedAt: string
  finishedAt: string
  hostClass: string
  hostname: string
  cpuModel: string
  vcpus: number
  jvmVendor: string
  jvmVersion: string
  suiteVersion: string
  agentId: string | number
  agentName: string
  keyid: string
  revokedAt: string | null
  cellCount: number
}

export interface Latency {
  p50: number
  p75: number
  p90: number
  p99: number
  p999: number
  max: number
  mean: number
}

/** What a repeat cost (payload v2); null for v1 runs. */
export interface Usage {
  wallSeconds: number
  targetCpuUserSeconds: number
  targetCpuSystemSeconds: number
  targetRssMeanBytes: number
  targetRssPeakBytes: number
  generatorCpuSeconds: number
  samples: number | null
}

export interface Repeat {
  requests: number
  requestsPerSecond: number
  latencyMs: Latency
  errors: { connect: number; read: number; write: number; timeout: number; status: number }
  usage?: Usage | null
}

/** A cost figure: mean over the repeats that define it, its 95% t interval, and how many repeats. */
export interface Figure {
  mean: number
  ciLow: number | null
  ciHigh: number | null
  repeats: number
}

export interface CellStats {
  repeatCount: number
  rpsTrimmedMean: number
  rpsMedian: number
  rpsMean: number
  rpsStddev: number | null
  rpsCiLow: number | null
  rpsCiHigh: number | null
  errorRate: number
  p50Median: number
  p90Median: number
  p99Median: number
  overErrorLimit: boolean
  rpsCv?: number | null
  noisy?: boolean | null
  requestsPerCpuSecond?: Figure | null
  rpsPerVcpu?: Figure | null
  rssMbPerKrps?: Figure | null
}

export interface Cell {
  id: number
  ordinal: number
  framework: string
  frameworkVersion: string
  ioModel: IoModel
  scenario: string
  loadModel: LoadModel
  connections: number
  targetRate: number | null
  delayMs: number | null
  vcpus: number
  durationSeconds: number
  warmupSeconds: number | null
  baseline: boolean
  flags: string[]
  cpus?: string | null
  startup?: { firstResponseMs: number; idleRssBytes: number } | null
  stats: CellStats | null
  repeats?: Repeat[]
}

export interface RunDetail {
  id: string
  receivedAt: string
  startedAt: string
  finishedAt: string
  schemaVersion: number
  keyid: string
  agent: { id: string | number; name: string; version: string; revokedAt: string | null }
  suite: { name: string; version: string; commit: string; profile?: string | null }
  loadGenerator: { tool: string; version: string; openLoopTool?: string | null; openLoopVersion?: string | null }
  host: {
    hostname: string
    cpuModel: string
    vcpus: number
    memoryBytes: number
    os: string
    kernel: string
    arch: string
    virtualization: string
    serverCpus?: string | null
    loadGeneratorCpus?: string | null
    hostClass: string
    /** The host's tuning as the agent read it (payload v2); null for v1 runs. */
    settings?: Record<string, string | number | Record<string, string>> | null
  }
  jvm: { vendor: string; version: string; major: number; vmName: string; gc: string; flags: string[] }
  cells: Cell[]
  envelope: string
}

export interface Agent {
  id: string | number
  name: string
  publicKey: string
  keyid: string
  createdAt: string
  revokedAt: string | null
}

export interface FrameworkEntry {
  framework: string
  ioModel: IoModel
  latestVersion: string
  scenarios: string[]
  hostClasses: string[]
}

export interface LeaderboardRow {
  rank: number
  tied: boolean
  framework: string
  frameworkVersion: string
  ioModel: IoModel
  runId: string
  startedAt: string
  jvmVendor: string
  jvmVersion: string
  slaThroughput: number | null
  slaConnections: number | null
  slaCellId: number | null
  bestThroughput: number
  bestConnections: number
  bestCellId: number
  ciLow: number | null
  ciHigh: number | null
  p90Ms: number | null
  p99Ms: number | null
  throughputPerVcpu: number | null
  baselineShare: number | null
  errorRate: number
  flags: string[]
  repeatCount?: number | null
  noisy?: boolean
  requestsPerCpuSecond?: Figure | null
  rssMbPerKrps?: Figure | null
  rankedBy?: RankBy
}

/** What the leaderboard ranks by. */
export type RankBy = 'throughput' | 'cpu' | 'memory'
export const RANKS: RankBy[] = ['throughput', 'cpu', 'memory']

export interface Leaderboard {
  scenario: string
  loadModel: LoadModel
  sla: number
  rank?: RankBy
  hostClass: string | null
  vcpus: number | null
  available: {
    hostClasses: string[]
    vcpus: number[]
    jvmVendors: string[]
    jvmMajors: number[]
    frameworks: string[]
    ioModels: string[]
    connections: number[]
  }
  baseline: { framework: string; bestThroughput: number; runId: string } | null
  rows: LeaderboardRow[]
}

export interface ScalingPoint {
  vcpus: number
  connections: number
  throughput: number
  ciLow: number | null
  ciHigh: number | null
  perVcpu: number
  perVcpuCiLow: number | null
  perVcpuCiHigh: number | null
  efficiency: number | null
  runId: string
}
export interface ScalingSeries {
  framework: string
  ioModel: IoModel
  points: ScalingPoint[]
}
export interface Scaling {
  scenario: string
  cpuModel: string | null
  hostClass?: string | null
  loadModel?: string
  series: ScalingSeries[]
}

export interface LatencyPoint {
  connections: number
  targetRate: number | null
  p50: number
  p90: number
  p99: number
  throughput: number
}
export interface LatencySeries {
  framework: string
  ioModel: IoModel
  runId: string
  points: LatencyPoint[]
}

export interface HistoryPoint {
  runId: string
  startedAt: string
  throughput: number
  ciLow: number | null
  ciHigh: number | null
  connections: number
  frameworkVersion: string
  jvmVendor: string
  jvmVersion: string
  regression: boolean
  regressionDetail: string | null
}
export interface HistorySeries {
  hostClass: string
  vcpus: number
  framework: string
  ioModel: IoModel
  points: HistoryPoint[]
}

export interface CellRef {
  cellId: number
  runId: string
  framework: string
  frameworkVersion: string
  ioModel: IoModel
  scenario: string
  connections: number
  vcpus: number
  hostClass: string
  throughput: number
}
export interface Comparison {
  a: CellRef
  b: CellRef
  ratio: number
  ratioCiLow: number | null
  ratioCiHigh: number | null
  t: number | null
  df: number | null
  pValue: number | null
  significant: boolean
  verdict: string
  /** Same scenario, load model, connections, vCPUs and host class. */
  comparable?: boolean
}

export const SCENARIOS = ['plaintext', 'json', 'proxy', 'delay', 'db'] as const

/** What each scenario isolates (methodology section 2). */
export const SCENARIO_NOTES: Record<string, string> = {
  plaintext: 'GET /plaintext answers “Hello, World!”: framework and HTTP overhead.',
  json: 'GET /json serialises {"message":"Hello, World!"}: serialisation per request.',
  proxy: 'GET /proxy calls a shared reference service over HTTP and relays its JSON: one incoming and one outgoing call per request.',
  delay: 'GET /delay?ms=N answers after N ms without burning CPU: how many requests can be in flight at once.',
  db: 'GET /db reads one row from PostgreSQL by random id: a realistic I/O-bound handler.',
}
export const IO_MODELS: IoModel[] = ['non-blocking', 'virtual-threads', 'blocking']
