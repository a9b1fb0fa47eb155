// GET /api/leaderboard: the ranked table of one scenario.
import { getJson } from './http'
import type { Leaderboard, ApiQuery } from './types'

export type LeaderboardQuery = ApiQuery<'/api/leaderboard'>

export function fetchLeaderboard(q: LeaderboardQuery, signal?: AbortSignal): Promise<Leaderboard> {
  return getJson<Leaderboard>('/api/leaderboard', { ...q }, signal)
}
