// The database scenarios' record in a signed payload (v2): the benchmark database a run's db cells ran against, and
// per db cell its client, pool and what the target and the database each spent in CPU. The service keeps these in the
// stored envelope only; the run page reads them from the payload it already decodes to verify the signature.

export interface BenchmarkDatabase {
  server: string
  version: string
  cpus: string
  settings: Record<string, string>
}

export interface DatabaseCell {
  framework: string
  ioModel: string
  scenario: string
  connections: number
  vcpus: number
  client: string
  pool: number
  requests: number
  /** CPU seconds over the cell's repeats, user + system. */
  targetCpuSeconds: number
  databaseCpuSeconds: number | null
  /** The database's share of the CPU the two used: near 1, the database was the work; near 0, the framework. */
  databaseShare: number | null
}

interface PayloadUsage {
  targetCpuUserSeconds?: number
  targetCpuSystemSeconds?: number
  databaseCpuUserSeconds?: number
  databaseCpuSystemSeconds?: number
}
interface PayloadCell {
  framework: string
  ioModel: string
  scenario: string
  connections: number
  vcpus: number
  database?: { client: string; pool: number }
  repeats: { requests: number; usage?: PayloadUsage }[]
}
interface Payload {
  database?: BenchmarkDatabase
  results?: PayloadCell[]
}

/** The database of a payload (parsed JSON) and its db cells; null when the run has none. */
export function databaseOf(payload: unknown): { database: BenchmarkDatabase | null; cells: DatabaseCell[] } | null {
  if (typeof payload !== 'object' || payload === null) return null
  const p = payload as Payload
  const cells = (p.results ?? [])
    .filter((c) => c.database)
    .map((c): DatabaseCell => {
      let target = 0
      let db: number | null = null
      let requests = 0
      for (const r of c.repeats ?? []) {
        requests += r.requests
        const u = r.usage ?? {}
        target += (u.targetCpuUserSeconds ?? 0) + (u.targetCpuSystemSeconds ?? 0)
        if (u.databaseCpuUserSeconds !== undefined || u.databaseCpuSystemSeconds !== undefined)
          db = (db ?? 0) + (u.databaseCpuUserSeconds ?? 0) + (u.databaseCpuSystemSeconds ?? 0)
      }
      return {
        framework: c.framework,
        ioModel: c.ioModel,
        scenario: c.scenario,
        connections: c.connections,
        vcpus: c.vcpus,
        client: c.database!.client,
        pool: c.database!.pool,
        requests,
        targetCpuSeconds: target,
        databaseCpuSeconds: db,
        databaseShare: db === null || db + target === 0 ? null : db / (db + target),
      }
    })
  if (!p.database && cells.length === 0) return null
  return { database: p.database ?? null, cells }
}
