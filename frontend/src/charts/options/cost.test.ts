import { describe, expect, it } from 'vitest'
import type { LeaderboardRow } from '../../api/types'
import { costLegend, costOption, costPoints, frontier, type CostAxis, type CostPoint } from './cost'
import { row as base } from './fixtures'

const p = (framework: string, x: number, throughput: number, exact = true): CostPoint => ({
  framework,
  ioModel: 'non-blocking',
  runId: 'r',
  x,
  throughput,
  exact,
})

function row(framework: string, throughput: number, cpu: number | null, mb: number | null): LeaderboardRow {
  const fig = (mean: number) => ({ mean, ciLow: mean * 0.98, ciHigh: mean * 1.02, repeats: 3 })
  return base({
    framework,
    ioModel: 'blocking',
    runId: `run-${framework}`,
    slaThroughput: throughput,
    bestThroughput: throughput,
    requestsPerCpuSecond: cpu === null ? null : fig(cpu),
    rssMbPerKrps: mb === null ? null : fig(mb),
  })
}

describe('efficient frontier', () => {
  it.each<{ what: string; axis: CostAxis; pts: CostPoint[]; want: string[] }>([
    {
      what: 'keeps the points no other beats on both throughput and requests per CPU-second',
      axis: 'cpu',
      // nginx is cheapest; Vert.x is faster at more CPU per request: both on it. nginx beats Jetty and Spring on both.
      pts: [
        p('nginx', 112_900, 100_000),
        p('Jetty', 74_900, 72_000),
        p('Vert.x', 60_000, 130_000),
        p('Spring', 35_800, 40_000),
      ],
      want: ['nginx', 'Vert.x'],
    },
    {
      what: 'for memory, fewer MB per 1,000 req/s is better',
      axis: 'memory',
      pts: [p('nginx', 0.2, 100_000), p('Jetty', 6.5, 72_000), p('Vert.x', 3.3, 130_000), p('Helidon', 2.0, 90_000)],
      want: ['nginx', 'Vert.x'],
    },
    {
      what: 'for memory, a dearer point is on it only when it is faster than every cheaper one',
      axis: 'memory',
      pts: [p('A', 1, 50_000), p('B', 2, 80_000), p('C', 3, 70_000), p('D', 4, 120_000)],
      want: ['A', 'B', 'D'],
    },
  ])('$what', ({ axis, pts, want }) => {
    expect(frontier(pts, axis).map((x) => x.framework)).toEqual(want)
  })
  it('never puts a lower bound or an unranked figure on the frontier as if exact', () => {
    // Saturated is cheapest and fastest as measured, but only "at least": the frontier is drawn without it
    const pts = [p('Saturated', 120_000, 150_000, false), p('nginx', 112_900, 100_000), p('Vert.x', 60_000, 130_000)]
    expect(frontier(pts, 'cpu').map((x) => x.framework)).toEqual(['nginx', 'Vert.x'])
    const rows = [
      { ...row('Saturated', 150_000, 120_000, null), atLeast: true, flags: ['generator-saturated'] },
      row('Plain', 100_000, 112_900, null),
    ] as LeaderboardRow[]
    expect(costPoints(rows, 'cpu').map((x) => [x.framework, x.exact])).toEqual([
      ['Saturated', false],
      ['Plain', true],
    ])
  })
  it('keeps only the faster of two points with the same cost, and nothing from nothing', () => {
    expect(frontier([p('A', 10, 5), p('B', 10, 7)], 'cpu').map((x) => x.framework)).toEqual(['B'])
    expect(frontier([], 'cpu')).toEqual([])
  })
})

describe('cost chart option', () => {
  const rows = [
    row('nginx', 100_000, 112_900, 0.2),
    row('Spring', 40_000, 35_800, 12.8),
    row('Old v1', 90_000, null, null),
  ]
  type Point = {
    name: string
    type: string
    symbol: string
    itemStyle: { color: string; borderWidth?: number }
    label: { show: boolean; formatter: string }
    labelLayout: { hideOverlap: boolean }
    data: { name: string; value: number[]; frontier: boolean }[]
  }
  it('plots only targets with the figure, one series each, throughput against cost, and marks the frontier', () => {
    expect(costPoints(rows, 'cpu').map((x) => x.framework)).toEqual(['nginx', 'Spring'])
    const opt = costOption(rows, 'cpu')
    const points = opt.series.slice(0, -1) as unknown as Point[]
    expect(points.map((p) => p.type)).toEqual(['scatter', 'scatter'])
    expect(points.map((p) => p.data[0].value)).toEqual([
      [112_900, 100_000],
      [35_800, 40_000],
    ])
    expect(points.map((p) => p.data[0].frontier)).toEqual([true, false])
    // on the frontier: outlined in black
    expect(points[0].itemStyle.borderWidth).toBe(2)
    expect(points[1].itemStyle.borderWidth).toBeUndefined()
    const line = opt.series[opt.series.length - 1] as { name: string; data: number[][] }
    expect(line.name).toBe('efficient frontier')
    expect(line.data).toEqual([[112_900, 100_000]])
    expect(opt.xAxis.name).toMatch(/req per CPU-second/)
  })
  it('gives every target a colour and marker of its own, the same in both charts, and names it beside its point', () => {
    const board = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].flatMap((f, i) => [
      { ...row(f, 50_000 + i, 40_000 + i, 2 + i), ioModel: 'non-blocking' as const },
      { ...row(f, 30_000 + i, 20_000 + i, 3 + i), ioModel: 'virtual-threads' as const },
    ])
    const legend = costLegend(board)
    expect(legend).toHaveLength(16)
    expect(new Set(legend.map((e) => `${e.color} ${e.symbol}`)).size).toBe(16)
    // a framework measured in two I/O models is named with its model
    expect(legend.map((e) => e.name)).toContain('A (virtual-threads)')
    for (const axis of ['cpu', 'memory'] as const) {
      const points = costOption(board, axis).series.slice(0, -1) as unknown as Point[]
      const look = new Map(legend.map((e) => [e.name, `${e.color} ${e.symbol}`]))
      for (const p of points) {
        expect(`${p.itemStyle.color} ${p.symbol}`).toBe(look.get(p.name))
        expect(p.label).toMatchObject({ show: true, formatter: p.name })
        expect(p.labelLayout.hideOverlap).toBe(true)
      }
    }
  })
  it('draws a figure that is not exact as an outline of its marker', () => {
    const flagged = [{ ...row('Saturated', 150_000, 120_000, 1), atLeast: true }, row('Plain', 100_000, 112_900, 1)]
    const points = costOption(flagged as LeaderboardRow[], 'cpu').series.slice(0, -1) as unknown as Point[]
    // markers by name within the I/O model: Plain a circle, Saturated a square, drawn hollow
    expect(points.map((p) => p.symbol)).toEqual(['emptyRect', 'circle'])
  })
  it('escapes framework names in the tooltip', () => {
    const opt = costOption([row('<b>x</b>', 1000, 10, 1)], 'memory')
    const html = opt.tooltip.formatter({ data: { name: '<b>x</b>', ioModel: 'blocking', value: [1, 1000] } })
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;')
    expect(html).toContain('MB per 1,000 req/s')
  })
})
