// Latency against concurrency: p50 solid, p90 dashed, p99 dotted, one colour per framework.
import type { LatencySeries } from '../../api/types'
import { formatMs, formatRps } from '../../lib/format'
import { startsNote } from '../../lib/interval'
import { BASE, escapeHtml, ioSeriesStyles } from './common'
import { seriesName } from './scaling'

export const PERCENTILES = [
  { key: 'p50', line: 'solid' },
  { key: 'p90', line: 'dashed' },
  { key: 'p99', line: 'dotted' },
] as const

export type PercentileKey = (typeof PERCENTILES)[number]['key']

export function latencyOption(
  series: readonly LatencySeries[],
  shown: readonly PercentileKey[] = ['p50', 'p90', 'p99'],
) {
  const out: object[] = []
  const styles = ioSeriesStyles(series)
  series.forEach((s, i) => {
    const pts = [...s.points].sort((a, b) => a.connections - b.connections)
    for (const pc of PERCENTILES) {
      if (!shown.includes(pc.key)) continue
      out.push({
        name: seriesName(s),
        id: `${i}-${pc.key}`,
        type: 'line',
        symbol: styles[i].symbol,
        symbolSize: 6,
        itemStyle: { color: styles[i].color },
        lineStyle: { type: pc.line, color: styles[i].color, width: pc.key === 'p50' ? 2 : 1.5 },
        data: pts.map((p) => [p.connections, p[pc.key], pc.key, p.throughput, p.forks]),
      })
    }
  })
  return {
    ...BASE,
    animation: series.length <= 30,
    legend: { type: 'scroll', top: 0, data: series.map(seriesName) },
    grid: { left: 8, right: 24, top: 56, bottom: 36, containLabel: true },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (p: { seriesName: string; data: [number, number, string, number, number] }) =>
        `<b>${escapeHtml(p.seriesName)}</b><br>${p.data[0]} connections<br>${escapeHtml(p.data[2])} ${escapeHtml(formatMs(p.data[1]))}<br>${formatRps(p.data[3])} req/s (${escapeHtml(startsNote(p.data[4]))})`,
    },
    xAxis: {
      type: 'log',
      logBase: 2,
      name: 'connections',
      nameLocation: 'middle',
      nameGap: 26,
      minorTick: { show: false },
      axisLabel: { hideOverlap: true },
    },
    yAxis: {
      type: 'log',
      name: 'latency (ms, log)',
      nameTextStyle: { align: 'left' },
      minorTick: { show: false },
      axisLabel: { hideOverlap: true },
    },
    series: out,
  }
}
