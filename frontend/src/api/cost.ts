// GET /api/cost/rates: the offered rates of the fixed-rate cost cells measured on a host class.
import { getJson } from './http'
import type { CostRates } from './types'

export interface CostRatesQuery {
  scenario?: string
  hostClass?: string
  vcpus?: number
  /** Only this framework's cost cells: where and at which rates it was measured. */
  framework?: string
  /** default (unless given) or aot-cache: the rates of that mode's cost cells. */
  jvmMode?: string
}

export function fetchCostRates(q: CostRatesQuery, signal?: AbortSignal): Promise<CostRates> {
  return getJson<CostRates>('/api/cost/rates', { ...q }, signal)
}
