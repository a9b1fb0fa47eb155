import { describe, expect, it } from 'vitest'
import {
  achievedShare,
  costBoardPath,
  costBoardQuery,
  costCalculatorPath,
  formatMicros,
  microsPerRequest,
  microsRange,
  rssMbAt,
} from './costAtRate'

describe('cost at a fixed load', () => {
  it('turns requests per CPU-second into CPU microseconds per request', () => {
    expect(microsPerRequest(100_000)).toBe(10)
    expect(microsPerRequest(0)).toBeNull()
    expect(microsPerRequest(null)).toBeNull()
    expect(formatMicros(9.87)).toBe('9.9 µs')
    expect(formatMicros(1234.4)).toBe('1,234 µs')
    expect(formatMicros(null)).toBe('—')
  })

  it('inverts the interval, swapping its ends', () => {
    expect(microsRange({ mean: 100_000, ciLow: 80_000, ciHigh: 125_000, repeats: 3 })).toEqual([8, 12.5])
    expect(microsRange({ mean: 100_000, ciLow: null, ciHigh: null, repeats: 1 })).toBeNull()
  })

  it('gives the memory at the rate achieved and the share of the offered rate', () => {
    expect(rssMbAt(30, 10_000)).toBe(300)
    expect(rssMbAt(null, 10_000)).toBeNull()
    expect(achievedShare(9_000, 10_000)).toBe(0.9)
  })

  it('reads the ranking from the leaderboard of the cost cells, and links the board to it', () => {
    expect(costBoardQuery('plaintext', 10_000, 'H · 2 vCPU · 8 GiB', 1)).toEqual({
      scenario: 'plaintext',
      loadModel: 'open',
      targetRate: 10_000,
      rank: 'cpu',
      hostClass: 'H · 2 vCPU · 8 GiB',
      vcpus: 1,
    })
    expect(costBoardPath('plaintext', 10_000, 'H · 2 vCPU', 1)).toBe(
      '/leaderboard/plaintext?loadModel=open&targetRate=10000&rank=cpu&hostClass=H+%C2%B7+2+vCPU&vcpus=1',
    )
    expect(costCalculatorPath('plaintext', 2_000, null)).toBe('/calculator?scenario=plaintext&targetRate=2000&by=cpu')
  })
})
