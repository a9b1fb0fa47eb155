import { describe, expect, it } from 'vitest'
import type { ScalingSeries } from '../../api/types'
import { scalingEfficiencyOption, scalingPerVcpuOption } from './scaling'

const s: ScalingSeries[] = [
  {
    framework: 'Netty',
    ioModel: 'non-blocking',
    topology: 'single',
    points: [
      {
        vcpus: 2,
        connections: 256,
        throughput: 190000,
        ciLow: 180000,
        ciHigh: 200000,
        perVcpu: 95000,
        perVcpuCiLow: 90000,
        perVcpuCiHigh: 100000,
        efficiency: 0.95,
        runId: 'r',
        flags: [],
        vsSingle: null,
        forks: 2,
      },
      {
        vcpus: 1,
        connections: 256,
        throughput: 100000,
        ciLow: 95000,
        ciHigh: 105000,
        perVcpu: 100000,
        perVcpuCiLow: 95000,
        perVcpuCiHigh: 105000,
        efficiency: 1,
        runId: 'r',
        flags: [],
        vsSingle: null,
        forks: 1,
      },
    ],
  },
  {
    framework: 'Spring MVC',
    ioModel: 'blocking',
    topology: 'single',
    points: [
      {
        vcpus: 2,
        connections: 64,
        throughput: 50000,
        ciLow: null,
        ciHigh: null,
        perVcpu: 25000,
        perVcpuCiLow: null,
        perVcpuCiHigh: null,
        efficiency: null,
        runId: 'r',
        flags: [],
        vsSingle: null,
        forks: 1,
      },
    ],
  },
]

describe('scaling options', () => {
  it('draws a confidence band as a stacked lower line and (high - low) area, sorted by vCPUs', () => {
    const opt = scalingPerVcpuOption(s)
    const netty = opt.series.filter((x) => (x as { name: string }).name === 'Netty (non-blocking)') as {
      stack?: string
      data: number[][]
      areaStyle?: object
    }[]
    expect(netty).toHaveLength(3)
    expect(netty[0].data).toEqual([
      [1, 95000],
      [2, 90000],
    ])
    expect(netty[1].data).toEqual([
      [1, 10000],
      [2, 10000],
    ])
    expect(netty[1].areaStyle).toBeDefined()
    expect(netty[0].stack).toBe(netty[1].stack)
    expect(netty[2].data).toEqual([
      [1, 100000],
      [2, 95000],
    ])
  })
  it('leaves out the band when the interval is unknown', () => {
    const opt = scalingPerVcpuOption(s)
    expect(opt.series.filter((x) => (x as { name: string }).name === 'Spring MVC (blocking)')).toHaveLength(1)
  })
  it('plots efficiency with the vCPU axis in powers of two', () => {
    const opt = scalingEfficiencyOption(s)
    expect(opt.xAxis.logBase).toBe(2)
    expect((opt.series[0] as { data: unknown[] }).data).toEqual([
      [1, 1],
      [2, 0.95],
    ])
    expect((opt.series[1] as { data: unknown[] }).data).toEqual([[2, null]])
  })
  it('says in the tooltip how many JVM starts each per-vCPU interval spans', () => {
    const opt = scalingPerVcpuOption(s)
    const tip = (i: number) => opt.tooltip.formatter({ seriesName: 'Netty (non-blocking)', dataIndex: i, data: null })
    expect(tip(0)).toContain('−5.3% / +5.3% (2 starts)')
    expect(tip(1)).toContain('−5.0% / +5.0% (one start: between-start noise not included)')
  })
  it('names a scale-out series by its instances and draws it dashed at the total vCPUs', () => {
    const out: ScalingSeries = { ...s[0], topology: 'nginx-2', points: [{ ...s[0].points[0], vsSingle: 1.2 }] }
    const opt = scalingPerVcpuOption([s[0], out])
    const names = opt.series.map((x) => (x as { name: string }).name)
    expect(names).toContain('Netty (non-blocking) · 2 instances behind nginx')
    const line = opt.series.find(
      (x) =>
        (x as { name: string }).name === 'Netty (non-blocking) · 2 instances behind nginx' &&
        (x as { lineStyle: { opacity?: number } }).lineStyle.opacity === undefined,
    ) as { lineStyle: { type: string }; data: number[][] }
    expect(line.lineStyle.type).toBe('dashed')
    expect(line.data).toEqual([[2, 95000]])
    expect(opt.xAxis.name).toBe('vCPUs (in total)')
    expect(scalingPerVcpuOption(s).xAxis.name).toBe('vCPUs')
  })
})
