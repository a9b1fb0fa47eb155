// History: throughput of one framework over time (or by framework version), one line per host class, regressions marked.
// Built to stay fast with 100 series x 365 points: no symbols, LTTB sampling, progressive rendering, dataZoom.
import type { HistorySeries } from '../../api/types'
import { formatDate, formatRps, formatRpsShort } from '../../lib/format'
import { orderedVersions } from '../../lib/versions'
import { BASE, colorAt, escapeHtml, LARGE_POINTS } from './common'

/** The view shows one framework, so a line is named by where it ran: host class and the server's vCPUs. */
export function historySeriesName(s: HistorySeries): string {
  return `${s.hostClass} · server ${s.vcpus} vCPU`
}

/** The x axis: the run's date, or the framework version (points in release order, as /api/history?orderBy=version). */
export type HistoryAxis = 'date' | 'version'

export function historyOption(series: readonly HistorySeries[], axis: HistoryAxis = 'date') {
  const x = (p: HistorySeries['points'][number]) => (axis === 'version' ? p.frameworkVersion : Date.parse(p.startedAt))
  const total = series.reduce((n, s) => n + s.points.length, 0)
  const large = total > LARGE_POINTS
  const lines = series.map((s, i) => ({
    name: historySeriesName(s),
    type: 'line',
    showSymbol: !large,
    symbolSize: 5,
    sampling: large ? 'lttb' : undefined,
    progressive: large ? 2000 : undefined,
    progressiveThreshold: 3000,
    itemStyle: { color: colorAt(i) },
    lineStyle: { width: large ? 1 : 2 },
    emphasis: { focus: 'series' },
    data: s.points.map((p) => [x(p), p.throughput]),
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
        ? { type: 'category', name: '', data: orderedVersions(series.flatMap((s) => s.points.map((p) => p.frameworkVersion))) }
        : { type: 'time', name: '' },
    yAxis: { type: 'value', name: 'req/s', nameTextStyle: { align: 'left' }, scale: true, axisLabel: { formatter: formatRpsShort } },
    series: [...lines, ...regressions],
  }
}
