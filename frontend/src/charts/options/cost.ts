// The cost view's scatter charts: throughput against requests per CPU-second and against MB of RSS per 1,000 req/s,
// one point per framework target, the efficient frontier drawn as a line.
import type { LeaderboardRow } from '../../api/types'
import { formatRps, formatRpsShort } from '../../lib/format'
import { BASE, escapeHtml, IO_COLORS, ioSeriesStyles } from './common'

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

/** A cost chart's name of a target: its framework, with its I/O model where the framework has several. */
export function costTargetName(p: { framework: string; ioModel: string }, rows: readonly LeaderboardRow[]): string {
  const models = new Set(rows.filter((r) => r.framework === p.framework).map((r) => r.ioModel))
  return models.size > 1 ? `${p.framework} (${p.ioModel})` : p.framework
}

const targetKey = (p: { framework: string; ioModel: string }) => `${p.framework}|${p.ioModel}`

/** One entry of the cost charts' legend: a target's name, colour and marker. */
export interface CostLegendEntry {
  key: string
  name: string
  color: string
  symbol: string
}

/**
 * Every target's look in both cost charts, in legend order (I/O model, then name): the shade of its I/O model's colour
 * and a marker shape per framework within the model (palette ioSeriesStyles), so no two targets look alike.
 */
export function costLegend(rows: readonly LeaderboardRow[]): CostLegendEntry[] {
  const models = Object.keys(IO_COLORS)
  const order = [...rows].sort(
    (a, b) => models.indexOf(a.ioModel) - models.indexOf(b.ioModel) || a.framework.localeCompare(b.framework),
  )
  return ioSeriesStyles(order).map((st, i) => ({
    key: targetKey(order[i]),
    name: costTargetName(order[i], rows),
    ...st,
  }))
}

/** `emptyCircle` for `circle`: ECharts' outline of a symbol. */
const outline = (symbol: string) => `empty${symbol[0].toUpperCase()}${symbol.slice(1)}`

export function costOption(rows: readonly LeaderboardRow[], axis: CostAxis) {
  const points = costPoints(rows, axis)
  const front = frontier(points, axis)
  const onFront = new Set(front.map(targetKey))
  // from every row, so a target looks the same in both charts
  const styles = new Map(costLegend(rows).map((e) => [e.key, e]))
  const xName = axis === 'cpu' ? 'req per CPU-second (more is cheaper)' : 'MB per 1,000 req/s (less is cheaper)'
  const xs = points.map((p) => p.x)
  const [lo, hi] = [Math.min(...xs), Math.max(...xs)]
  const scatter = points.map((p) => {
    const style = styles.get(targetKey(p)) ?? { color: '#6e7781', symbol: 'circle', name: p.framework }
    const name = style.name
    const frontierPoint = onFront.has(targetKey(p))
    return {
      name,
      type: 'scatter' as const,
      symbol: p.exact ? style.symbol : outline(style.symbol),
      symbolSize: frontierPoint ? 14 : 11,
      itemStyle: {
        color: style.color,
        ...(frontierPoint ? { borderColor: '#1b1f24', borderWidth: 2 } : {}),
      },
      // the name beside the point, on the side with room
      label: {
        show: true,
        position: hi > lo && (p.x - lo) / (hi - lo) > 0.6 ? ('left' as const) : ('right' as const),
        formatter: name,
        fontSize: 11,
        lineHeight: 13,
        color: '#1b1f24',
      },
      labelLayout: { hideOverlap: true },
      data: [
        {
          value: [p.x, p.throughput],
          name: p.framework,
          ioModel: p.ioModel,
          runId: p.runId,
          frontier: frontierPoint,
          exact: p.exact,
        },
      ],
    }
  })
  const frontierLine = {
    name: 'efficient frontier',
    type: 'line' as const,
    step: axis === 'cpu' ? ('end' as const) : ('start' as const),
    symbol: 'none',
    silent: true,
    z: 1,
    itemStyle: { color: '#555' },
    lineStyle: { type: 'dashed' as const, color: '#555', width: 1.5 },
    data: front.map((p) => [p.x, p.throughput]),
  }
  return {
    ...BASE,
    // drawn at once: the names that would overlap are found on the points' final places (an animation would lay them
    // out where the points start)
    animation: false,
    // the legend is the page's, under both charts (costLegend): one list of targets, wrapping as a page does
    grid: { left: 8, right: 24, top: 32, bottom: 48, containLabel: true },
    tooltip: {
      trigger: 'item' as const,
      formatter: (p: {
        data: { name?: string; ioModel?: string; value: number[]; frontier?: boolean; exact?: boolean }
      }) =>
        p.data?.name === undefined
          ? ''
          : `<b>${escapeHtml(p.data.name)}</b> (${escapeHtml(p.data.ioModel)})<br/>${formatRps(p.data.value[1])} req/s<br/>` +
            (axis === 'cpu'
              ? `${formatRps(p.data.value[0])} requests per CPU-second`
              : `${p.data.value[0].toFixed(2)} MB per 1,000 req/s`) +
            (p.data.frontier ? '<br/>on the efficient frontier' : '') +
            (p.data.exact === false ? '<br/>flagged: its throughput is not exact, so it is never on the frontier' : ''),
    },
    xAxis: {
      type: 'value' as const,
      name: xName,
      nameLocation: 'middle' as const,
      nameGap: 30,
      scale: true,
      // room either side, so no point (nor its name) sits on an axis
      boundaryGap: ['8%', '8%'],
      axisLabel: { hideOverlap: true, margin: 12, formatter: axis === 'cpu' ? formatRpsShort : undefined },
    },
    yAxis: {
      type: 'value' as const,
      name: 'req/s',
      nameTextStyle: { align: 'left' as const },
      scale: true,
      boundaryGap: ['8%', '8%'],
      axisLabel: { hideOverlap: true, formatter: formatRpsShort },
    },
    series: [...scatter, frontierLine],
  }
}
