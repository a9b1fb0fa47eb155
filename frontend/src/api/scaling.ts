// GET /api/scaling: throughput per vCPU and scaling efficiency by vCPU count.
import { getJson } from './http'
import type { Scaling, ApiQuery } from './types'

export type ScalingQuery = ApiQuery<'/api/scaling'>

export function fetchScaling(q: ScalingQuery, signal?: AbortSignal): Promise<Scaling> {
  return getJson<Scaling>('/api/scaling', { ...q }, signal)
}
