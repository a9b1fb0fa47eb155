import { describe, expect, it } from 'vitest'
import {
  achievedShare,
  costBoardPath,
  costBoardQuery,
  costCalculatorPath,
  costCells,
  formatMicros,
  ladderText,
  ladders,
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
    expect(costBoardPath('plaintext', 500, null, null, 'default')).toBe(
      '/leaderboard/plaintext?loadModel=open&targetRate=500&rank=cpu',
    )
    expect(costBoardPath('json', 500, null, 2, 'aot-cache')).toBe(
      '/leaderboard/json?loadModel=open&targetRate=500&rank=cpu&vcpus=2&jvmMode=aot-cache',
    )
    expect(costCalculatorPath('plaintext', 2_000, null)).toBe('/calculator?scenario=plaintext&targetRate=2000&by=cpu')
  })

  it('says how a ladder was chosen, or that its rates were given by hand', () => {
    const chosen = { rates: [2000, 10000], capacityRequestsPerSecond: 132000, share: 0.1 }
    expect(ladderText(chosen)).toBe('2,000 · 10,000 req/s, chosen under 10% of a capacity of 132,000 req/s')
    expect(ladderText({ rates: [500], capacityRequestsPerSecond: null, share: null })).toBe('500 req/s, given by hand')
    const cell = (id: number, costLadder: typeof chosen | null) => ({ id, costLadder }) as never
    expect(costCells([cell(1, chosen), cell(2, null), cell(3, chosen)]).map((c) => c.id)).toEqual([1, 3])
    expect(ladders([cell(1, chosen), cell(2, null), cell(3, chosen)])).toEqual([ladderText(chosen)])
  })
})
