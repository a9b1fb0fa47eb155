// The database scenarios' figures of a run as the API serves them (GET /api/runs/{id}: `database`, and per db cell its
// `database` client and pool and its `cpuSeconds`): the benchmark database a run's db cells ran against, and per db cell
// what the target and the database each spent in CPU. The envelope is fetched only to verify the signature.
import type { CompanionServer, RunDetail } from '../api/types'

export type BenchmarkDatabase = CompanionServer

export interface DatabaseCell {
  framework: string
  ioModel: string
  scenario: string
  connections: number
  vcpus: number
  client: string
  pool: number
  /** CPU seconds over the cell's repeats, user + system. */
  targetCpuSeconds: number
  databaseCpuSeconds: number | null
  /** The database's share of the CPU the two used: near 1, the database was the work; near 0, the framework. */
  databaseShare: number | null
}

/** The share of `part` in part + rest; null without part or when both are 0. */
export function shareOf(part: number | null, rest: number): number | null {
  return part === null || part + rest === 0 ? null : part / (part + rest)
}

/** The database of a run and its db cells; null when the run has neither. */
export function databaseOf(run: RunDetail): { database: BenchmarkDatabase | null; cells: DatabaseCell[] } | null {
  const cells = run.cells.flatMap((c): DatabaseCell[] => {
    if (!c.database) return []
    const target = c.cpuSeconds?.target ?? 0
    const db = c.cpuSeconds?.database ?? null
    return [
      {
        framework: c.framework,
        ioModel: c.ioModel,
        scenario: c.scenario,
        connections: c.connections,
        vcpus: c.vcpus,
        client: c.database.client,
        pool: c.database.pool,
        targetCpuSeconds: target,
        databaseCpuSeconds: db,
        databaseShare: shareOf(db, target),
      },
    ]
  })
  if (!run.database && cells.length === 0) return null
  return { database: run.database ?? null, cells }
}
