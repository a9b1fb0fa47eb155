// GET /api/frameworks: every framework target, for the pickers.
import { getJson } from './http'
import type { FrameworkEntry } from './types'

export function fetchFrameworks(signal?: AbortSignal): Promise<{ items: FrameworkEntry[] }> {
  return getJson('/api/frameworks', undefined, signal)
}
