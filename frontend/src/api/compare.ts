// GET /api/compare: the ratio of two cells' figures with its interval and the comparison engine's verdict.
import { getJson } from './http'
import type { Comparison } from './types'

export function fetchComparison(a: number, b: number, signal?: AbortSignal): Promise<Comparison> {
  return getJson<Comparison>('/api/compare', { a, b }, signal)
}
