// Plain-words reading of a comparison, used next to the service's own verdict: the ratio of the means, its interval
// and Welch's test (one estimator), and only the claim the flag policy allows (`claim`).
import type { Comparison } from '../api/types'
import { formatPText, formatRatio } from './format'

export function describeComparison(c: Comparison): string {
  const a = `${c.a.framework} ${c.a.frameworkVersion}`
  const b = `${c.b.framework} ${c.b.frameworkVersion}`
  const known = c.ratioCiLow !== null && c.ratioCiHigh !== null
  if (c.significant && c.claim === 'none') {
    // the flag policy withholds the claim: a side has no honest order, or the slower side is only a lower bound
    const interval = known ? ` (95% CI ${formatRatio(c.ratioCiLow)} to ${formatRatio(c.ratioCiHigh)})` : ''
    return `${b} vs ${a}: ratio ${formatRatio(c.ratio)}${interval}, a significant difference as measured (${formatPText(c.pValue)}), but a flag keeps it from saying which is faster: ${c.verdict}.`
  }
  if (!c.significant) {
    const interval = known ? ` (95% CI ${formatRatio(c.ratioCiLow)} to ${formatRatio(c.ratioCiHigh)})` : ''
    return `${b} vs ${a}: ratio ${formatRatio(c.ratio)}${interval}; the difference is not significant (${formatPText(c.pValue)}), treat them as tied.`
  }
  const faster = c.ratio >= 1
  const factor = faster ? c.ratio : 1 / c.ratio
  // the interval is of B / A: when the sentence says A / B, it is inverted with the factor (bounds swap)
  const low = faster ? c.ratioCiLow : c.ratioCiHigh && 1 / c.ratioCiHigh
  const high = faster ? c.ratioCiHigh : c.ratioCiLow && 1 / c.ratioCiLow
  const interval = known ? ` (95% CI ${formatRatio(low)} to ${formatRatio(high)})` : ''
  const atLeast = c.claim === 'at-least' ? 'at least ' : ''
  return `${faster ? b : a} is ${atLeast}${formatRatio(factor)} as fast as ${faster ? a : b}${interval}, a significant difference (${formatPText(c.pValue)}).`
}
