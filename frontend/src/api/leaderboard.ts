// GET /api/leaderboard: the ranked table of one scenario.
import { getJson } from './http'
import type { Leaderboard } from './types'

export interface LeaderboardQuery {
  scenario: string
  hostClass?: string
  vcpus?: number
  jvmVendor?: string
  jvmMajor?: number
  ioModel?: string
  framework?: string
  loadModel?: string
  connections?: number
  from?: string
  to?: string
  sla?: number
  rank?: string
  /** segment (the API's default): figures pooled over each series' current segment; latest: the newest run alone */
  basis?: string
  classification?: string
  flagged?: string
}

export function fetchLeaderboard(q: LeaderboardQuery, signal?: AbortSignal): Promise<Leaderboard> {
  return getJson<Leaderboard>('/api/leaderboard', { ...q }, signal)
}
