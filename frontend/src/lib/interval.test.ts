import { describe, expect, it } from 'vitest'
import { formatInterval, formatRepeatsInterval, percentBounds, repeatsNote, segmentNote, startsNote } from './interval'

describe('intervals and the JVM starts they span', () => {
  it('says how many starts an interval spans, and that one start leaves the noise between starts out', () => {
    expect(startsNote(3)).toBe('3 starts')
    expect(startsNote(2)).toBe('2 starts')
    expect(startsNote(1)).toBe('one start: between-start noise not included')
    expect(startsNote(undefined)).toBe('one start: between-start noise not included')
  })
  it('gives each bound as a share of the figure, with the starts beside it', () => {
    // the service's intervals are on the log scale: exp(-h) and exp(h) around the figure, not symmetric
    expect(percentBounds(100_000, 100_000 * Math.exp(-0.05), 100_000 * Math.exp(0.05))).toBe('−4.9% / +5.1%')
    expect(percentBounds(100_000, 97_900, 102_100)).toBe('−2.1% / +2.1%')
    expect(formatInterval(100_000, 98_000, 102_100, 3)).toBe('−2.0% / +2.1% (3 starts)')
    expect(formatInterval(50_000, 49_600, 50_400, 1)).toBe(
      '−0.8% / +0.8% (one start: between-start noise not included)',
    )
  })
  it('signs a bound on the wrong side of the figure as it is', () => {
    expect(percentBounds(100, 101, 110)).toBe('+1.0% / +10.0%')
    expect(percentBounds(100, 90, 99)).toBe('−10.0% / −1.0%')
  })
  it('shows a dash, not a made-up width, without an interval or a figure', () => {
    expect(formatInterval(100_000, null, null, 2)).toBe('—')
    expect(formatInterval(0, 1, 2, 2)).toBe('—')
    expect(percentBounds(null, 1, 2)).toBeNull()
  })
  it('says that a cost interval is over the repeats of one run, never across runs or with the starts counted', () => {
    expect(repeatsNote(1)).toBe('over the repeats of one start')
    expect(repeatsNote(null)).toBe('over the repeats of one start')
    expect(repeatsNote(3)).toBe('over the repeats of one run, its starts pooled: between-start noise not counted')
    expect(formatRepeatsInterval(1000, 971, 1030, 1)).toBe('−2.9% / +3.0% over the repeats of one start')
    expect(formatRepeatsInterval(1000, null, 1030, 1)).toBe('—')
  })
  it('says whether a change point segment spans several runs', () => {
    expect(segmentNote(5)).toBe('over 5 runs: spans several JVM starts')
    expect(segmentNote(1)).toBe('over one run’s repeats: between-start noise not included')
  })
})
