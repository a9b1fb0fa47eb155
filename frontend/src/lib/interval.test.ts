import { describe, expect, it } from 'vitest'
import { formatInterval, plusMinus, startsNote } from './interval'

describe('intervals and the JVM starts they span', () => {
  it('says how many starts an interval spans, and that one start leaves the noise between starts out', () => {
    expect(startsNote(3)).toBe('3 starts')
    expect(startsNote(2)).toBe('2 starts')
    expect(startsNote(1)).toBe('one start: between-start noise not included')
    expect(startsNote(undefined)).toBe('one start: between-start noise not included')
  })
  it('gives the half-width as a share of the figure, with the starts beside it', () => {
    expect(plusMinus(100_000, 97_900, 102_100)).toBe('± 2.1%')
    expect(formatInterval(100_000, 97_900, 102_100, 3)).toBe('± 2.1% (3 starts)')
    expect(formatInterval(50_000, 49_600, 50_400, 1)).toBe('± 0.8% (one start: between-start noise not included)')
  })
  it('shows a dash, not a made-up width, without an interval or a figure', () => {
    expect(formatInterval(100_000, null, null, 2)).toBe('—')
    expect(formatInterval(0, 1, 2, 2)).toBe('—')
    expect(plusMinus(null, 1, 2)).toBeNull()
  })
})
