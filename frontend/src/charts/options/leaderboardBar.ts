// The leaderboard's horizontal bar chart: SLA throughput per framework, coloured by I/O model, CI as error bars; a
// lower-bound figure hatched, an unranked one dotted and faded, each with its legend entry (ECharts decals, so the mark
// is a pattern and not a colour alone).
import type { IoModel, LeaderboardRow } from '../../api/types'
import { formatRps, formatRpsShort } from '../../lib/format'
import { formatInterval } from '../../lib/interval'
import { rowLabel } from '../../lib/topology'
import { BASE, escapeHtml, IO_COLORS } from './common'

/**
 * Category labels: the framework (with its instances behind nginx for a scale-out row), plus its I/O model only where
 * that name occurs twice.
 */
export function rowLabels(rows: readonly LeaderboardRow[]): string[] {
  const names = rows.map((r) => rowLabel(r.framework, r.topology))
  const count = new Map<string, number>()
  names.forEach((n) => count.set(n, (count.get(n) ?? 0) + 1))
  return rows.map((r, i) => ((count.get(names[i]) ?? 0) > 1 ? `${names[i]} (${r.ioModel})` : names[i]))
}

/** The value a bar shows: SLA throughput, or best throughput when no cell met the SLA. */
export function barValue(r: LeaderboardRow): number {
  return r.slaThroughput ?? r.bestThroughput
}

/** The mark of a bar whose figure is not exact: lower-bound (“at least”), unranked, or none. */
export function barMark(r: LeaderboardRow): 'lower-bound' | 'unranked' | null {
  if (r.rank === null) return 'unranked'
  return r.atLeast ? 'lower-bound' : null
}

/** Diagonal white hatching: a figure the target may exceed. */
export const LOWER_BOUND_DECAL = {
  symbol: 'rect',
  symbolSize: 1,
  dashArrayX: [1, 0],
  dashArrayY: [3, 4],
  rotation: -Math.PI / 4,
  color: 'rgba(255, 255, 255, 0.85)',
}
/** White dots: a figure with no honest order. */
export const UNRANKED_DECAL = {
  symbol: 'circle',
  symbolSize: 0.7,
  dashArrayX: [5, 0],
  dashArrayY: [5, 0],
  color: 'rgba(255, 255, 255, 0.9)',
}
const MARKS = {
  'lower-bound': { name: '≥ lower bound (the target may be faster)', decal: LOWER_BOUND_DECAL, opacity: 1 },
  unranked: { name: 'not ranked (no honest order)', decal: UNRANKED_DECAL, opacity: 0.55 },
} as const

/** Pixel height that gives every bar room to read its label. */
export function barChartHeight(n: number): number {
  return Math.max(220, n * 26 + 90)
}

interface ErrorBarApi {
  value: (dim: number) => number
  coord: (point: [number, number]) => number[]
  size: (v: [number, number]) => number[]
  style: (extra?: object) => object
}

export function leaderboardBarOption(rows: readonly LeaderboardRow[], sla: number) {
  const labels = rowLabels(rows)
  const models = (Object.keys(IO_COLORS) as IoModel[]).filter((m) => rows.some((r) => r.ioModel === m))
  const bars = models.map((m) => ({
    name: m,
    type: 'bar' as const,
    stack: 'one', // one bar per row: the other models' values are null there
    barMaxWidth: 22,
    itemStyle: { color: IO_COLORS[m] },
    data: rows.map((r) => {
      if (r.ioModel !== m) return null
      const mark = barMark(r)
      return mark
        ? { value: barValue(r), itemStyle: { decal: MARKS[mark].decal, opacity: MARKS[mark].opacity } }
        : barValue(r)
    }),
    large: rows.length > 400,
  }))
  // legend entries for the marks present: a grey bar with the mark's pattern, no data of its own
  const marks = (Object.keys(MARKS) as (keyof typeof MARKS)[]).filter((k) => rows.some((r) => barMark(r) === k))
  const markSeries = marks.map((k) => ({
    name: MARKS[k].name,
    type: 'bar' as const,
    stack: 'one',
    barMaxWidth: 22,
    itemStyle: { color: '#6e7781', decal: MARKS[k].decal, opacity: MARKS[k].opacity },
    data: rows.map(() => null),
    large: false,
  }))
  const errorBars = {
    name: '95% CI',
    type: 'custom' as const,
    z: 10,
    silent: true,
    legendHoverLink: false,
    data: rows.map((r, i) => [r.ciLow ?? barValue(r), r.ciHigh ?? barValue(r), i]),
    encode: { x: [0, 1], y: 2 },
    renderItem: (_params: unknown, api: ErrorBarApi) => {
      const lo = api.coord([api.value(0), api.value(2)])
      const hi = api.coord([api.value(1), api.value(2)])
      const h = 8
      const style = { stroke: '#222', lineWidth: 1.5 }
      return {
        type: 'group',
        children: [
          { type: 'line', shape: { x1: lo[0], y1: lo[1], x2: hi[0], y2: hi[1] }, style },
          { type: 'line', shape: { x1: lo[0], y1: lo[1] - h / 2, x2: lo[0], y2: lo[1] + h / 2 }, style },
          { type: 'line', shape: { x1: hi[0], y1: hi[1] - h / 2, x2: hi[0], y2: hi[1] + h / 2 }, style },
        ],
      }
    },
  }
  return {
    ...BASE,
    animation: rows.length <= 200,
    legend: { type: 'scroll', top: 0, data: [...models, ...marks.map((k) => MARKS[k].name)] },
    grid: { left: 8, right: 24, top: 32, bottom: 36, containLabel: true },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (p: { dataIndex: number; seriesType: string }) => {
        const r = rows[p.dataIndex]
        if (!r) return ''
        const atSla =
          r.slaThroughput === null
            ? `no concurrency met the ${sla} ms SLA`
            : `${r.atLeast ? 'at least ' : ''}${formatRps(r.slaThroughput)} req/s at the SLA`
        const mark = barMark(r)
        const why =
          mark === 'unranked'
            ? `not ranked: ${r.excludedBy.join(', ')}`
            : mark === 'lower-bound'
              ? `a lower bound: ${r.flags.join(', ')}`
              : null
        return [
          `<b>${escapeHtml(labels[p.dataIndex])}</b> ${escapeHtml(r.frameworkVersion)}`,
          escapeHtml(r.ioModel),
          escapeHtml(atSla),
          `95% CI ${formatRps(r.ciLow)} – ${formatRps(r.ciHigh)}`,
          escapeHtml(formatInterval(r.slaThroughput ?? r.bestThroughput, r.ciLow, r.ciHigh, r.forks)),
          `best ${formatRps(r.bestThroughput)} req/s`,
          ...(why ? [escapeHtml(why)] : []),
        ].join('<br>')
      },
    },
    xAxis: {
      type: 'value',
      name: 'req/s',
      nameLocation: 'middle',
      nameGap: 24,
      axisLabel: { formatter: formatRpsShort, hideOverlap: true },
    },
    yAxis: { type: 'category', inverse: true, data: labels, axisLabel: { width: 120, overflow: 'truncate' } },
    series: [...bars, ...markSeries, errorBars],
  }
}
