// The migration calculator of methodology section 12, as a pure function, and the flag policy it sizes under.
import { isLowerBound, unrankedBy } from './board'

export interface ApiLoad {
  current: number // ACRPS_i: the whole system's max RPS at the SLA today
  required: number // ARRPS_i: the RPS the system must reach
}

export interface ApiPlan extends ApiLoad {
  perServerToday: number
  perServerAfter: number
  systemAfter: number
  serversToAddWithout: number
  serversToAddWith: number
  serversSaved: number
}

export interface Plan {
  ratio: number
  servers: number
  apis: ApiPlan[]
  totals: { serversToAddWithout: number; serversToAddWith: number; serversSaved: number }
}

function toAdd(required: number, capacity: number, perServer: number): number {
  if (required <= capacity) return 0
  return Math.max(0, Math.ceil((required - capacity) / perServer - 1e-9))
}

/** Returns null when the inputs cannot give a plan (no servers, no ratio, zero current load). */
export function planMigration(servers: number, ratio: number, apis: ApiLoad[]): Plan | null {
  if (!(servers > 0) || !(ratio > 0) || !Number.isFinite(ratio)) return null
  if (apis.length === 0 || apis.some((a) => !(a.current > 0) || !(a.required >= 0))) return null
  const planned = apis.map((a): ApiPlan => {
    const perServerToday = a.current / servers
    const perServerAfter = perServerToday * ratio
    const systemAfter = a.current * ratio
    const serversToAddWithout = toAdd(a.required, a.current, perServerToday)
    const serversToAddWith = toAdd(a.required, systemAfter, perServerAfter)
    return {
      ...a,
      perServerToday,
      perServerAfter,
      systemAfter,
      serversToAddWithout,
      serversToAddWith,
      serversSaved: serversToAddWithout - serversToAddWith,
    }
  })
  // Totals add the APIs up, as GET /api/calculator does (the site and the API must agree).
  const sum = (k: 'serversToAddWithout' | 'serversToAddWith') => planned.reduce((n, p) => n + p[k], 0)
  const totals = {
    serversToAddWithout: sum('serversToAddWithout'),
    serversToAddWith: sum('serversToAddWith'),
    serversSaved: 0,
  }
  totals.serversSaved = totals.serversToAddWithout - totals.serversToAddWith
  return { ratio, servers, apis: planned, totals }
}

/** What the ratio R compares: SLA throughput, or requests per CPU-second (servers whose CPU is the limit). */
export type SizeBy = 'throughput' | 'cpu'

/** The figure of a leaderboard row the ratio is made of; null when that row has none. */
export function sizingFigure(
  row: { slaThroughput?: number | null; requestsPerCpuSecond?: { mean?: number | null } | null } | null | undefined,
  by: SizeBy,
): number | null {
  if (!row) return null
  const v = by === 'cpu' ? row.requestsPerCpuSecond?.mean : row.slaThroughput
  return v && v > 0 ? v : null
}

// proxy first: a service in front of a database is what most migrations are about
const PREFERRED = ['proxy', 'json', 'plaintext', 'delay']

/** The scenario the calculator opens on: proxy when measured, else the first measured one; undefined while unknown. */
export function openingScenario(frameworks: readonly { scenarios: readonly string[] }[]): string | undefined {
  const measured = new Set(frameworks.flatMap((f) => f.scenarios))
  return PREFERRED.find((s) => measured.has(s)) ?? [...measured].sort()[0]
}

/** The flags of a leaderboard row, as the calculator reads them. */
export interface FlaggedRow {
  framework: string
  flags: readonly string[]
  agentRevoked?: boolean
}

/**
 * The one flag policy (methodology.md section 12, schema/testdata/rules/flags.json), as GET /api/calculator applies
 * it: which side cannot size a migration, and why; null when both can. A figure with no honest order never can; by
 * throughput, a lower-bound A neither (B / A would overstate the gain). `include`: flagged=include.
 */
export function calculatorRefusal(
  from: FlaggedRow,
  to: FlaggedRow,
  by: SizeBy,
  include = false,
): { field: 'from' | 'to'; message: string } | null {
  if (include) return null
  const fromUnranked = unrankedBy(from.flags, from.agentRevoked)
  if (fromUnranked.length)
    return {
      field: 'from',
      message: `${from.framework} is flagged ${fromUnranked.join(', ')}: its figure has no honest order`,
    }
  if (by !== 'cpu' && isLowerBound(from.flags))
    return {
      field: 'from',
      message: `${from.framework}’s figure is only a lower bound (${from.flags.join(', ')}): a ratio over it would overstate the gain`,
    }
  const toUnranked = unrankedBy(to.flags, to.agentRevoked)
  if (toUnranked.length)
    return {
      field: 'to',
      message: `${to.framework} is flagged ${toUnranked.join(', ')}: its figure has no honest order`,
    }
  return null
}

/** Whether the leaderboard ratio is a lower bound: by throughput, when B's figure is one. */
export function ratioAtLeast(to: FlaggedRow, by: SizeBy, include = false): boolean {
  return !include && by !== 'cpu' && isLowerBound(to.flags)
}
