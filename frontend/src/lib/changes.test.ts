import { describe, expect, it } from 'vitest'
import type { ChangePoint } from '../api/types'
import {
  changedFields,
  directionOf,
  filterDirection,
  formatEffect,
  formatEffectSize,
  formatFigure,
  formatPValue,
  formatSpread,
} from './changes'

describe('change points in words', () => {
  it.each<[ChangePoint['metric'], number, string]>([
    ['throughput', -15, 'regression'],
    ['throughput', 8, 'improvement'],
    ['p99', 20, 'regression'],
    ['p99', -20, 'improvement'],
    ['cpu-per-request', 12, 'regression'],
    ['cpu-per-request', -12, 'improvement'],
    ['allocation-per-request', 30, 'regression'],
  ])(
    'calls falling throughput and rising p99 regressions: %s by %d per cent, %s',
    (metric, effectPercent, direction) => {
      expect(directionOf({ metric, effectPercent })).toBe(direction)
    },
  )

  it('shows the evidence in each metric’s unit, the p-value with its magnitude', () => {
    expect(formatFigure('throughput', 134_612.4)).toBe('134,612 req/s')
    expect(formatFigure('p99', 2.94)).toBe('2.9 ms')
    expect(formatFigure('cpu-per-request', 41.26)).toBe('41.3 µs CPU')
    expect(formatFigure('allocation-per-request', 80384)).toBe('78.5 KiB allocated')
    expect(formatSpread('throughput', 474, 134_600)).toBe('474 req/s (0.4%)')
    expect(formatSpread('throughput', null, 120_000)).toBe('one run')
    expect(formatPValue(4.66e-5)).toBe('4.7e−5')
    expect(formatPValue(0.0123)).toBe('0.012')
    expect(formatPValue(1e-20)).toBe('< 1e-12')
    expect(formatEffectSize(-3.24)).toBe('d = −3.2')
    expect(formatEffectSize(null)).toBe('—')
  })

  it('filters by direction, and keeps all without one', () => {
    const all: Pick<ChangePoint, 'metric' | 'effectPercent'>[] = [
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
