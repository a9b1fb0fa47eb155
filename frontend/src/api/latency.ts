// GET /api/latency: p50/p90/p99 against concurrency.
import { getJson } from './http'
import type { LatencySeries } from './types'

export interface LatencyQuery {
  scenario: string
  framework?: string
  ioModel?: string
  hostClass?: string
  vcpus?: number
  loadModel?: string
}

export function fetchLatency(q: LatencyQuery, signal?: AbortSignal): Promise<{ series: LatencySeries[] }> {
  return getJson('/api/latency', { ...q }, signal)
}
