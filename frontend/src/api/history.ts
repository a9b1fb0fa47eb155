// GET /api/history: a framework's series over time or by framework version, regressions flagged.
import { getJson } from './http'
import type { HistorySeries } from './types'

export interface HistoryQuery {
  scenario: string
  framework: string
  ioModel?: string
  hostClass?: string
  vcpus?: number
  connections?: number
  window?: number
  /** version: points in framework-release order (default date) */
  orderBy?: 'date' | 'version'
}

export function fetchHistory(q: HistoryQuery, signal?: AbortSignal): Promise<{ series: HistorySeries[] }> {
  return getJson('/api/history', { ...q }, signal)
}
