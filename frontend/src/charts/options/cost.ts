// The cost view's scatter charts: throughput against requests per CPU-second and against MB of RSS per 1,000 req/s,
// one point per framework target, the efficient frontier drawn as a line.
import type { IoModel, LeaderboardRow } from '../../api/types'
import { formatRps } from '../../lib/format'
import { BASE, escapeHtml, IO_COLORS } from './common'

export type CostAxis = 'cpu' | 'memory'

/** One target on a cost chart: its cost figure (x) and its throughput (y). */
export interface CostPoint {
  framework: string
  ioModel: string
  runId: string
  x: number
  throughput: number
  /** false for a lower bound or an unranked figure: shown, never on the frontier as if exact */
  exact: boolean
}

/** The points of a leaderboard's rows that have the figure (v1 runs carry none). */
export function costPoints(rows: readonly LeaderboardRow[], axis: CostAxis): CostPoint[] {
  return rows.flatMap((r) => {
    const f = axis === 'cpu' ? r.requestsPerCpuSecond : r.rssMbPerKrps
    return f
      ? [
          {
            framework: r.framework,
            ioModel: r.ioModel,
            runId: r.runId,
            x: f.mean,
            throughput: r.slaThroughput ?? r.bestThroughput,
            exact: r.rank !== null && !r.atLeast,
          },
        ]
      : []
  })
}

/**
 * The efficient frontier: the exact points no other exact point beats on both throughput (higher) and cost (more
 * requests per CPU-second, or fewer MB per 1,000 req/s), ordered along the cost axis from best to worst. A lower
 * bound ("at least") or an unranked figure is never on it (methodology.md section 10): it cannot show that nothing
 * does better on both.
 */
export function frontier(points: readonly CostPoint[], axis: CostAxis): CostPoint[] {
  const better = (a: number, b: number) => (axis === 'cpu' ? a > b : a < b)
  // best cost first; equal cost, more throughput first, so the sweep keeps only the strongest of a tie
  const sorted = points
    .filter((p) => p.exact)
    .sort((a, b) => (a.x === b.x ? b.throughput - a.throughput : better(a.x, b.x) ? -1 : 1))
  const out: CostPoint[] = []
  let best = -Infinity
  for (const p of sorted) {
    if (p.throughput > best) {
      out.push(p)
      best = p.throughput
    }
  }
  return out
}

export function costOption(rows: readonly LeaderboardRow[], axis: CostAxis) {
  const points = costPoints(rows, axis)
  const front = frontier(points, axis)
  const onFront = new Set(front.map((p) => `${p.framework}|${p.ioModel}`))
  const xName =
    axis === 'cpu' ? 'requests per CPU-second (more is cheaper)' : 'MB of RSS per 1,000 req/s (less is cheaper)'
  const models = (Object.keys(IO_COLORS) as IoModel[]).filter((m) => points.some((p) => p.ioModel === m))
  const scatter = models.map((m) => ({
    name: m,
    type: 'scatter' as const,
    symbolSize: 11,
    itemStyle: { color: IO_COLORS[m] },
    data: points
      .filter((p) => p.ioModel === m)
      .map((p) => ({
        value: [p.x, p.throughput],
        name: p.framework,
        runId: p.runId,
        frontier: onFront.has(`${p.framework}|${p.ioModel}`),
        exact: p.exact,
        // a figure that is not exact is an outline: read it as "at least" (or unranked), never on the frontier
        symbol: onFront.has(`${p.framework}|${p.ioModel}`) ? 'diamond' : p.exact ? 'circle' : 'emptyCircle',
      })),
  }))
  const frontierLine = {
    name: 'efficient frontier',
    type: 'line' as const,
    step: axis === 'cpu' ? ('end' as const) : ('start' as const),
    symbol: 'none',
    silent: true,
    z: 1,
    lineStyle: { type: 'dashed' as const, color: '#555', width: 1.5 },
    data: front.map((p) => [p.x, p.throughput]),
  }
  return {
    ...BASE,
    grid: { left: 70, right: 24, top: 40, bottom: 56, containLabel: true },
    legend: { top: 0 },
    tooltip: {
      trigger: 'item' as const,
      formatter: (p: {
        seriesName: string
        data: { name?: string; value: number[]; frontier?: boolean; exact?: boolean }
      }) =>
        p.data?.name === undefined
          ? ''
          : `<b>${escapeHtml(p.data.name)}</b> (${escapeHtml(p.seriesName)})<br/>${formatRps(p.data.value[1])} req/s<br/>` +
            (axis === 'cpu'
              ? `${formatRps(p.data.value[0])} requests per CPU-second`
              : `${p.data.value[0].toFixed(2)} MB per 1,000 req/s`) +
            (p.data.frontier ? '<br/>on the efficient frontier' : '') +
            (p.data.exact === false ? '<br/>flagged: its throughput is not exact, so it is never on the frontier' : ''),
    },
    xAxis: { type: 'value' as const, name: xName, nameLocation: 'middle' as const, nameGap: 30, scale: true },
    yAxis: { type: 'value' as const, name: 'req/s', scale: true },
    series: [...scatter, frontierLine],
  }
}
