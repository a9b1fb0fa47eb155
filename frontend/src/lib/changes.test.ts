import { describe, expect, it } from 'vitest'
import { changedFields, directionOf, filterDirection, formatEffect } from './changes'

describe('change points in words', () => {
  it('calls falling throughput and rising p99 regressions', () => {
    expect(directionOf({ metric: 'throughput', effectPercent: -15 })).toBe('regression')
    expect(directionOf({ metric: 'throughput', effectPercent: 8 })).toBe('improvement')
    expect(directionOf({ metric: 'p99', effectPercent: 20 })).toBe('regression')
    expect(directionOf({ metric: 'p99', effectPercent: -20 })).toBe('improvement')
  })

  it('filters by direction, and keeps all without one', () => {
    const all = [
      { metric: 'throughput', effectPercent: -15 },
      { metric: 'p99', effectPercent: -10 },
    ]
    expect(filterDirection(all, 'regression')).toEqual([all[0]])
    expect(filterDirection(all, 'improvement')).toEqual([all[1]])
    expect(filterDirection(all, undefined)).toEqual(all)
  })

  it('lists what changed between the runs', () => {
    expect(changedFields({ changed: { jvmVersion: { before: '21.0.4', after: '21.0.5' } } })).toEqual([
      'jvmVersion 21.0.4 → 21.0.5',
    ])
    expect(changedFields({ changed: {} })).toEqual([])
    expect(formatEffect(-15.17)).toBe('−15.2%')
    expect(formatEffect(8)).toBe('+8.0%')
  })
})
