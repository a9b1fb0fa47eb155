import { describe, expect, test } from 'vitest'
import type { LeaderboardRow } from '../api/types'
import { row as base } from '../charts/options/fixtures'
import { readFileSync } from 'node:fs'
import {
  flagsPresent,
  isLowerBound,
  measuredConnections,
  nextSort,
  QUALITY_FLAGS,
  shareOfBest,
  sortRows,
  unrankedBy,
  unrankedReason,
} from './board'

function row(
  framework: string,
  rank: number | null,
  sla: number | null,
  extra: Partial<LeaderboardRow> = {},
): LeaderboardRow {
  return base({
    rank,
    framework,
    slaThroughput: sla,
    bestThroughput: sla ?? 1000,
    ciLow: null,
    ciHigh: null,
    repeatCount: 5,
    ...extra,
  })
}

describe('% of best', () => {
  test('is measured against the best ranked row, so a flagged row above it shows more than 100%', () => {
    const rows = [
      row('A', 1, 100_000),
      row('B', 2, 50_000),
      row('C', null, 150_000, { flags: ['noisy'], excludedBy: ['noisy'] }),
    ]
    expect(shareOfBest(rows, 'throughput')).toEqual([1, 0.5, 1.5])
  })
  test('for memory the lowest MB per 1,000 req/s is the best', () => {
    const mem = (mean: number) => ({ rssMbPerKrps: { mean, ciLow: mean, ciHigh: mean, repeats: 5 } })
    expect(shareOfBest([row('A', 1, 1, mem(2)), row('B', 2, 1, mem(4))], 'memory')).toEqual([1, 0.5])
  })
})

describe('sorting', () => {
  const rows = [
    row('B', 1, 90_000, { errorRate: 0.02 }),
    row('A', 2, 80_000, { errorRate: 0 }),
    row('C', null, null, { errorRate: null }),
  ]
  const names = (sort?: string) => sortRows(rows, shareOfBest(rows, 'throughput'), sort).map((r) => r.row.framework)
  test('a first click sorts numbers best first and names A to Z; a second click reverses', () => {
    expect(nextSort(undefined, 'sla')).toBe('-sla')
    expect(nextSort('-sla', 'sla')).toBe('sla')
    expect(nextSort(undefined, 'framework')).toBe('framework')
    expect(nextSort(undefined, 'errors')).toBe('errors')
    expect(nextSort('rank', 'rank')).toBe('-rank')
    expect(nextSort('-rank', 'rank')).toBeUndefined()
  })
  test('rows without the value stay last in either direction', () => {
    expect(names('-sla')).toEqual(['B', 'A', 'C'])
    expect(names('sla')).toEqual(['A', 'B', 'C'])
    expect(names('framework')).toEqual(['A', 'B', 'C'])
    expect(names('errors')).toEqual(['A', 'B', 'C'])
    expect(names(undefined)).toEqual(['B', 'A', 'C'])
  })
  test('time to peak sorts the quickest first, a row without one last', () => {
    const peaks = [
      row('Slow', 1, 1, { timeToPeakSeconds: 40 }),
      row('None', 2, 1, { timeToPeakSeconds: null }),
      row('Quick', 3, 1, { timeToPeakSeconds: 6 }),
    ]
    const order = (sort: string) => sortRows(peaks, [null, null, null], sort).map((r) => r.row.framework)
    expect(nextSort(undefined, 'peak')).toBe('peak')
    expect(order('peak')).toEqual(['Quick', 'Slow', 'None'])
    expect(order('-peak')).toEqual(['Slow', 'Quick', 'None'])
  })
  test('allocation and GC share sort the least first, a row without them (nginx, v1 runs) last', () => {
    const gc = (bytes: number, share: number) => ({
      gc: {
        allocatedBytesPerRequest: { mean: bytes, ciLow: null, ciHigh: null, repeats: 5 },
        gcCount: 1,
        gcSeconds: 0.01,
        gcCpuShare: share,
        gcPauseMaxMs: 1,
      },
    })
    const jvm = [row('Heavy', 1, 1, gc(9000, 0.01)), row('None', 2, 1, { gc: null }), row('Light', 3, 1, gc(400, 0.05))]
    const order = (sort: string) => sortRows(jvm, [null, null, null], sort).map((r) => r.row.framework)
    expect(nextSort(undefined, 'alloc')).toBe('alloc')
    expect(order('alloc')).toEqual(['Light', 'Heavy', 'None'])
    expect(order('-alloc')).toEqual(['Heavy', 'Light', 'None'])
    expect(order('gc')).toEqual(['Heavy', 'Light', 'None'])
  })
  test('the concurrency columns are the union of every row’s sweep', () => {
    const at = (c: number, t: number) => ({
      connections: c,
      targetRate: null,
      throughput: t,
      ciLow: null,
      ciHigh: null,
      errorRate: 0,
      flags: [],
      forks: 1,
    })
    const a = row('A', 1, 1, { throughputByConnections: [at(64, 1), at(256, 2)] })
    const b = row('B', 2, 1, { throughputByConnections: [at(512, 3)] })
    expect(measuredConnections([a, b])).toEqual([64, 256, 512])
    expect(names('-c256')).toEqual(['B', 'A', 'C'])
  })
})

describe('the one flag policy (schema/testdata/rules/flags.json, shared with the service and the agent)', () => {
  const rules = JSON.parse(
    readFileSync(new URL('../../../schema/testdata/rules/flags.json', import.meta.url), 'utf8'),
  ) as {
    kinds: Record<string, string>
    boards: {
      rows: { name: string; flags: string[]; revoked?: boolean }[]
      expect: { name: string; atLeast: boolean; excludedBy: string[] }[]
    }[]
  }
  test('every quality flag, in legend order, does what the shared rules say', () => {
    expect(Object.fromEntries(QUALITY_FLAGS.map((f) => [f.id, f.kind]))).toEqual(rules.kinds)
    expect(QUALITY_FLAGS.map((f) => f.id)).toEqual(Object.keys(rules.kinds))
  })
  test('lower bounds and the reasons a row is not ranked match the shared boards', () => {
    for (const board of rules.boards) {
      for (const want of board.expect) {
        const r = board.rows.find((x) => x.name === want.name)!
        expect(isLowerBound(r.flags), want.name).toBe(want.atLeast)
        expect(unrankedBy(r.flags, r.revoked), want.name).toEqual(want.excludedBy)
      }
    }
  })
  test('an unranked row says why in words', () => {
    expect(unrankedReason(['high-error-rate', 'revoked-agent'])).toBe(
      'Not ranked: more than 1% of its requests failed; the agent that measured it has been revoked.',
    )
  })
})

describe('the flag legend', () => {
  test('lists only the flags the rows carry, in legend order', () => {
    const rows = [
      row('A', 1, 100, { flags: ['noisy'] }),
      row('B', 2, 90, { flags: [] }),
      row('C', null, 80, { flags: ['high-error-rate', 'generator-saturated'] }),
    ]
    expect(flagsPresent(rows).map((f) => f.id)).toEqual(['generator-saturated', 'noisy', 'high-error-rate'])
    expect(flagsPresent([row('A', 1, 100)])).toEqual([])
  })
})
