// Change points in words: better or worse (p99 down is better), the fields that changed, the client-side direction filter.
import type { ChangePoint } from '../api/types'

export type Direction = 'regression' | 'improvement'

/** A change is a regression when throughput fell or p99 rose. */
export function directionOf(c: Pick<ChangePoint, 'metric' | 'effectPercent'>): Direction {
  const up = c.effectPercent > 0
  return (c.metric === 'p99' ? !up : up) ? 'improvement' : 'regression'
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
