// GET /api/calculator: the migration plan sized from the leaderboard, with the board's verdict on the two frameworks
// (the comparison engine) and the servers saved at both ends of the ratio's interval.
import { getJson } from './http'
import type { Query } from './http'
import type { components } from './openapi'

export type CalculatorAnswer = components['schemas']['CalculatorResponse']

export function fetchCalculator(query: Query, signal?: AbortSignal): Promise<CalculatorAnswer> {
  return getJson<CalculatorAnswer>('/api/calculator', query, signal)
}
