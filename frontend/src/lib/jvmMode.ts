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

type Figures = JvmModeRow['defaultMode']
type Figure = number | null | undefined

/** The figures the side by side lists, in its order: what each is, how it is written, and which way is better. */
const FIGURES: readonly {
  key: ModeFigure['key']
  label: string
  of: (f: Figures) => Figure
  text: (v: Figure) => string
  lowerIsBetter: boolean
}[] = [
  {
    key: 'firstResponse',
    label: 'first response after start',
    of: (f) => f.firstResponseMs,
    text: formatMs,
    lowerIsBetter: true,
  },
  { key: 'idleRss', label: 'memory when idle', of: (f) => f.idleRssBytes, text: formatMb, lowerIsBetter: true },
  { key: 'timeToPeak', label: 'time to peak', of: (f) => f.timeToPeakSeconds, text: seconds, lowerIsBetter: true },
  {
    key: 'throughput',
    label: 'steady throughput (req/s)',
    of: (f) => f.throughput,
    text: formatRps,
    lowerIsBetter: false,
  },
]

/** The four figures of a comparison row, in the order the page lists them. */
export function modeFigures(row: JvmModeRow): ModeFigure[] {
  return FIGURES.map(({ key, label, of, text, lowerIsBetter }) => {
    const d = of(row.defaultMode)
    const a = of(row.aotCache)
    return { key, label, defaultText: text(d), aotText: text(a), ...change(d, a, lowerIsBetter) }
  })
}
