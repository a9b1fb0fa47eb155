// A framework page's small history chart: throughput per run, one line per I/O model, coloured as everywhere.
import type { FrameworkHistorySeries, IoModel } from '../../api/types'
import { formatDate, formatRps, formatRpsShort } from '../../lib/format'
import { formatInterval } from '../../lib/interval'
import { BASE, escapeHtml, IO_COLORS, pointTooltip } from './common'

export function frameworkHistoryOption(series: readonly FrameworkHistorySeries[]) {
  return {
    ...BASE,
    legend: { top: 0, data: series.map((s) => s.ioModel) },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    tooltip: pointTooltip(
      series,
      (s, pt) =>
        `${escapeHtml(s.ioModel)} · ${escapeHtml(pt.frameworkVersion)}<br>${formatDate(pt.startedAt)}: ${formatRps(pt.throughput)} req/s<br>95% CI ${escapeHtml(formatInterval(pt.throughput, pt.ciLow, pt.ciHigh, pt.forks))}`,
    ),
    xAxis: { type: 'time', axisLabel: { formatter: '{yyyy}-{MM}-{dd}', hideOverlap: true } },
    yAxis: { type: 'value', min: 0, axisLabel: { formatter: (v: number) => formatRpsShort(v) } },
    series: series.map((s) => ({
      name: s.ioModel,
      type: 'line',
      symbolSize: 6,
      itemStyle: { color: IO_COLORS[s.ioModel as IoModel] ?? '#555' },
      data: s.points.map((p) => [Date.parse(p.startedAt), p.throughput]),
    })),
  }
}
