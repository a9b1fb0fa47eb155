// GET /api/scaling: throughput per vCPU and scaling efficiency by vCPU count.
import { getJson } from './http'
import type { Scaling } from './types'

export interface ScalingQuery {
  scenario: string
  framework?: string
  ioModel?: string
  hostClass?: string
  loadModel?: string
  connections?: number
}

export function fetchScaling(q: ScalingQuery, signal?: AbortSignal): Promise<Scaling> {
  return getJson<Scaling>('/api/scaling', { ...q }, signal)
}
