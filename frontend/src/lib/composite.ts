// The composite view across scenarios, in the manner of TechEmpower's composite scores: each scenario's figure is
// normalised by that scenario's best, then weighted; more realistic scenarios weigh more.
import type { Leaderboard, LeaderboardRow } from '../api/types'

/** The weights (shown on the page, documented in frontend/README.md): plaintext is the least realistic scenario. */
export const COMPOSITE_WEIGHTS: Record<string, number> = {
  plaintext: 1,
  json: 2,
  delay: 2,
  proxy: 3,
  db: 3,
  queries: 3,
  updates: 3,
  fortunes: 3,
}

export interface CompositeRow {
  framework: string
  ioModel: string
  classification: string | null
  /** The weighted mean of the normalised figures, 1 = the best in every counted scenario; null when incomplete. */
  score: number | null
  /** scenario -> the row's figure as a share of that scenario's best. */
  shares: Record<string, number | null>
  /** Counted scenarios it has no ranked figure in. */
  missing: string[]
  rank: number | null
  /** Some counted figure is a lower bound (the one flag policy): the score reads “at least”. */
  atLeast: boolean
}

/**
 * Scores every target seen on the boards. A scenario counts when some row is ranked in it; a target scores only
 * when it has a ranked SLA throughput in every counted scenario (TFB too scores only full coverage).
 */
export function composite(boards: Record<string, Leaderboard | null>): { scenarios: string[]; rows: CompositeRow[] } {
  const scenarios = Object.keys(COMPOSITE_WEIGHTS).filter((s) =>
    boards[s]?.rows.some((r) => r.rank !== null && r.slaThroughput),
  )
  const best: Record<string, number> = {}
  for (const s of scenarios)
    best[s] = Math.max(...boards[s]!.rows.filter((r) => r.rank !== null).map((r) => r.slaThroughput ?? 0))
  const targets = new Map<string, CompositeRow>()
  for (const s of Object.keys(COMPOSITE_WEIGHTS)) {
    for (const r of boards[s]?.rows ?? []) {
      const key = `${r.framework}\u0000${r.ioModel}`
      if (!targets.has(key))
        targets.set(key, {
          framework: r.framework,
          ioModel: r.ioModel,
          classification: r.classification ?? null,
          score: null,
          shares: {},
          missing: [],
          rank: null,
          atLeast: false,
        })
    }
  }
  const find = (s: string, t: CompositeRow): LeaderboardRow | undefined =>
    boards[s]?.rows.find((r) => r.framework === t.framework && r.ioModel === t.ioModel)
  for (const t of targets.values()) {
    let sum = 0
    let weights = 0
    for (const s of scenarios) {
      const r = find(s, t)
      const share = r && r.rank !== null && r.slaThroughput ? r.slaThroughput / best[s] : null
      t.shares[s] = share
      if (share === null) t.missing.push(s)
      else {
        t.atLeast ||= !!r?.atLeast
        sum += COMPOSITE_WEIGHTS[s] * share
        weights += COMPOSITE_WEIGHTS[s]
      }
    }
    t.score = scenarios.length && !t.missing.length ? sum / weights : null
  }
  const rows = [...targets.values()].sort(
    (a, b) => (b.score ?? -1) - (a.score ?? -1) || a.framework.localeCompare(b.framework),
  )
  rows.forEach((r, i) => (r.rank = r.score === null ? null : i + 1))
  return { scenarios, rows }
}
