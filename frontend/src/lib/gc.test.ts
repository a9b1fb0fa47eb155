import { describe, expect, it } from 'vitest'
import type { Cell, Repeat } from '../api/types'
import { cellGc, formatAllocation, gcSummary } from './gc'

function repeat(requests: number, cpu: number, gc: Partial<NonNullable<Repeat['usage']>> | null): Repeat {
  return {
    requests,
    requestsPerSecond: requests / 10,
    latencyMs: { p50: 1, p75: 1, p90: 1, p99: 1, p999: 1, max: 1, mean: 1 },
    errors: { connect: 0, read: 0, write: 0, timeout: 0, status: 0 },
    fork: 0,
    usage: {
      wallSeconds: 10,
      targetCpuUserSeconds: cpu,
      targetCpuSystemSeconds: 0,
      targetRssMeanBytes: 1,
      targetRssPeakBytes: 1,
      generatorCpuSeconds: 1,
      samples: null,
      balancerCpuUserSeconds: null,
      balancerCpuSystemSeconds: null,
      allocatedBytesPerRequest: null,
      gcCount: null,
      gcSeconds: null,
      gcCpuShare: null,
      gcPauseMaxMs: null,
      ...gc,
    },
  } as Repeat
}

describe('cellGc', () => {
  it('weighs allocation by requests, averages count, time and share, keeps the longest pause', () => {
    const cell = {
      repeats: [
        repeat(100_000, 4, {
          allocatedBytesPerRequest: 1000,
          gcCount: 10,
          gcSeconds: 0.1,
          gcCpuShare: 0.02,
          gcPauseMaxMs: 5,
        }),
        repeat(300_000, 8, {
          allocatedBytesPerRequest: 2000,
          gcCount: 30,
          gcSeconds: 0.3,
          gcCpuShare: 0.04,
          gcPauseMaxMs: 9,
        }),
        repeat(50_000, 2, null), // no GC figures: left out
      ],
    } as Cell
    const g = cellGc(cell)!
    expect(g.allocatedBytesPerRequest).toBeCloseTo((1000 * 100_000 + 2000 * 300_000) / 400_000, 9)
    expect(g.cpuMicrosPerRequest).toBeCloseTo((12 / 400_000) * 1e6, 9)
    expect(g.gcCount).toBe(20)
    expect(g.gcSeconds).toBeCloseTo(0.2, 12)
    expect(g.gcCpuShare).toBeCloseTo(0.03, 12)
    expect(g.gcPauseMaxMs).toBe(9)
    expect(g.repeats).toBe(2)
  })

  it('leaves the GC share unknown, not 0, on a JDK before 22, whose repeats have every GC figure but it', () => {
    const jdk21 = { allocatedBytesPerRequest: 1000, gcCount: 10, gcSeconds: 0.1, gcPauseMaxMs: 5 }
    const g = cellGc({ repeats: [repeat(100, 1, jdk21), repeat(100, 1, jdk21)] } as Cell)!
    expect(g.gcCpuShare).toBeNull()
    expect(g.gcCount).toBe(10)
    const mixed = cellGc({ repeats: [repeat(100, 1, jdk21), repeat(100, 1, { ...jdk21, gcCpuShare: 0.04 })] } as Cell)!
    expect(mixed.gcCpuShare).toBeCloseTo(0.04, 12) // the mean over the repeats that carry it
  })

  it('is null for a cell without GC figures (nginx, older runs)', () => {
    expect(cellGc({ repeats: [repeat(10, 1, null)] } as Cell)).toBeNull()
    expect(cellGc({ repeats: null } as unknown as Cell)).toBeNull()
  })
})

describe('formatAllocation', () => {
  it('writes bytes, KiB and MiB', () => {
    expect(formatAllocation(312.4)).toBe('312 B')
    expect(formatAllocation(80384)).toBe('78.5 KiB')
    expect(formatAllocation(3.5 * 1024 ** 2)).toBe('3.5 MiB')
    expect(formatAllocation(null)).toBe('—')
  })
})

describe('gcSummary', () => {
  it("writes a cell's stored figures in one line, nothing without them", () => {
    const gc = {
      allocatedBytesPerRequest: { mean: 80384, ciLow: null, ciHigh: null, repeats: 1 },
      gcCount: 12,
      gcSeconds: 0.06,
      gcCpuShare: 0.0325,
      gcPauseMaxMs: 6.5,
    }
    expect(gcSummary(gc)).toBe('78.5 KiB allocated per request · GC 3.25% of CPU · longest pause 6.5 ms')
    expect(gcSummary(null)).toBeNull()
  })
})
