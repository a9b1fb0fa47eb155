import { describe, expect, test } from 'vitest'
import type { LeaderboardRow } from '../api/types'
import { row as base } from '../charts/options/fixtures'
import { howSure, placeDecided } from './howSure'

const row = (rank: number | null, rankHigh: number | null, extra: Partial<LeaderboardRow> = {}) =>
  base({ rank, rankHigh, tied: rankHigh !== rank, ...extra })

describe('how sure', () => {
  test('counts the decided places and explains a range with the board’s own first range', () => {
    const rows = [row(1, 1), row(2, 3), row(2, 3), row(4, 4), row(null, null, { excludedBy: ['high-error-rate'] })]
    expect(howSure(rows)).toBe(
      '2 of 4 places are decided; a range such as “2–3” means the measurements cannot tell the row from its neighbours.',
    )
  })

  test('a board where every place is decided says so, and names no range', () => {
    const text = howSure([row(1, 1), row(2, 2), row(3, null)])
    expect(text).toBe('All 3 places are decided: the measurements tell every ranked row apart from the others.')
    expect(text).not.toMatch(/–/)
  })

  test('a board that decides nothing says so', () => {
    expect(howSure([row(1, 4), row(1, 4), row(1, 4), row(1, 4)])).toMatch(/^No place is decided yet: .*“1–4”/)
  })

  test('a lower bound among the ranked rows is named; one among the unranked is not', () => {
    expect(howSure([row(1, 2, { atLeast: true }), row(1, 2)])).toMatch(
      /; “≥” marks a figure that is only a lower bound\.$/,
    )
    expect(howSure([row(1, 1), row(2, 2), row(null, null, { atLeast: true })])).not.toMatch(/≥/)
  })

  test('a board of one ranked row, or none, says what there is', () => {
    expect(howSure([row(1, 1)])).toBe('One row is ranked: there is nothing here to tell it apart from.')
    expect(howSure([row(null, null)])).toBe('No row here can be ranked honestly: each says why beside its name.')
  })

  test('a place is decided when its range is one place', () => {
    expect(placeDecided({ rank: 3, rankHigh: 3 })).toBe(true)
    expect(placeDecided({ rank: 3, rankHigh: null })).toBe(true)
    expect(placeDecided({ rank: 2, rankHigh: 5 })).toBe(false)
    expect(placeDecided({ rank: null, rankHigh: null })).toBe(false)
  })
})
