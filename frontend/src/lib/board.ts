// Leaderboard arithmetic the site adds: "% of best", column sorting (held in the URL) and the flag legend.
import type { LeaderboardRow, RankBy } from '../api/types'

/**
 * What a quality flag does to a figure (methodology.md section 10; schema/testdata/rules/flags.json is the single
 * source, which this module's tests read): interval (ranked by its wide interval), lower-bound (ranked as "at least"
 * its value), unranked (no honest order).
 */
export type FlagKind = 'interval' | 'lower-bound' | 'unranked'

/** The quality flags, in legend order: a short label for the table, what each means, what it does to the figure. */
export const QUALITY_FLAGS: { id: string; label: string; meaning: string; kind: FlagKind }[] = [
  {
    id: 'generator-saturated',
    label: 'saturated',
    meaning: 'the load generator used all its CPU: the target could go faster, so the figure is “at least”',
    kind: 'lower-bound',
  },
  {
    id: 'above-baseline',
    label: '> nginx',
    meaning:
      'faster than the host’s nginx baseline at the same connections: the load generator, not the target, was the limit, so the figure is “at least”',
    kind: 'lower-bound',
  },
  {
    id: 'shares-generator-cpus',
    label: 'shared CPU',
    meaning:
      'the target ran on a CPU the load generator also used (a host too small to keep them apart): alone it would do at least as well',
    kind: 'lower-bound',
  },
  {
    id: 'warmup-not-stable',
    label: 'warm-up',
    meaning:
      'throughput had not settled when the warm-up cap ran out, or the repeats still climb: the figure is “at least”',
    kind: 'lower-bound',
  },
  {
    id: 'host-interference',
    label: 'host',
    meaning:
      'a repeat lost more than 5% of the machine’s CPU time to its host (steal) in each of its three tries: the target did not have its CPUs to itself, so the figure is “at least”',
    kind: 'lower-bound',
  },
  {
    id: 'noisy',
    label: 'noisy',
    meaning: 'repeats differ by more than 5% (coefficient of variation): the interval is wide, and the rank says so',
    kind: 'interval',
  },
  {
    id: 'high-error-rate',
    label: 'errors',
    meaning: 'more than 1% of the requests failed: the figure counts failures, so it is not ranked',
    kind: 'unranked',
  },
  {
    id: 'rate-not-held',
    label: 'rate not held',
    meaning:
      'a fixed-rate cost cell achieved less than 98% of its offered rate: its cost is not the cost at that rate, so it is not ranked',
    kind: 'unranked',
  },
]
const KINDS = new Map(QUALITY_FLAGS.map((f) => [f.id, f.kind]))

/** The quality flags some of `rows` carry, in legend order: the legend explains these and no others. */
export function flagsPresent(rows: readonly Pick<LeaderboardRow, 'flags'>[]): typeof QUALITY_FLAGS {
  const seen = new Set(rows.flatMap((r) => r.flags))
  return QUALITY_FLAGS.filter((f) => seen.has(f.id))
}

/** Flags that say something about a cell without changing what its figure means or how it ranks: label and meaning. */
export const INFO_FLAGS: { id: string; label: string; meaning: string }[] = [
  {
    id: 'jdk-lacks-counters',
    label: 'JDK counters',
    meaning:
      'the target’s JDK lacks a counter one of the repeats’ figures needs (the GC threads’ CPU time needs JDK 22 or later): that figure is missing, the others stand',
  },
]

/** True when the flags make the throughput figure a lower bound (ranked as “at least” its value). */
export function isLowerBound(flags: readonly string[]): boolean {
  return flags.some((f) => KINDS.get(f) === 'lower-bound')
}

/** Why a figure has no honest order (as the service's excludedBy): its unranked flags, then revoked-agent. */
export function unrankedBy(flags: readonly string[], agentRevoked = false): string[] {
  const why = QUALITY_FLAGS.filter((f) => f.kind === 'unranked' && flags.includes(f.id)).map((f) => f.id)
  return agentRevoked ? [...why, 'revoked-agent'] : why
}

const REASONS: Record<string, string> = {
  'high-error-rate': 'more than 1% of its requests failed',
  'rate-not-held': 'it achieved less than 98% of its offered rate',
  'revoked-agent': 'the agent that measured it has been revoked',
}

/** The sentence a visitor reads next to an unranked row. */
export function unrankedReason(excludedBy: readonly string[]): string {
  const why = excludedBy.map((e) => REASONS[e] ?? e)
  return why.length ? `Not ranked: ${why.join('; ')}.` : 'Not ranked.'
}

const LABELS = new Map([...QUALITY_FLAGS, ...INFO_FLAGS].map((f) => [f.id, f.label]))

/** The short label of a flag (other flags keep their id). */
export function flagLabel(id: string): string {
  return LABELS.get(id) ?? id
}

/** The figure a row is ranked and compared by under `rank`. */
export function rankFigure(r: LeaderboardRow, rank: RankBy | string): number | null {
  if (rank === 'cpu') return r.requestsPerCpuSecond?.mean ?? null
  if (rank === 'memory') return r.rssMbPerKrps?.mean ?? null
  return r.slaThroughput
}

