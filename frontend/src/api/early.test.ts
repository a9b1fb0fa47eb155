import { describe, expect, it } from 'vitest'
import { HOME_BOARD } from './early'
import { withQuery } from './http'
import { boardQuery } from '../composables/useLeaderboard'
import { leaderboardSchema, parseQuery } from '../lib/query'

describe('the home page board asked for early', () => {
  it('is the very URL the board asks for on / with no filter, so its answer is used and not asked twice', () => {
    const url = withQuery('/api/leaderboard', { ...boardQuery('plaintext', parseQuery(leaderboardSchema, {})) })
    expect(HOME_BOARD).toBe(url)
  })
  it('differs from a filtered board, which asks for itself', () => {
    const values = parseQuery(leaderboardSchema, { ioModel: 'blocking' })
    expect(withQuery('/api/leaderboard', { ...boardQuery('plaintext', values) })).not.toBe(HOME_BOARD)
  })
})
