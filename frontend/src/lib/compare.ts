// Plain-words reading of a comparison, used next to the service's own verdict.
import type { Comparison } from '../api/types'
import { formatPText, formatRatio } from './format'

export function describeComparison(c: Comparison): string {
  const a = `${c.a.framework} ${c.a.frameworkVersion}`
  const b = `${c.b.framework} ${c.b.frameworkVersion}`
  const interval =
    c.ratioCiLow !== null && c.ratioCiHigh !== null
      ? ` (95% CI ${formatRatio(c.ratioCiLow)} to ${formatRatio(c.ratioCiHigh)})`
      : ''
  if (!c.significant)
    return `${b} vs ${a}: ratio ${formatRatio(c.ratio)}${interval}; the difference is not significant (${formatPText(c.pValue)}), treat them as tied.`
  const faster = c.ratio >= 1
  const factor = faster ? c.ratio : 1 / c.ratio
  return `${faster ? b : a} is ${formatRatio(factor)} as fast as ${faster ? a : b}${interval}, a significant difference (${formatPText(c.pValue)}).`
}
