import { describe, expect, it } from 'vitest'
import type { LeaderboardRow } from '../../api/types'
import { costOption, costPoints, frontier, type CostPoint } from './cost'

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
  return {
    rank: 1,
    tied: false,
    framework,
    frameworkVersion: '1',
    ioModel: 'blocking',
    runId: `run-${framework}`,
    startedAt: '2026-11-01T08:00:00Z',
    jvmVendor: 'v',
    jvmVersion: '25',
    slaThroughput: throughput,
    slaConnections: 64,
    slaCellId: 1,
    bestThroughput: throughput,
    bestConnections: 64,
    bestCellId: 1,
    ciLow: null,
    ciHigh: null,
    p90Ms: 1,
    p99Ms: 2,
    throughputPerVcpu: throughput,
    baselineShare: null,
    errorRate: 0,
    flags: [],
    repeatCount: 3,
    noisy: false,
    requestsPerCpuSecond: cpu === null ? null : fig(cpu),
    rssMbPerKrps: mb === null ? null : fig(mb),
    rankedBy: 'throughput',
    classification: null,
    throughputByConnections: [],
    excludedBy: [],
    agentRevoked: false,
    topology: 'single',
    forks: 1,
    atLeast: false,
    gc: null,
  }
}

describe('efficient frontier', () => {
  it('keeps the points no other beats on both throughput and requests per CPU-second', () => {
    // nginx is cheapest; Vert.x is faster at more CPU per request: both on it. nginx beats Jetty and Spring on both.
    const pts = [
      p('nginx', 112_900, 100_000),
      p('Jetty', 74_900, 72_000),
      p('Vert.x', 60_000, 130_000),
      p('Spring', 35_800, 40_000),
    ]
    expect(frontier(pts, 'cpu').map((x) => x.framework)).toEqual(['nginx', 'Vert.x'])
  })
  it('for memory, fewer MB per 1,000 req/s is better', () => {
    const pts = [
      p('nginx', 0.2, 100_000),
      p('Jetty', 6.5, 72_000),
      p('Vert.x', 3.3, 130_000),
      p('Helidon', 2.0, 90_000),
    ]
    expect(frontier(pts, 'memory').map((x) => x.framework)).toEqual(['nginx', 'Vert.x'])
    const trade = [p('A', 1, 50_000), p('B', 2, 80_000), p('C', 3, 70_000), p('D', 4, 120_000)]
    expect(frontier(trade, 'memory').map((x) => x.framework)).toEqual(['A', 'B', 'D'])
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
  it('plots only targets with the figure, throughput against cost, and marks the frontier', () => {
    expect(costPoints(rows, 'cpu').map((x) => x.framework)).toEqual(['nginx', 'Spring'])
    const opt = costOption(rows, 'cpu')
    const scatter = opt.series[0] as {
      type: string
      data: { name: string; value: number[]; frontier: boolean; symbol: string }[]
    }
    expect(scatter.type).toBe('scatter')
    expect(scatter.data.map((d) => d.value)).toEqual([
      [112_900, 100_000],
      [35_800, 40_000],
    ])
    expect(scatter.data.map((d) => d.frontier)).toEqual([true, false])
    expect(scatter.data[0].symbol).toBe('diamond')
    const line = opt.series[opt.series.length - 1] as { name: string; data: number[][] }
    expect(line.name).toBe('efficient frontier')
    expect(line.data).toEqual([[112_900, 100_000]])
    expect(opt.xAxis.name).toMatch(/requests per CPU-second/)
  })
  it('escapes framework names in the tooltip', () => {
    const opt = costOption([row('<b>x</b>', 1000, 10, 1)], 'memory')
    const html = opt.tooltip.formatter({ seriesName: 'blocking', data: { name: '<b>x</b>', value: [1, 1000] } })
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;')
    expect(html).toContain('MB per 1,000 req/s')
  })
})