/**
 * Each row's figure as a share of the best ranked row's (1 = the best): higher is better except memory, where the
 * lowest MB per 1,000 req/s is best. Unranked (flagged) rows are measured against the same best.
 */
export function shareOfBest(rows: LeaderboardRow[], rank: RankBy | string): (number | null)[] {
  const ranked = rows.filter((r) => r.rank !== null)
  const pool = (ranked.length ? ranked : rows)
    .map((r) => rankFigure(r, rank))
    .filter((v): v is number => v !== null && v > 0)
  if (!pool.length) return rows.map(() => null)
  const best = rank === 'memory' ? Math.min(...pool) : Math.max(...pool)
  return rows.map((r) => {
    const v = rankFigure(r, rank)
    if (v === null || v <= 0) return null
    return rank === 'memory' ? best / v : v / best
  })
}

/** The throughput of a row at a concurrency (the highest when several target rates share it). */
export function atConnections(r: LeaderboardRow, connections: number): number | null {
  const at = (r.throughputByConnections ?? []).filter((a) => a.connections === connections)
  return at.length ? Math.max(...at.map((a) => a.throughput)) : null
}

/** Every concurrency measured by any row, fewest first. */
export function measuredConnections(rows: LeaderboardRow[]): number[] {
  return [...new Set(rows.flatMap((r) => (r.throughputByConnections ?? []).map((a) => a.connections)))].sort(
    (a, b) => a - b,
  )
}

/** Sortable columns: key -> the value a row sorts by and whether a higher value is better (the first click's order). */
export type SortKey =
  | 'rank'
  | 'framework'
  | 'sla'
  | 'share'
  | 'best'
  | 'p90'
  | 'p99'
  | 'errors'
  | 'perVcpu'
  | 'baseline'
  | 'repeats'
  | 'cpu'
  | 'memory'
  | 'peak'
  | 'alloc'
  | 'gc'
  | `c${number}`

export function sortValue(r: LeaderboardRow, key: string, share: number | null): number | string | null {
  switch (key) {
    case 'rank':
      return r.rank
    case 'framework':
      return r.framework.toLowerCase()
    case 'sla':
      return r.slaThroughput
    case 'share':
      return share
    case 'best':
      return r.bestThroughput
    case 'p90':
      return r.p90Ms
    case 'p99':
      return r.p99Ms
    case 'errors':
      return r.errorRate
    case 'perVcpu':
      return r.throughputPerVcpu
    case 'baseline':
      return r.baselineShare
    case 'repeats':
      return r.repeatCount ?? null
    case 'cpu':
      return r.requestsPerCpuSecond?.mean ?? null
    case 'memory':
      return r.rssMbPerKrps?.mean ?? null
    case 'peak':
      return r.timeToPeakSeconds ?? null
    case 'alloc':
      return r.gc?.allocatedBytesPerRequest.mean ?? null
    case 'gc':
      return r.gc?.gcCpuShare ?? null
    default:
      return /^c\d+$/.test(key) ? atConnections(r, Number(key.slice(1))) : null
  }
}

/** Ascending first for these (lower is better, or alphabetical); descending first for the rest. */
export const ASCENDING_FIRST = new Set(['rank', 'framework', 'p90', 'p99', 'errors', 'memory', 'peak', 'alloc', 'gc'])

/** "sla" / "-sla" -> key and direction; unknown keys fall back to the ranking. */
export function parseSort(sort: string | undefined): { key: string; descending: boolean } {
  if (!sort) return { key: 'rank', descending: false }
  const descending = sort.startsWith('-')
  return { key: descending ? sort.slice(1) : sort, descending }
}

/** The sort after a click on a column header: the same column flips, another starts in its natural order. */
export function nextSort(current: string | undefined, key: string): string | undefined {
  const { key: k, descending } = parseSort(current)
  const next = k === key ? !descending : !ASCENDING_FIRST.has(key)
  if (key === 'rank' && !next) return undefined // the default order keeps links short
  return next ? `-${key}` : key
}

/** Rows in the order of `sort`; rows without the value go last whatever the direction; ties keep the ranking. */
export function sortRows(
  rows: LeaderboardRow[],
  shares: (number | null)[],
  sort: string | undefined,
): { row: LeaderboardRow; share: number | null }[] {
  const { key, descending } = parseSort(sort)
  const items = rows.map((row, i) => ({ row, share: shares[i], i }))
  items.sort((a, b) => {
    const va = sortValue(a.row, key, a.share)
    const vb = sortValue(b.row, key, b.share)
    if (va === null && vb === null) return a.i - b.i
    if (va === null) return 1
    if (vb === null) return -1
    const c = va < vb ? -1 : va > vb ? 1 : 0
    return c === 0 ? a.i - b.i : descending ? -c : c
  })
  return items.map(({ row, share }) => ({ row, share }))
}
