// The words and numbers of an A/B comparison's page (podium-agent ab --push): a figure's name, its value in its
// unit, the verdict said as B against A, the ratio's bounds and the smallest change the rounds could have detected.
import type { AbFigure } from '../api/types'
import { formatInteger } from './format'

export const FIGURE_LABELS: Record<AbFigure['name'], string> = {
  throughput: 'Throughput',
  p99: 'p99 latency',
  cpuPerRequest: 'CPU per request',
  allocatedPerRequest: 'Allocation per request',
}

/** A figure's value in its unit: "51,433 req/s", "4.13 ms", "38.6 µs", "400 B". */
export function formatFigure(v: number, unit: string): string {
  if (unit === 'req/s' || unit === 'B') return `${formatInteger(v)} ${unit}`
  return `${v >= 100 ? v.toFixed(0) : v >= 1 ? v.toFixed(2) : v.toFixed(4)} ${unit}`
}

/** The verdict as a reader says it: faster is B better whether more or less is better. */
export function verdictText(v: AbFigure['verdict']): string {
  return v === 'faster' ? 'B better' : v === 'slower' ? 'B worse' : 'cannot tell'
}

/** B/A with three decimals. */
export function formatRatioAb(v: number | undefined): string {
  return v === undefined ? '—' : v.toFixed(3)
}

/** The smallest |B/A - 1| the rounds could have decided, as "±0.5%"; "—" with one round. */
export function formatDetectable(v: number | undefined): string {
  return v === undefined ? '—' : `±${(v * 100).toFixed(1)}%`
}
