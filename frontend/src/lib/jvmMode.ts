// The JVM mode axis (methodology, "JVM mode"): a cell measured as the target starts by itself (default) or from the
// AOT cache a training run wrote (aot-cache). Labels, and the framework page's side by side of one run's two cells.
import type { JvmModeRow } from '../api/types'
import { formatMs, formatRps } from './format'

export const JVM_MODES = ['default', 'aot-cache'] as const

/** How the site names a mode: "default JVM" or "AOT cache". */
export function jvmModeLabel(mode: string | null | undefined): string {
  return mode === 'aot-cache' ? 'AOT cache' : 'default JVM'
}

/** Whether a cell ran in another mode than the default (its mode is then shown beside it). */
export function isAotCache(mode: string | null | undefined): boolean {
  return mode === 'aot-cache'
}

/** Resident memory in MB (idle JVMs are tens to hundreds of MB): 104857600 -> "104.9 MB". */
export function formatMb(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '—'
  return `${(bytes / 1e6).toFixed(1)} MB`
}

/** One line of the side by side: a figure in each mode and how the AOT cache changed it. */
export interface ModeFigure {
  key: 'firstResponse' | 'idleRss' | 'timeToPeak' | 'throughput'
  label: string
  defaultText: string
  aotText: string
  /** "-50.8%" from default to AOT cache; '—' when either is missing. */
  change: string
  /** true: the AOT cache did better on this figure (lower times and memory, higher throughput); null: unknown. */
  better: boolean | null
}

function change(before: number | null | undefined, after: number | null | undefined, lowerIsBetter: boolean) {
  if (before == null || after == null || !Number.isFinite(before) || !Number.isFinite(after) || before === 0) {
    return { change: '—', better: null }
  }
  const pct = ((after - before) / before) * 100
  return {
    change: `${pct > 0 ? '+' : ''}${pct.toFixed(1)}%`,
    better: after === before ? null : lowerIsBetter ? after < before : after > before,
  }
}

const seconds = (v: number | null | undefined) => (v == null ? 'not reached' : `${v.toFixed(1)} s`)

/** The four figures of a comparison row, in the order the page lists them. */
export function modeFigures(row: JvmModeRow): ModeFigure[] {
  const d = row.defaultMode
  const a = row.aotCache
  return [
    {
      key: 'firstResponse',
      label: 'first response after start',
      defaultText: formatMs(d.firstResponseMs),
      aotText: formatMs(a.firstResponseMs),
      ...change(d.firstResponseMs, a.firstResponseMs, true),
    },
    {
      key: 'idleRss',
      label: 'memory when idle',
      defaultText: formatMb(d.idleRssBytes),
      aotText: formatMb(a.idleRssBytes),
      ...change(d.idleRssBytes, a.idleRssBytes, true),
    },
    {
      key: 'timeToPeak',
      label: 'time to peak',
      defaultText: seconds(d.timeToPeakSeconds),
      aotText: seconds(a.timeToPeakSeconds),
      ...change(d.timeToPeakSeconds, a.timeToPeakSeconds, true),
    },
    {
      key: 'throughput',
      label: 'steady throughput (req/s)',
      defaultText: formatRps(d.throughput),
      aotText: formatRps(a.throughput),
      ...change(d.throughput, a.throughput, false),
    },
  ]
}
