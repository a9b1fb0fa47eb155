// GET /api/composite: every scenario's board on one host class and vCPU count, scored (the weighted geometric mean of
// each target's shares of the scenarios' best) and ranked by the service's comparison engine.
import { getJson } from './http'
import type { LeaderboardQuery } from './leaderboard'
import type { components } from './openapi'

export type Composite = components['schemas']['CompositeResponse']
export type CompositeRow = components['schemas']['CompositeRow']

export function fetchComposite(q: Omit<LeaderboardQuery, 'scenario'>, signal?: AbortSignal): Promise<Composite> {
  return getJson<Composite>('/api/composite', { ...q }, signal)
}
