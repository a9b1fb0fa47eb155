// Work a first screen does not show (a chart below the fold, a line below the table, a download's column names) waits
// until the first screen is on screen, so that it takes neither bandwidth nor the main thread from it.

/**
 * Runs `run` after the frame that shows the page has been painted: the next frame's requestAnimationFrame comes after
 * it, and a task posted from there runs once that frame's own work is done.
 */
export function afterPaint(run: () => void): void {
  if (typeof requestAnimationFrame === 'undefined') {
    setTimeout(run, 0)
    return
  }
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(run, 0)))
}

/**
 * Runs `run` once the board's first row (its cells marked elementtiming="first-row") has been presented, as the
 * browser's Element Timing reports it: a compositor can put a frame on screen a frame or two after the main thread
 * painted it, which afterPaint alone does not wait for. Without Element Timing, or with no such row on the page: after
 * the paint; and at the latest 2 s after it, should the browser report nothing.
 */
export function afterFirstRow(run: () => void): void {
  let done = false
  const once = () => {
    if (done) return
    done = true
    observer?.disconnect()
    run()
  }
  const timed =
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('element') &&
    typeof document !== 'undefined' &&
    document.querySelector('[elementtiming="first-row"]') !== null
  let observer: PerformanceObserver | null = null
  if (!timed) {
    afterPaint(once)
    return
  }
  observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((e) => (e as PerformanceEntry & { identifier?: string }).identifier === 'first-row'))
      afterPaint(once)
  })
  observer.observe({ type: 'element', buffered: true })
  afterPaint(() => setTimeout(once, 2000))
}
