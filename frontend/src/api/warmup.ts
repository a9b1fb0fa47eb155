// GET /api/runs/{id}/warmup: the warm-up curve of each cell of a run; /api/runs/{id}/raw: its raw output (a download).
import { getJson } from './http'
import type { WarmupCurves } from './types'

export function fetchWarmup(runId: string, signal?: AbortSignal): Promise<WarmupCurves> {
  return getJson<WarmupCurves>(`/api/runs/${encodeURIComponent(runId)}/warmup`, undefined, signal)
}

/** Where the run's raw load-generator output downloads from (gzip). */
export function rawOutputUrl(runId: string): string {
  return `/api/runs/${encodeURIComponent(runId)}/raw`
}
