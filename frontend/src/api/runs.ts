// GET /api/runs and /api/runs/{id}: runs as received, with their envelope; /api/runs/{id}/parts: a run in parts;
// /api/runs/{id}/host: its host and settings alone (the line under a leaderboard).
import { getJson } from './http'
import type { Page, RunDetail, RunHost, RunPartsView, RunSummary } from './types'

export function fetchRuns(page = 0, size = 20, signal?: AbortSignal): Promise<Page<RunSummary>> {
  return getJson<Page<RunSummary>>('/api/runs', { page, size }, signal)
}

export function fetchRun(id: string, signal?: AbortSignal): Promise<RunDetail> {
  return getJson<RunDetail>(`/api/runs/${encodeURIComponent(id)}`, undefined, signal)
}

export function fetchRunHost(id: string, signal?: AbortSignal): Promise<RunHost> {
  return getJson<RunHost>(`/api/runs/${encodeURIComponent(id)}/host`, undefined, signal)
}

export function fetchRunParts(id: string, signal?: AbortSignal): Promise<RunPartsView> {
  return getJson<RunPartsView>(`/api/runs/${encodeURIComponent(id)}/parts`, undefined, signal)
}
