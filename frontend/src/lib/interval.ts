// How every interval on the site is said: how far below and above the figure its bounds are, as shares of the figure
// (the service builds it on the log scale, so it is not symmetric: "−2.0% / +2.1%"), and whether it spans several JVM
// starts (the service's `forks`). One start's interval describes that start only: the JVM's larger noise, between
// starts (JIT decisions, code layout, GC sizing), is not in it, and the site says so wherever it shows one.

/** Starts the figure rests on: "3 starts", or "one start: between-start noise not included" (1, or not said). */
export function startsNote(forks: number | null | undefined): string {
  return forks && forks > 1 ? `${forks} starts` : 'one start: between-start noise not included'
}

/**
 * A figure's 95% interval as "−2.0% / +2.1%": how far its low bound is below the figure and its high bound above it,
 * each as a share of the figure (the interval is on the log scale, so the two differ); null when there is none.
 */
export function percentBounds(
  value: number | null | undefined,
  low: number | null | undefined,
  high: number | null | undefined,
): string | null {
  if (value == null || low == null || high == null || !(value > 0)) return null
  const pct = (d: number) => (Math.abs(d / value) * 100).toFixed(1)
  return `${low > value ? '+' : '−'}${pct(value - low)}% / ${high < value ? '−' : '+'}${pct(high - value)}%`
}

/** An interval's formatter: "−2.0% / +2.1%" followed by what it spans (`note` of its forks); a dash without one. */
function withNote(note: (forks: number | null | undefined) => string) {
  return (
    value: number | null | undefined,
    low: number | null | undefined,
    high: number | null | undefined,
    forks: number | null | undefined,
  ): string => {
    const pm = percentBounds(value, low, high)
    return pm === null ? '—' : `${pm} ${note(forks)}`
  }
}

/** "−2.0% / +2.1% (3 starts)" or "−0.8% / +0.8% (one start: between-start noise not included)"; a dash without one. */
export const formatInterval = withNote((forks) => `(${startsNote(forks)})`)

// The cost figures (requests per CPU-second, CPU µs per request at a fixed rate, memory per 1,000 req/s) and the
// allocation per request are the service's Estimate: a t interval over the repeats of the shown cell, one run's
// (CellStatistics.requestsPerCpuSecond and the others, Estimate.of), with every repeat of its JVM starts taken as one
// sample. Never over several runs, and never with the spread between starts counted: only the throughput interval is.

/** What a cost figure's interval is over: "over the repeats of one start", or one run's starts pooled. */
export function repeatsNote(forks: number | null | undefined): string {
  return forks && forks > 1
    ? 'over the repeats of one run, its starts pooled: between-start noise not counted'
    : 'over the repeats of one start'
}

/** "−2.9% / +3.0% over the repeats of one start" for a cost figure; a dash without an interval. */
export const formatRepeatsInterval = withNote(repeatsNote)

/**
 * What a change point's segment interval is over (ChangeView.Segment): the t interval over its runs' figures, so the
 * runs' spread from one JVM start to the next is in it; a one-run segment's is over that run's repeats.
 */
export function segmentNote(runs: number): string {
  return runs > 1
    ? `over ${runs} runs: spans several JVM starts`
    : 'over one run’s repeats: between-start noise not included'
}
