import { describe, expect, it } from 'vitest'
import {
  barChartHeight,
  barValue,
  leaderboardBarOption,
  LOWER_BOUND_DECAL,
  rowLabels,
  UNRANKED_DECAL,
} from './leaderboardBar'
import { IO_COLORS } from './common'
import { row } from './fixtures'

const rows = [
  row({ framework: 'Netty', ioModel: 'non-blocking', slaThroughput: 120000 }),
  row({ framework: 'Helidon SE', ioModel: 'virtual-threads', slaThroughput: 90000, ciLow: 85000, ciHigh: 95000 }),
  row({
    framework: 'Spring MVC',
    ioModel: 'blocking',
    slaThroughput: null,
    bestThroughput: 40000,
    ciLow: null,
    ciHigh: null,
  }),
]

describe('leaderboardBarOption', () => {
  const opt = leaderboardBarOption(rows, 200)
  it('draws one horizontal bar per row in rank order, top first', () => {
    expect(opt.yAxis.type).toBe('category')
    expect(opt.yAxis.inverse).toBe(true)
    expect(opt.yAxis.data).toEqual(['Netty', 'Helidon SE', 'Spring MVC'])
  })
  it('colours bars by I/O model, one legend entry per model present', () => {
    const bars = opt.series.filter((s) => s.type === 'bar') as {
      name: string
      itemStyle: { color: string }
      data: (number | null)[]
    }[]
    expect(bars.map((b) => b.name)).toEqual(['non-blocking', 'virtual-threads', 'blocking'])
    expect(bars[0].itemStyle.color).toBe(IO_COLORS['non-blocking'])
    expect(bars[0].data).toEqual([120000, null, null])
    expect(bars[2].data).toEqual([null, null, 40000]) // no SLA cell: the best throughput is shown
  })
  it('adds CI error bars, collapsing to the value when a row has no interval', () => {
    const err = opt.series.find((s) => s.type === 'custom') as { data: number[][] }
    expect(err.data[1]).toEqual([85000, 95000, 1])
    expect(err.data[2]).toEqual([40000, 40000, 2])
  })
  it('says in the tooltip how many JVM starts each interval spans', () => {
    const o = leaderboardBarOption(
      [
        row({ framework: 'Three', slaThroughput: 100000, ciLow: 97900, ciHigh: 102100, forks: 3 }),
        row({ framework: 'One', slaThroughput: 50000, ciLow: 49600, ciHigh: 50400, forks: 1 }),
      ],
      200,
    )
    const tip = (i: number) => o.tooltip.formatter({ dataIndex: i, seriesType: 'bar' })
    expect(tip(0)).toContain('−2.1% / +2.1% (3 starts)')
    expect(tip(1)).toContain('−0.8% / +0.8% (one start: between-start noise not included)')
  })
  it('marks a lower-bound bar hatched and an unranked one dotted, each with a legend entry and a tooltip line', () => {
    const marked = leaderboardBarOption(
      [
        row({ framework: 'Clean', ioModel: 'non-blocking', slaThroughput: 120000 }),
        row({
          framework: 'Saturated',
          ioModel: 'non-blocking',
          slaThroughput: 110000,
          atLeast: true,
          flags: ['generator-saturated'],
        }),
        row({
          framework: 'Errors',
          ioModel: 'non-blocking',
          slaThroughput: 90000,
          rank: null,
          flags: ['high-error-rate'],
          excludedBy: ['high-error-rate'],
        }),
      ],
      200,
    )
    const bar = marked.series[0] as { data: (number | { value: number; itemStyle: { decal: object } })[] }
    expect(bar.data[0]).toBe(120000)
    expect(bar.data[1]).toMatchObject({ value: 110000, itemStyle: { decal: LOWER_BOUND_DECAL } })
    expect(bar.data[2]).toMatchObject({ value: 90000, itemStyle: { decal: UNRANKED_DECAL } })
    const legend: string[] = marked.legend.data
    expect(legend).toEqual(['non-blocking', '≥ lower bound (the target may be faster)', 'not ranked (no honest order)'])
    const legendSeries = marked.series.filter((s) => legend.slice(1).includes(s.name)) as {
      itemStyle: { decal: object }
    }[]
    expect(legendSeries.map((s) => s.itemStyle.decal)).toEqual([LOWER_BOUND_DECAL, UNRANKED_DECAL])
    expect(marked.tooltip.formatter({ dataIndex: 1, seriesType: 'bar' })).toContain('at least 110')
    expect(marked.tooltip.formatter({ dataIndex: 2, seriesType: 'bar' })).toContain('not ranked: high-error-rate')
    // a clean board has no mark and no mark legend
    expect(opt.legend.data).toEqual(['non-blocking', 'virtual-threads', 'blocking'])
  })
  it('escapes HTML in the tooltip', () => {
    const evil = leaderboardBarOption([row({ framework: '<img src=x onerror=alert(1)>' })], 200)
    const html = evil.tooltip.formatter({ dataIndex: 0, seriesType: 'bar' })
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(html).not.toContain('<img')
  })
  it('labels duplicate framework names with their I/O model', () => {
    expect(
      rowLabels([
        row({ framework: 'Tomcat', ioModel: 'blocking' }),
        row({ framework: 'Tomcat', ioModel: 'virtual-threads' }),
      ]),
    ).toEqual(['Tomcat (blocking)', 'Tomcat (virtual-threads)'])
  })
  it('grows with the number of rows and turns animation off for 100+ rows', () => {
    expect(barChartHeight(100)).toBeGreaterThan(barChartHeight(10))
    const many = leaderboardBarOption(
      Array.from({ length: 300 }, (_, i) => row({ framework: `f${i}` })),
      200,
    )
    expect(many.animation).toBe(false)
    expect(barValue(row({ slaThroughput: null, bestThroughput: 7 }))).toBe(7)
  })
})
