import { describe, expect, it } from 'vitest'
import type { ChangePoint } from '../../api/types'
import { changeMarks, historyOption } from './history'
import { history } from './fixtures'

describe('historyOption', () => {
  it('draws one line per host class with time on x, and marks regressions', () => {
    const opt = historyOption(history(2, 10))
    const lines = opt.series.filter((s) => s.type === 'line')
    const marks = opt.series.filter((s) => s.type === 'scatter') as { data: number[][] }[]
    expect(lines).toHaveLength(2)
    expect(opt.xAxis.type).toBe('time')
    expect(marks[0].data).toHaveLength(1)
    expect(marks[1].data).toHaveLength(0)
  })
  it('shows run id, JVM and versions on hover, escaped', () => {
    const data = history(1, 3)
    data[0].points[1].frameworkVersion = '<b>2.0</b>'
    const opt = historyOption(data)
    const html = opt.tooltip.formatter({ seriesIndex: 0, dataIndex: 1, data: null })
    expect(html).toContain('run run-0-1')
    expect(html).toContain('JVM Temurin 21')
    expect(html).toContain('&lt;b&gt;2.0&lt;/b&gt;')
    // each point's interval and the JVM starts it spans (the fixture: 1 start, then 2): 1,001 +- 10
    expect(html).toContain('95% CI −1.0% / +1.0% (2 starts)')
    expect(opt.tooltip.formatter({ seriesIndex: 0, dataIndex: 0, data: null })).toContain(
      '95% CI −1.0% / +1.0% (one start: between-start noise not included)',
    )
  })
  it('resolves a regression marker back to its point', () => {
    const opt = historyOption(history(1, 5))
    const marker = (opt.series[1] as { data: number[][] }).data[0]
    expect(opt.tooltip.formatter({ seriesIndex: 1, dataIndex: 0, data: marker })).toContain('regression')
  })
  it('stays light with 100 frameworks x 365 days: sampling, no symbols, no animation, zoomable', () => {
    const opt = historyOption(history(100, 365))
    const line = opt.series[0] as { sampling?: string; showSymbol: boolean }
    expect(line.sampling).toBe('lttb')
    expect(line.showSymbol).toBe(false)
    expect(opt.animation).toBe(false)
    expect(opt.dataZoom.map((d) => d.type)).toEqual(['inside', 'slider'])
  })
  it('keeps symbols and animation for small series', () => {
    const opt = historyOption(history(1, 30))
    expect((opt.series[0] as { showSymbol: boolean }).showSymbol).toBe(true)
    expect(opt.animation).toBe(true)
  })

  it('marks a change point with a line at its run and shades the before and after segments', () => {
    const [s] = history(1, 10)
    const change = {
      id: 1,
      metric: 'throughput',
      hostClass: s.hostClass,
      vcpus: s.vcpus,
      framework: s.framework,
      ioModel: s.ioModel,
      scenario: 'plaintext',
      loadModel: 'closed',
      connections: 256,
      targetRate: null,
      runBefore: 'run-0-6',
      runAfter: 'run-0-7',
      at: s.points[7].startedAt,
      runsBefore: 7,
      runsAfter: 3,
      before: { mean: 1003, ciLow: 1001, ciHigh: 1005 },
      after: { mean: 850, ciLow: 845, ciHigh: 855 },
      effectPercent: -15.25,
      pValue: 1e-9,
      changed: {},
      detectedAt: s.points[7].startedAt,
    } as unknown as ChangePoint // targetRate: null for closed loop (the schema does not say nullable yet)
    const marks = changeMarks(s, [change]) as { markLine: { data: unknown[] }; markArea: { data: unknown[] } }
    const t = (i: number) => Date.parse(s.points[i].startedAt)
    expect(marks.markLine.data).toEqual([
      { xAxis: t(7), name: '−15.3%' },
      [{ coord: [t(0), 1003] }, { coord: [t(6), 1003] }],
      [{ coord: [t(7), 850] }, { coord: [t(9), 850] }],
    ])
    expect(marks.markArea.data).toEqual([
      [{ coord: [t(0), 1001] }, { coord: [t(6), 1005] }],
      [{ coord: [t(7), 845] }, { coord: [t(9), 855] }],
    ])
    const line = historyOption([s], [change]).series[0] as { markLine?: unknown }
    expect(line.markLine).toBeDefined()
    // another series' change, or a p99 change, draws nothing
    expect(changeMarks(s, [{ ...change, framework: 'other' }])).toEqual({})
    expect(changeMarks(s, [{ ...change, metric: 'p99' }])).toEqual({})
  })
})

describe('historyOption by version', () => {
  it('puts the framework versions on a category axis in release order, each point at its version', () => {
    const data = history(2, 4)
    const versions = [
      ['12.1.10', '12.1.9', '12.1.9', '12.1.14'],
      ['12.1.13', '12.1.10', '12.1.10', '12.1.10'],
    ]
    data.forEach((s, i) => s.points.forEach((p, j) => (p.frameworkVersion = versions[i][j])))
    const opt = historyOption(data, [], 'version')
    expect(opt.xAxis).toMatchObject({ type: 'category', data: ['12.1.9', '12.1.10', '12.1.13', '12.1.14'] })
    const line = opt.series[0] as { data: (string | number)[][] }
    expect(line.data.map((d) => d[0])).toEqual(versions[0])
    expect(line.data[3][1]).toBe(data[0].points[3].throughput)
    const marker = (opt.series[2] as { data: unknown[][] }).data[0]
    expect(marker[0]).toBe('12.1.14') // the regression marker sits on its point's version
    expect(opt.tooltip.formatter({ seriesIndex: 2, dataIndex: 0, data: marker })).toContain('regression')
  })
})
