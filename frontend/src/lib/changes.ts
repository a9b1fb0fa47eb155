// Change points in words: better or worse (p99 down is better), the fields that changed, the client-side direction filter.
import type { ChangePoint } from '../api/types'
import { formatMs, formatRps } from './format'
import { formatAllocation } from './gc'

export type Direction = 'regression' | 'improvement'

/** A change is a regression when throughput fell, or p99, the CPU time or the allocation per request rose. */
export function directionOf(c: Pick<ChangePoint, 'metric' | 'effectPercent'>): Direction {
  const up = c.effectPercent > 0
  return (c.metric === 'throughput' ? up : !up) ? 'improvement' : 'regression'
}

/** What each metric is, in words and with its unit. */
export const METRIC_LABELS: Record<string, string> = {
  throughput: 'throughput',
  p99: 'p99 latency',
  'cpu-per-request': 'CPU per request',
  'allocation-per-request': 'allocation per request',
}

/** A figure of a change point's metric with its unit: "134,600 req/s", "2.9 ms", "41.3 µs CPU". */
export function formatFigure(metric: string, v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—'
  if (metric === 'p99') return formatMs(v)
  if (metric === 'cpu-per-request') return `${v.toFixed(v < 100 ? 1 : 0)} µs CPU`
  if (metric === 'allocation-per-request') return `${formatAllocation(v)} allocated`
  return `${formatRps(v)} req/s`
}

/** The run-to-run standard deviation, and as a share of the mean: "474 req/s (0.4%)"; one run: "one run". */
export function formatSpread(metric: string, spread: number | null | undefined, mean: number): string {
  if (spread === null || spread === undefined || !Number.isFinite(spread)) return 'one run'
  const share = mean !== 0 ? ` (${((spread / Math.abs(mean)) * 100).toFixed(1)}%)` : ''
  return `${formatFigure(metric, spread)}${share}`
}

/** A p-value that keeps its magnitude: "0.012", "4.7e-5", "< 1e-12". */
export function formatPValue(p: number | null | undefined): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return '—'
  if (p < 1e-12) return '< 1e-12'
  return p < 0.001 ? p.toExponential(1).replace('e-', 'e−') : p.toFixed(3)
}

/** The standardised effect (Cohen's d): "d = −3.2"; unknown: "—". */
export function formatEffectSize(d: number | null | undefined): string {
  if (d === null || d === undefined || !Number.isFinite(d)) return '—'
  const s = Math.abs(d).toFixed(1)
  return `d = ${d < 0 ? '−' : ''}${s}`
}

export function filterDirection<T extends Pick<ChangePoint, 'metric' | 'effectPercent'>>(
  changes: readonly T[],
  d?: string,
): T[] {
  return d === 'regression' || d === 'improvement' ? changes.filter((c) => directionOf(c) === d) : [...changes]
}

/** "jvmVersion 21.0.4 → 21.0.5" for each field that differs between the two runs; "nothing recorded" when none. */
export function changedFields(c: Pick<ChangePoint, 'changed'>): string[] {
  return Object.entries(c.changed ?? {}).map(([field, v]) => `${field} ${v.before ?? '—'} → ${v.after ?? '—'}`)
}

/** "−15.2%" with a real minus sign, one decimal. */
export function formatEffect(percent: number): string {
  const s = Math.abs(percent).toFixed(1)
  return percent < 0 ? `−${s}%` : `+${s}%`
}
