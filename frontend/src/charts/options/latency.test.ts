import { describe, expect, it } from 'vitest'
import { latencyOption } from './latency'

const series = [
  {
    framework: 'Netty',
    ioModel: 'non-blocking' as const,
    runId: 'r',
    points: [
      { connections: 256, targetRate: null, p50: 2, p90: 3, p99: 9, throughput: 130000, flags: [], forks: 2 },
      { connections: 16, targetRate: null, p50: 0.2, p90: 0.3, p99: 0.9, throughput: 80000, flags: [], forks: 1 },
    ],
  },
]

describe('latencyOption', () => {
  it('draws p50, p90 and p99 against concurrency, with distinct line styles', () => {
    const opt = latencyOption(series)
    const lines = opt.series as { lineStyle: { type: string }; data: unknown[][] }[]
    expect(lines.map((l) => l.lineStyle.type)).toEqual(['solid', 'dashed', 'dotted'])
    expect(lines[2].data.map((d) => d[1])).toEqual([0.9, 9])
    expect(lines[0].data[0][0]).toBe(16)
  })
  it('shows only the chosen percentiles', () => {
    expect(latencyOption(series, ['p99']).series).toHaveLength(1)
  })
  it('escapes framework names in the tooltip', () => {
    const opt = latencyOption(series)
    expect(opt.tooltip.formatter({ seriesName: '<x>', data: [16, 0.2, 'p50', 80000, 1] })).toContain('&lt;x&gt;')
  })
  it('says over how many JVM starts each point was measured', () => {
    const opt = latencyOption(series)
    const lines = opt.series as { data: [number, number, string, number, number][] }[]
    expect(opt.tooltip.formatter({ seriesName: 'Netty', data: lines[0].data[1] })).toContain('130,000 req/s (2 starts)')
    expect(opt.tooltip.formatter({ seriesName: 'Netty', data: lines[0].data[0] })).toContain(
      '80,000 req/s (one start: between-start noise not included)',
    )
  })
})
