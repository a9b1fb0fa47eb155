// GET /api/frameworks/{slug}/jvm-modes: a framework's default and AOT-cache figures side by side.
import { getJson } from './http'
import type { JvmModeComparison } from './types'

export function fetchJvmModes(slug: string, signal?: AbortSignal): Promise<JvmModeComparison> {
  return getJson<JvmModeComparison>(`/api/frameworks/${encodeURIComponent(slug)}/jvm-modes`, undefined, signal)
}
