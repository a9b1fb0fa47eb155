// The warm-up curve (methodology "Time to peak"): each window's throughput as a share of the cell's steady state,
// against the time since its warm-up began; one line per cell and JVM start, the 95% line marked. Pure: no ECharts.
import type { WarmupCurve } from '../../api/types'
import { formatPercent, formatRps } from '../../lib/format'
import { BASE, colorAt, escapeHtml, pointTooltip } from './common'

/** The share of the steady state that counts as at peak (the service's TimeToPeak.SHARE). */
export const PEAK_SHARE = 0.95

/** One line: a cell's start, its points [seconds since its warm-up began, share of steady state]. */
export interface WarmupLine {
  name: string
  points: { seconds: number; share: number; rps: number; jitShare: number | null }[]
}

/** A curve's label: target (and its JVM mode when not the default), and its concurrency or rate. */
export function curveLabel(c: WarmupCurve): string {
  const load = c.loadModel === 'open' ? `${c.targetRate ?? '?'} req/s` : `${c.connections} connections`
  const mode = c.jvmMode === 'aot-cache' ? ' · AOT cache' : ''
  return `${c.framework} (${c.ioModel})${mode} · ${c.scenario} · ${load}`
}

/** The curves as lines: one per cell and start, x the end of each window (their wall times added up). */
export function warmupLines(curves: readonly WarmupCurve[]): WarmupLine[] {
  const lines: WarmupLine[] = []
  for (const c of curves) {
    const steady = c.steadyRequestsPerSecond ?? 0
    const starts = [...new Set(c.windows.map((w) => w.fork))].sort((a, b) => a - b)
    for (const fork of starts) {
      let elapsed = 0
      const points = c.windows
        .filter((w) => w.fork === fork)
        .map((w) => {
          elapsed += w.seconds
          return {
            seconds: Math.round(elapsed * 1000) / 1000,
            share: steady > 0 ? w.requestsPerSecond / steady : 0,
            rps: w.requestsPerSecond,
            jitShare: w.jitShare ?? null,
          }
        })
      lines.push({ name: starts.length > 1 ? `${curveLabel(c)} · start ${fork + 1}` : curveLabel(c), points })
    }
  }
  return lines
}

export function warmupOption(curves: readonly WarmupCurve[]) {
  const lines = warmupLines(curves)
  return {
    ...BASE,
    legend: { top: 0, type: 'scroll', data: lines.map((l) => l.name) },
    grid: { left: 8, right: 24, top: 40, bottom: 8, containLabel: true },
    tooltip: pointTooltip(lines, (l, pt) => {
      const jit = pt.jitShare == null ? '' : `<br>JIT compiling ${formatPercent(pt.jitShare)} of the window`
      return `${escapeHtml(l.name)}<br>${pt.seconds} s: ${formatRps(pt.rps)} req/s, ${formatPercent(pt.share)} of steady state${jit}`
    }),
    xAxis: { type: 'value', name: 's', min: 0, axisLabel: { formatter: (v: number) => `${v} s` } },
    yAxis: {
      type: 'value',
      min: 0,
      name: 'of steady state',
      axisLabel: { formatter: (v: number) => `${Math.round(v * 100)}%` },
    },
    series: lines.map((l, i) => ({
      name: l.name,
      type: 'line',
      symbolSize: 6,
      itemStyle: { color: colorAt(i) },
      data: l.points.map((p) => [p.seconds, p.share]),
      ...(i === 0
        ? {
            markLine: {
              silent: true,
              symbol: 'none',
              lineStyle: { type: 'dashed', color: '#555' },
              label: { formatter: '95% of steady state' },
              data: [{ yAxis: PEAK_SHARE }],
            },
          }
        : {}),
    })),
  }
}
