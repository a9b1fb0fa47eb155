// GET /api/runs and /api/runs/{id}: runs as received, with their envelope.
import { getJson } from './http'
import type { Page, RunDetail, RunSummary } from './types'

export function fetchRuns(page = 0, size = 20, signal?: AbortSignal): Promise<Page<RunSummary>> {
  return getJson<Page<RunSummary>>('/api/runs', { page, size }, signal)
}

export function fetchRun(id: string, signal?: AbortSignal): Promise<RunDetail> {
  return getJson<RunDetail>(`/api/runs/${encodeURIComponent(id)}`, undefined, signal)
}
