import { describe, expect, it } from 'vitest'
import type { WarmupCurve } from '../../api/types'
import { curveLabel, warmupLines, warmupOption } from './warmup'

function curve(extra: Partial<WarmupCurve> = {}): WarmupCurve {
  return {
    cellId: 1,
    ordinal: 0,
    framework: 'Netty',
    ioModel: 'non-blocking',
    scenario: 'plaintext',
    loadModel: 'closed',
    connections: 64,
    targetRate: null,
    vcpus: 1,
    topology: 'single',
    warmup: 'full',
    steadyRequestsPerSecond: 100000,
    timeToPeakSeconds: 15.006,
    windows: [
      { fork: 0, seconds: 5.002, requestsPerSecond: 52000, jitShare: 0.64 },
      { fork: 0, seconds: 5.001, requestsPerSecond: 88000, jitShare: 0.21 },
      { fork: 0, seconds: 5.003, requestsPerSecond: 97000, jitShare: null },
    ],
    jvmMode: 'default',
    ...extra,
  }
}

describe('warm-up curve', () => {
  it('names a curve measured from an AOT cache by its JVM mode', () => {
    expect(curveLabel(curve())).toBe('Netty (non-blocking) · plaintext · 64 connections')
    expect(curveLabel(curve({ jvmMode: 'aot-cache' }))).toBe(
      'Netty (non-blocking) · AOT cache · plaintext · 64 connections',
    )
  })

  it('puts each window at the end of its time, as a share of the steady state', () => {
    const [line] = warmupLines([curve()])
    expect(line.name).toBe('Netty (non-blocking) · plaintext · 64 connections')
    expect(line.points.map((p) => p.seconds)).toEqual([5.002, 10.003, 15.006])
    expect(line.points.map((p) => p.share)).toEqual([0.52, 0.88, 0.97])
    expect(line.points[0].jitShare).toBe(0.64)
  })

  it('draws each JVM start from its own beginning', () => {
    const c = curve({
      windows: [
        { fork: 0, seconds: 5, requestsPerSecond: 50000, jitShare: null },
        { fork: 1, seconds: 5, requestsPerSecond: 40000, jitShare: null },
        { fork: 1, seconds: 5, requestsPerSecond: 96000, jitShare: null },
      ],
    })
    const lines = warmupLines([c])
    expect(lines.map((l) => l.name)).toEqual([`${curveLabel(c)} · start 1`, `${curveLabel(c)} · start 2`])
    expect(lines[1].points.map((p) => p.seconds)).toEqual([5, 10])
  })

  it('marks 95% of the steady state once, and names every line in the legend', () => {
    const o = warmupOption([curve(), curve({ cellId: 2, framework: 'Undertow' })])
    expect(o.series).toHaveLength(2)
    expect((o.series[0] as { markLine?: { data: { yAxis: number }[] } }).markLine?.data[0].yAxis).toBe(0.95)
    expect((o.series[1] as { markLine?: unknown }).markLine).toBeUndefined()
    expect(o.legend.data).toEqual([curveLabel(curve()), curveLabel(curve({ framework: 'Undertow' }))])
    const tip = o.tooltip.formatter({ seriesIndex: 0, dataIndex: 0 })
    expect(tip).toContain('52,000 req/s')
    expect(tip).toContain('JIT compiling 64.0% of the window')
  })

  it('escapes names in the tooltip', () => {
    const o = warmupOption([curve({ framework: '<img src=x onerror=alert(1)>' })])
    expect(o.tooltip.formatter({ seriesIndex: 0, dataIndex: 0 })).not.toContain('<img')
  })
})
