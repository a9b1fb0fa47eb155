import { describe, expect, test } from 'vitest'
import { frameworkHistoryOption } from './frameworkHistory'
import { IO_COLORS } from './common'

describe('frameworkHistoryOption', () => {
  test('one line per I/O model in the I/O model colours, points in time order, names escaped in tooltips', () => {
    const o = frameworkHistoryOption([
      {
        ioModel: 'blocking',
        points: [
          {
            runId: 'a',
            startedAt: '2026-11-01T08:00:00Z',
            throughput: 48000,
            ciLow: null,
            ciHigh: null,
            frameworkVersion: '<b>1</b>',
            forks: 1,
          },
          {
            runId: 'b',
            startedAt: '2026-11-02T08:00:00Z',
            throughput: 50500,
            ciLow: 49000,
            ciHigh: 52000,
            frameworkVersion: '2',
            forks: 3,
          },
        ],
      },
      { ioModel: 'virtual-threads', points: [] },
    ])
    expect(o.series.map((s) => s.name)).toEqual(['blocking', 'virtual-threads'])
    expect(o.series[0].itemStyle.color).toBe(IO_COLORS.blocking)
    expect(o.series[0].data).toEqual([
      [Date.parse('2026-11-01T08:00:00Z'), 48000],
      [Date.parse('2026-11-02T08:00:00Z'), 50500],
    ])
    const tip = o.tooltip.formatter({ seriesIndex: 0, dataIndex: 0 })
    expect(tip).toContain('&lt;b&gt;1&lt;/b&gt;')
    expect(tip).toContain('48,000 req/s')
    expect(tip).toContain('95% CI —') // no interval: nothing made up
    // the interval says how many JVM starts it spans
    expect(o.tooltip.formatter({ seriesIndex: 0, dataIndex: 1 })).toContain('95% CI −3.0% / +3.0% (3 starts)')
  })
})
