// How every interval on the site is said: its half-width as a share of the figure, and whether it spans several JVM
// starts (the service's `forks`). One start's interval describes that start only: the JVM's larger noise, between
// starts (JIT decisions, code layout, GC sizing), is not in it, and the site says so wherever it shows one.

/** Starts the figure rests on: "3 starts", or "one start: between-start noise not included" (1, or not said). */
export function startsNote(forks: number | null | undefined): string {
  return forks && forks > 1 ? `${forks} starts` : 'one start: between-start noise not included'
}

/** A figure's 95% interval as "± 2.1%" (half its width over the figure); null when there is none. */
export function plusMinus(
  value: number | null | undefined,
  low: number | null | undefined,
  high: number | null | undefined,
): string | null {
  if (value == null || low == null || high == null || !(value > 0)) return null
  return `± ${(((high - low) / 2 / value) * 100).toFixed(1)}%`
}

/** "± 2.1% (3 starts)" or "± 0.8% (one start: between-start noise not included)"; a dash without an interval. */
export function formatInterval(
  value: number | null | undefined,
  low: number | null | undefined,
  high: number | null | undefined,
  forks: number | null | undefined,
): string {
  const pm = plusMinus(value, low, high)
  return pm === null ? '—' : `${pm} (${startsNote(forks)})`
}
