// Cost at a fixed load (methodology.md section 4): the arithmetic of the cost view's "cost at N req/s" ranking, whose
// rows are the leaderboard's rows of the fixed-rate cost cells (loadModel open, targetRate N, rank cpu).
import type { Cell, CostLadder, Figure } from '../api/types'
import { formatInteger } from './format'

const dash = '—'

/** CPU microseconds per request from requests per CPU-second (its inverse); null without a figure. */
export function microsPerRequest(perCpuSecond: number | null | undefined): number | null {
  return perCpuSecond && perCpuSecond > 0 && Number.isFinite(perCpuSecond) ? 1e6 / perCpuSecond : null
}

/** The 95% interval of CPU µs per request from that of requests per CPU-second: the inverse swaps its ends. */
export function microsRange(f: Figure | null | undefined): [number, number] | null {
  if (!f || f.ciLow === null || f.ciHigh === null || f.ciLow === undefined || f.ciHigh === undefined) return null
  const low = microsPerRequest(f.ciHigh)
  const high = microsPerRequest(f.ciLow)
  return low === null || high === null ? null : [low, high]
}

/** Microseconds: 9.87 -> "9.9 µs", 123.4 -> "123 µs". */
export function formatMicros(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return dash
  return v < 100 ? `${v.toFixed(1)} µs` : `${formatInteger(v)} µs`
}

/** Mean resident memory (MB) at the rate a row achieved: MB per 1,000 req/s times the achieved rate / 1,000. */
export function rssMbAt(rssMbPerKrps: number | null | undefined, achieved: number | null | undefined): number | null {
  if (rssMbPerKrps === null || rssMbPerKrps === undefined || !achieved) return null
  return (rssMbPerKrps * achieved) / 1000
}

/** The share of the offered rate a row achieved (the cost cell is flagged rate-not-held below 0.98). */
export function achievedShare(achieved: number | null | undefined, offered: number): number | null {
  return achieved === null || achieved === undefined || offered <= 0 ? null : achieved / offered
}

/** The query of the leaderboard that is the ranking at one offered rate. */
export function costBoardQuery(
  scenario: string,
  rate: number,
  hostClass: string | null | undefined,
  vcpus: number | null | undefined,
  jvmMode?: string,
) {
  return {
    scenario,
    loadModel: 'open' as const,
    targetRate: rate,
    rank: 'cpu' as const,
    ...(hostClass ? { hostClass } : {}),
    ...(vcpus ? { vcpus } : {}),
    ...(jvmMode && jvmMode !== 'default' ? { jvmMode } : {}),
  }
}

/** The board's address of the same ranking: costBoardQuery's parameters, the scenario in the path. */
export function costBoardPath(...args: Parameters<typeof costBoardQuery>): string {
  const { scenario, ...query } = costBoardQuery(...args)
  const q = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))
  return `/leaderboard/${encodeURIComponent(scenario)}?${q.toString()}`
}

/** The calculator's address sized from the cost at that rate (by CPU per request). */
export function costCalculatorPath(scenario: string, rate: number, hostClass: string | null | undefined): string {
  const q = new URLSearchParams({ scenario, targetRate: String(rate), by: 'cpu' })
  if (hostClass) q.set('hostClass', hostClass)
  return `/calculator?${q.toString()}`
}

/** The rate a cost cell had to hold: below this share of its offered rate it is flagged rate-not-held. */
export const HELD_SHARE = 0.98

/**
 * How a run chose its offered rates, in words: "2,000 · 10,000 req/s, chosen under 10% of a capacity of 132,000 req/s"
 * (the host's capacity, the run's baseline) or "given by hand" when the ladder records no capacity.
 */
export function ladderText(ladder: CostLadder): string {
  const rates = ladder.rates.map((r) => formatInteger(r)).join(' · ')
  const capacity = ladder.capacityRequestsPerSecond
  const share = ladder.share
  const how =
    capacity === null || capacity === undefined || share === null || share === undefined
      ? 'given by hand'
      : `chosen under ${Number((share * 100).toFixed(1))}% of a capacity of ${formatInteger(capacity)} req/s`
  return `${rates} req/s, ${how}`
}

/** A run's fixed-rate cost cells (those with a ladder), in payload order. */
export function costCells(cells: Cell[]): Cell[] {
  return cells.filter((c) => c.costLadder !== null && c.costLadder !== undefined)
}

/** The distinct ladders of a run's cost cells (one in a run the agent measured in one go), by their text. */
export function ladders(cells: Cell[]): string[] {
  return [...new Set(costCells(cells).map((c) => ladderText(c.costLadder as CostLadder)))]
}
