// GET /api/composite: every scenario's board on one host class and vCPU count, scored (the weighted geometric mean of
// each target's shares of the scenarios' best) and ranked by the service's comparison engine.
import { getJson } from './http'
import type { LeaderboardQuery } from './leaderboard'
import type { components } from './openapi'

export type Composite = components['schemas']['CompositeResponse']
export type CompositeRow = components['schemas']['CompositeRow']

/** The board's filters the composite takes: all but the scenario, the ranking figure (it scores throughput) and format. */
export function fetchComposite(q: Omit<LeaderboardQuery, 'scenario'>, signal?: AbortSignal): Promise<Composite> {
  const taken = Object.fromEntries(
    Object.entries(q).filter(([k]) => k !== 'rank' && k !== 'format' && k !== 'segments' && k !== 'topology'),
  )
  return getJson<Composite>('/api/composite', taken, signal)
}
