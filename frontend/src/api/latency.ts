// GET /api/latency: p50/p90/p99 against concurrency.
import { getJson } from './http'
import type { LatencySeries, ApiQuery } from './types'

export type LatencyQuery = ApiQuery<'/api/latency'>

export function fetchLatency(q: LatencyQuery, signal?: AbortSignal): Promise<{ series: LatencySeries[] }> {
  return getJson('/api/latency', { ...q }, signal)
}
