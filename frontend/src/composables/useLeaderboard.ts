// useLeaderboard: the leaderboard of the scenario in the path, filtered by the URL's query.
import { computed } from 'vue'
import { useRoute } from 'vue-router'
import { fetchLeaderboard, type LeaderboardQuery } from '../api/leaderboard'
import { SCENARIOS } from '../api/types'
import { leaderboardSchema } from '../lib/query'
import { useQueryState } from './useQueryState'
import { useResource } from './useResource'

/** A board of the site: a scenario of the run schema, or the composite of them all (else the page is a 404). */
export function isBoard(scenario: string): boolean {
  return scenario === 'composite' || (SCENARIOS as readonly string[]).includes(scenario)
}

/** The API query of a board page: its scenario and its filters (sort is the table's, not the API's). */
export function boardQuery(scenario: string, values: Record<string, unknown>): LeaderboardQuery {
  // the composite tab reads plaintext's board for the pickers
  const q: LeaderboardQuery = { scenario: scenario === 'composite' ? 'plaintext' : scenario }
  for (const [k, val] of Object.entries(values))
    if (val !== undefined && k !== 'sort') (q as unknown as Record<string, unknown>)[k] = val
  return q
}

export function useLeaderboard() {
  const route = useRoute()
  const state = useQueryState(leaderboardSchema)
  const scenario = computed(() => String(route.params.scenario ?? 'plaintext'))
  const query = computed(() => boardQuery(scenario.value, state.values.value))
  const resource = useResource(query, (q, signal) => fetchLeaderboard(q, signal), {
    skip: () => !isBoard(scenario.value),
  })
  return { scenario, filters: state.values, update: state.update, reset: state.reset, query, ...resource }
}
