// GET /api/changes: stored change points, newest first; GET /api/diff: what moved between two runs.
import { getJson, withQuery } from './http'
import type { ChangePoint, RunDiff, ApiQuery } from './types'

export type ChangesQuery = ApiQuery<'/api/changes'>

export function fetchChanges(q: ChangesQuery, signal?: AbortSignal): Promise<ChangePoint[]> {
  return getJson<ChangePoint[]>('/api/changes', { ...q }, signal)
}

/** The Atom feed of the same filter (the limit is the feed's own). */
export function changesFeedUrl(q: ChangesQuery): string {
  return withQuery('/api/changes.atom', { ...q, limit: undefined })
}

export function fetchDiff(a: string, b: string, signal?: AbortSignal): Promise<RunDiff> {
  return getJson<RunDiff>('/api/diff', { a, b }, signal)
}
