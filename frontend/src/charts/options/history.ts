// History: throughput of one framework over time (or by framework version), one line per host class, regressions marked.
// Built to stay fast with 100 series x 365 points: no symbols, LTTB sampling, no animation, dataZoom (drawn as SVG, each
// line one path; ECharts renders progressively on a canvas only, so it is not asked to).
import type { ChangePoint, HistorySeries } from '../../api/types'
import { formatEffect } from '../../lib/changes'
import { formatDate, formatRps, formatRpsShort } from '../../lib/format'
import { formatInterval } from '../../lib/interval'
import { orderedVersions } from '../../lib/versions'
import { BASE, colorAt, escapeHtml, LARGE_POINTS } from './common'

/** The view shows one framework, so a line is named by where it ran: host class and the server's vCPUs. */
export function historySeriesName(s: HistorySeries): string {
  return `${s.hostClass} · server ${s.vcpus} vCPU`
}

type Coord = { coord: [number, number] }

/** The throughput change points of a line at a run it shows (the cell shown there has the change's concurrency). */
export function changesOn(s: HistorySeries, changes: readonly ChangePoint[]) {
  return changes.flatMap((c) => {
    if (
      c.metric !== 'throughput' ||
      c.hostClass !== s.hostClass ||
      c.vcpus !== s.vcpus ||
      c.framework !== s.framework ||
      c.ioModel !== s.ioModel
    )
      return []
    const at = s.points.findIndex((p) => p.runId === c.runAfter)
    if (at < 1 || s.points[at].connections !== c.connections) return []
    return [{ c, at, from: Math.max(0, at - c.runsBefore), to: Math.min(s.points.length - 1, at + c.runsAfter - 1) }]
  })
}

/**
 * A line's change points as ECharts marks: a dashed vertical line at each (labelled with its effect), each segment's
 * mean as a level line and its 95% interval shaded. Only throughput changes of the cell shown at that run count.
 */
export function changeMarks(s: HistorySeries, changes: readonly ChangePoint[]) {
  const lines: ({ xAxis: number; name: string } | [Coord, Coord])[] = []
  const areas: [Coord, Coord][] = []
  const t = (i: number) => Date.parse(s.points[i].startedAt)
  for (const { c, at, from, to } of changesOn(s, changes)) {
    lines.push({ xAxis: t(at), name: formatEffect(c.effectPercent) })
    lines.push([{ coord: [t(from), c.before.mean] }, { coord: [t(at - 1), c.before.mean] }])
    lines.push([{ coord: [t(at), c.after.mean] }, { coord: [t(to), c.after.mean] }])
    areas.push([{ coord: [t(from), c.before.ciLow] }, { coord: [t(at - 1), c.before.ciHigh] }])
    areas.push([{ coord: [t(at), c.after.ciLow] }, { coord: [t(to), c.after.ciHigh] }])
  }
  if (!lines.length) return {}
  return {
    markLine: {
      symbol: 'none',
      silent: true,
      lineStyle: { type: 'dashed', width: 1.5 },
      label: { formatter: '{b}' },
      data: lines,
    },
    markArea: { silent: true, itemStyle: { opacity: 0.15 }, data: areas },
  }
}

/** The x axis: the run's date, or the framework version (points in release order, as /api/history?orderBy=version). */
export type HistoryAxis = 'date' | 'version'

/** Change points are marked on the date axis only (their segments are spans of time). */
export function historyOption(
  series: readonly HistorySeries[],
  changes: readonly ChangePoint[] = [],
  axis: HistoryAxis = 'date',
) {
  const x = (p: HistorySeries['points'][number]) => (axis === 'version' ? p.frameworkVersion : Date.parse(p.startedAt))
  const total = series.reduce((n, s) => n + s.points.length, 0)
  const large = total > LARGE_POINTS
  const lines = series.map((s, i) => ({
    name: historySeriesName(s),
    type: 'line',
    showSymbol: !large,
    symbolSize: 5,
    sampling: large ? 'lttb' : undefined,
    itemStyle: { color: colorAt(i) },
    lineStyle: { width: large ? 1 : 2 },
    emphasis: { focus: 'series' },
    data: s.points.map((p) => [x(p), p.throughput]),
    ...(axis === 'date' ? changeMarks(s, changes) : {}),
  }))
  const regressions = series.map((s, i) => ({
    name: historySeriesName(s),
    id: `regression-${i}`,
    type: 'scatter',
    symbol: 'triangle',
    symbolRotate: 180,
    symbolSize: 14,
    z: 5,
    itemStyle: { color: '#D55E00', borderColor: '#fff', borderWidth: 1 },
    data: s.points.flatMap((p, j) => (p.regression ? [[x(p), p.throughput, j]] : [])),
  }))
  const pointOf = (seriesIndex: number, dataIndex: number, data: unknown) => {
    const idx = seriesIndex < series.length ? seriesIndex : seriesIndex - series.length
    const s = series[idx]
    const j = seriesIndex < series.length ? dataIndex : (data as number[])[2]
    return s ? { s, p: s.points[j] } : null
  }
  return {
    ...BASE,
    animation: !large,
    legend: { type: 'scroll', top: 0, data: lines.map((l) => l.name), textStyle: { width: 260, overflow: 'truncate' } },
    grid: { left: 8, right: 24, top: 56, bottom: 70, containLabel: true },
    dataZoom: [
      { type: 'inside', xAxisIndex: 0, filterMode: 'none' },
      { type: 'slider', xAxisIndex: 0, filterMode: 'none', height: 22, bottom: 8 },
    ],
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (prm: { seriesIndex: number; dataIndex: number; data: unknown }) => {
        const hit = pointOf(prm.seriesIndex, prm.dataIndex, prm.data)
        if (!hit?.p) return ''
        const { s, p } = hit
        return [
          `<b>${escapeHtml(s.framework)}</b> ${escapeHtml(p.frameworkVersion)} (${escapeHtml(s.ioModel)})`,
          escapeHtml(formatDate(p.startedAt)),
          `${formatRps(p.throughput)} req/s at ${p.connections} connections`,
          `95% CI ${escapeHtml(formatInterval(p.throughput, p.ciLow, p.ciHigh, p.forks))}`,
          `JVM ${escapeHtml(p.jvmVendor)} ${escapeHtml(p.jvmVersion)}`,
          `run ${escapeHtml(p.runId)}`,
          p.regression ? `<b style="color:#D55E00">regression</b> ${escapeHtml(p.regressionDetail ?? '')}` : '',
        ]
          .filter(Boolean)
          .join('<br>')
      },
    },
    xAxis:
      axis === 'version'
        ? {
            type: 'category',
            name: '',
            data: orderedVersions(series.flatMap((s) => s.points.map((p) => p.frameworkVersion))),
            axisLabel: { hideOverlap: true },
          }
        : // a label that would overlap its neighbour (a phone's narrow axis) is left out
          { type: 'time', name: '', axisLabel: { hideOverlap: true } },
    yAxis: {
      type: 'value',
      name: 'req/s',
      nameTextStyle: { align: 'left' },
      scale: true,
      axisLabel: { formatter: formatRpsShort, hideOverlap: true },
    },
    series: [...lines, ...regressions],
  }
}
