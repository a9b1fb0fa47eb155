// Scaling charts: throughput per vCPU (with its 95% confidence band) and scaling efficiency, by vCPU count.
import type { ScalingSeries } from '../../api/types'
import { formatPercent, formatRps, formatRpsShort } from '../../lib/format'
import { formatInterval } from '../../lib/interval'
import { isScaleOut, perInstance, topologyLabel } from '../../lib/topology'
import { BASE, escapeHtml, ioSeriesStyles } from './common'

/** "Tomcat (blocking)"; a scale-out series adds its instances: "Tomcat (blocking) · 2 instances behind nginx". */
export function seriesName(s: { framework: string; ioModel: string; topology?: string }): string {
  const name = `${s.framework} (${s.ioModel})`
  return isScaleOut(s.topology) ? `${name} · ${topologyLabel(s.topology)}` : name
}

/** A scale-out series is drawn dashed beside its single instance's solid line, at the same total vCPUs. */
function lineType(s: { topology?: string }): 'solid' | 'dashed' {
  return isScaleOut(s.topology) ? 'dashed' : 'solid'
}

const xAxis = {
  type: 'log' as const,
  logBase: 2,
  name: 'vCPUs',
  nameLocation: 'middle' as const,
  nameGap: 26,
  minorTick: { show: false },
  axisLabel: { formatter: (v: number) => String(v), hideOverlap: true },
}

function tooltip(kind: 'perVcpu' | 'efficiency', series: readonly ScalingSeries[]) {
  return {
    trigger: 'item' as const,
    confine: true,
    formatter: (p: { seriesName: string; dataIndex: number; data: unknown }) => {
      const s = series.find((x) => seriesName(x) === p.seriesName)
      const pt = s?.points[p.dataIndex]
      if (!s || !pt) return ''
      const figure =
        kind === 'perVcpu'
          ? `${formatRps(pt.perVcpu)} req/s per vCPU (95% CI ${formatRps(pt.perVcpuCiLow)} – ${formatRps(pt.perVcpuCiHigh)}, ${formatInterval(pt.perVcpu, pt.perVcpuCiLow, pt.perVcpuCiHigh, pt.forks)})`
          : `efficiency ${formatPercent(pt.efficiency)}`
      const where = isScaleOut(s.topology)
        ? `${pt.vcpus} vCPU in total (${perInstance(s.topology, pt.vcpus)})`
        : `${pt.vcpus} vCPU`
      const vs = pt.vsSingle == null ? '' : `<br>${formatPercent(pt.vsSingle)} of one instance on ${pt.vcpus} vCPU`
      return `<b>${escapeHtml(p.seriesName)}</b><br>${where}, ${pt.connections} connections<br>${escapeHtml(figure)}<br>total ${formatRps(pt.throughput)} req/s${vs}`
    },
  }
}

/** What both scaling charts share: the legend of the series, the grid, and the tooltip of the figure they draw. */
function frame(figure: Parameters<typeof tooltip>[0], series: readonly ScalingSeries[]) {
  return {
    ...BASE,
    animation: series.length <= 30,
    legend: { type: 'scroll', top: 0, data: series.map(seriesName) },
    grid: { left: 8, right: 24, top: 56, bottom: 36, containLabel: true },
    tooltip: tooltip(figure, series),
  }
}

/** Per-vCPU throughput lines; each framework's band is a transparent lower line plus a stacked (high - low) area. */
export function scalingPerVcpuOption(series: readonly ScalingSeries[]) {
  const out: object[] = []
  const styles = ioSeriesStyles(series)
  series.forEach((s, i) => {
    const name = seriesName(s)
    const { color, symbol } = styles[i]
    const pts = [...s.points].sort((a, b) => a.vcpus - b.vcpus)
    const banded = pts.every((p) => p.perVcpuCiLow !== null && p.perVcpuCiHigh !== null)
    if (banded) {
      // the band's two stacked lines, both invisible and without tooltip: its low, then (high - low) filled
      const band = (data: [number, number][], area?: object) => ({
        name,
        type: 'line',
        stack: `band-${i}`,
        silent: true,
        symbol: 'none',
        lineStyle: { opacity: 0 },
        itemStyle: { color },
        ...(area ? { areaStyle: area } : {}),
        data,
        tooltip: { show: false },
      })
      out.push(band(pts.map((p) => [p.vcpus, p.perVcpuCiLow as number])))
      out.push(
        band(
          pts.map((p) => [p.vcpus, (p.perVcpuCiHigh as number) - (p.perVcpuCiLow as number)]),
          { color, opacity: 0.15 },
        ),
      )
    }
    out.push({
      name,
      type: 'line',
      symbol,
      symbolSize: 7,
      itemStyle: { color },
      lineStyle: { color, width: 2, type: lineType(s) },
      data: pts.map((p) => [p.vcpus, p.perVcpu]),
    })
  })
  return {
    ...frame('perVcpu', series),
    xAxis: { ...xAxis, name: series.some((s) => isScaleOut(s.topology)) ? 'vCPUs (in total)' : 'vCPUs' },
    yAxis: {
      type: 'value',
      name: 'req/s per vCPU',
      nameTextStyle: { align: 'left' },
      axisLabel: { formatter: formatRpsShort, hideOverlap: true },
    },
    series: out,
  }
}

/** Scaling efficiency E(k) = T(k) / (k x T(1)); 100% is perfect linear scaling. */
export function scalingEfficiencyOption(series: readonly ScalingSeries[]) {
  const styles = ioSeriesStyles(series)
  return {
    ...frame('efficiency', series),
    xAxis,
    yAxis: {
      type: 'value',
      name: 'efficiency',
      nameTextStyle: { align: 'left' },
      min: 0,
      axisLabel: { formatter: (v: number) => `${Math.round(v * 100)}%`, hideOverlap: true },
    },
    series: series.map((s, i) => ({
      name: seriesName(s),
      type: 'line',
      symbol: styles[i].symbol,
      symbolSize: 7,
      itemStyle: { color: styles[i].color },
      lineStyle: { type: lineType(s) },
      data: [...s.points].sort((a, b) => a.vcpus - b.vcpus).map((p) => [p.vcpus, p.efficiency]),
      connectNulls: false,
    })),
  }
}
