// GET /api/ab/{id}: one A/B comparison as its agent signed it; GET /api/ab?framework=: a framework's comparisons.
import { getJson } from './http'
import type { AbPage, AbStored } from './types'

export function fetchAb(id: string, signal?: AbortSignal): Promise<AbStored> {
  return getJson<AbStored>(`/api/ab/${encodeURIComponent(id)}`, undefined, signal)
}

export function fetchAbList(framework: string, signal?: AbortSignal): Promise<AbPage> {
  return getJson<AbPage>('/api/ab', { framework }, signal)
}
