// GET /api/history: a framework's series over time or by framework version, regressions flagged.
import { getJson } from './http'
import type { HistorySeries, ApiQuery } from './types'

export type HistoryQuery = ApiQuery<'/api/history'>

export function fetchHistory(q: HistoryQuery, signal?: AbortSignal): Promise<{ series: HistorySeries[] }> {
  return getJson('/api/history', { ...q }, signal)
}
