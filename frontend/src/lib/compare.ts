// Plain-words reading of a comparison, next to the service's own verdict: the comparison engine's outcome (the board's
// verdict when both cells are rows of one board, the pair's alone otherwise), the ratio of the figures with its
// interval (positive: on the log scale), and only the claim the flag policy allows (`claim`).
import type { Comparison } from '../api/types'
import { formatRatio } from './format'

/** The interval's confidence in words: "95%", or the board's common level, e.g. "99.3%". */
export function confidenceText(confidence: number): string {
  const pct = confidence * 100
  return `${Number.isInteger(Math.round(pct * 10) / 10) ? pct.toFixed(0) : pct.toFixed(1)}%`
}

function bound(v: number | null | undefined, end: 'low' | 'high'): string {
  return v === null || v === undefined ? (end === 'low' ? 'no lower end' : 'no upper end') : formatRatio(v)
}

export function describeComparison(c: Comparison): string {
  const a = `${c.a.framework} ${c.a.frameworkVersion}`
  const b = `${c.b.framework} ${c.b.frameworkVersion}`
  const level = confidenceText(c.confidence)
  const where = c.board ? `, judged with every pair of ${c.board}` : ', the pair judged alone'
  if (c.outcome === 'cannot-tell') {
    return `${b} vs ${a}: ratio ${formatRatio(c.ratio)} (${level} interval ${bound(c.ratioCiLow, 'low')} to ${bound(c.ratioCiHigh, 'high')}${where}); we cannot tell which is faster.`
  }
  const bFaster = c.outcome === 'faster'
  const factor = bFaster ? c.ratio : 1 / c.ratio
  // the interval is of B / A: when the sentence says A / B, it is inverted with the factor (bounds swap)
  const low = bFaster ? c.ratioCiLow : c.ratioCiHigh && 1 / c.ratioCiHigh
  const high = bFaster ? c.ratioCiHigh : c.ratioCiLow && 1 / c.ratioCiLow
  const atLeast = c.claim === 'at-least' ? 'at least ' : ''
  const flagged = c.claim === 'none' ? ' As measured; a flag keeps the board from claiming it: ' + c.verdict + '.' : ''
  return `${bFaster ? b : a} is ${atLeast}${formatRatio(factor)} as fast as ${bFaster ? a : b} (${level} interval ${bound(low, 'low')} to ${bound(high, 'high')}${where}).${flagged}`
}
