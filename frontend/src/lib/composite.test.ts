import { describe, expect, test } from 'vitest'
import type { Leaderboard, LeaderboardRow } from '../api/types'
import { COMPOSITE_WEIGHTS, composite } from './composite'

const row = (framework: string, sla: number | null, rank: number | null = 1) =>
  ({ framework, ioModel: 'blocking', classification: null, slaThroughput: sla, rank }) as unknown as LeaderboardRow
const board = (rows: LeaderboardRow[]) => ({ rows }) as unknown as Leaderboard

describe('composite', () => {
  test('normalises each scenario by its best and weighs them as shown on the page', () => {
    const { scenarios, rows } = composite({
      plaintext: board([row('A', 100), row('B', 50)]),
      json: board([row('A', 10), row('B', 20)]),
      db: board([]),
    })
    expect(scenarios).toEqual(['plaintext', 'json'])
    const w = COMPOSITE_WEIGHTS
    // A: 1 in plaintext, 0.5 in json; B: 0.5 and 1
    expect(rows.map((r) => r.framework)).toEqual(['B', 'A'])
    expect(rows[0].score).toBeCloseTo((w.plaintext * 0.5 + w.json * 1) / (w.plaintext + w.json), 12)
    expect(rows[1].score).toBeCloseTo((w.plaintext * 1 + w.json * 0.5) / (w.plaintext + w.json), 12)
    expect(rows.map((r) => r.rank)).toEqual([1, 2])
  })
  test('a framework missing a counted scenario, or unranked in it, gets no composite and says which', () => {
    const { rows } = composite({
      plaintext: board([row('A', 100), row('B', 50)]),
      json: board([row('A', 10), row('B', 30, null)]),
    })
    expect(rows.map((r) => [r.framework, r.rank, r.missing])).toEqual([
      ['A', 1, []],
      ['B', null, ['json']],
    ])
  })
})
