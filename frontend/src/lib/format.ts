// Formatters: every number the site shows goes through one of these, so tables, charts and CSV agree.

const dash = '—'

// One formatter per number style, made once: toLocaleString builds a new Intl.NumberFormat on every call, which cost
// the home page's first rows about 45 ms of its first render on the 2-core VM (scripts/budget.mjs).
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const withDecimals = new Map<number, Intl.NumberFormat>()

/** An integer with thousands separators: 123456.7 -> "123,457". */
export function formatInteger(v: number): string {
  return grouped.format(Math.round(v))
}

/** A number with exactly {@code digits} decimals and thousands separators: (1234.5, 2) -> "1,234.50". */
export function formatDecimal(v: number, digits: number): string {
  let f = withDecimals.get(digits)
  if (!f) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    withDecimals.set(digits, f)
  }
  return f.format(v)
}

/** Requests per second: 123456.7 -> "123,457"; >= 10M -> "12.3M". */
export function formatRps(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return dash
  if (Math.abs(v) >= 10_000_000) return `${(v / 1_000_000).toFixed(1)}M`
  return formatInteger(v)
}

/** Compact requests per second for axes: 130000 -> "130k". */
export function formatRpsShort(v: number): string {
  const a = Math.abs(v)
  if (a >= 1_000_000) return `${trim(v / 1_000_000)}M`
  if (a >= 1_000) return `${trim(v / 1_000)}k`
  return trim(v)
}

function trim(v: number): string {
  return Number(v.toFixed(v >= 100 || v <= -100 ? 0 : 1)).toString()
}

/** Milliseconds with sensible precision: 0.512 -> "0.51 ms", 12.34 -> "12.3 ms", 1234 -> "1,234 ms". */
export function formatMs(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return dash
  if (v < 1) return `${v.toFixed(2)} ms`
  if (v < 100) return `${v.toFixed(1)} ms`
  return `${formatInteger(v)} ms`
}

/** A fraction as a percentage: 0.6 -> "60.0%". */
export function formatPercent(v: number | null | undefined, digits = 1): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return dash
  return `${(v * 100).toFixed(digits)}%`
}

/** An interval of throughputs: "118,000–131,000", or one dash when unknown. */
export function formatRange(low: number | null | undefined, high: number | null | undefined): string {
  if (low === null || low === undefined || high === null || high === undefined) return dash
  return `${formatRps(low)}–${formatRps(high)}`
}

/** A ratio: 2.4 -> "2.40×". */
export function formatRatio(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return dash
  return `${v.toFixed(2)}×`
}

/** A p-value: tiny ones as "< 0.001". */
export function formatP(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return dash
  return v < 0.001 ? '< 0.001' : v.toFixed(3)
}

/** A p-value in a sentence: "p < 0.001" or "p = 0.410". */
export function formatPText(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return 'p unknown'
  return v < 0.001 ? 'p < 0.001' : `p = ${v.toFixed(3)}`
}

/** Bytes as GiB: 16777216000 -> "15.6 GiB". */
export function formatBytes(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return dash
  return `${(v / 1024 ** 3).toFixed(1)} GiB`
}

/** A timestamp as UTC "2026-11-02 08:00 UTC" (the same for every reader, whatever their zone). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return dash
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

/** A day only: "2026-11-02". */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return dash
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : d.toISOString().slice(0, 10)
}

/** The rank column: ties shown as "=2". */
/**
 * A rank range as the comparison engine gives it (methodology section 10): "3" when the row's place is decided, "2–5"
 * when it may be anywhere from 2 to 5 (rows it cannot be told apart from lie above or below it).
 */
export function formatRank(rank: number, rankHigh: number | null | undefined): string {
  return rankHigh === null || rankHigh === undefined || rankHigh === rank ? String(rank) : `${rank}–${rankHigh}`
}

/** A short id for display: first 8 characters of a UUID. */
export function shortId(id: string | number | null | undefined): string {
  if (id === null || id === undefined) return dash
  const s = String(id)
  return s.length > 12 ? s.slice(0, 8) : s
}

/**
 * A host class in words that keep the machine apart from the cells: "AMD EPYC 7R13 · 2 vCPU · 8 GiB" ->
 * "on a 2-vCPU, 8 GiB AMD EPYC 7R13 host" (the targets are pinned to fewer vCPUs of it; the vCPUs column says how many).
 */
export function describeHost(hostClass: string | null | undefined): string {
  if (!hostClass) return dash
  const m = /^(.*) · (\d+) vCPU · (.+)$/.exec(hostClass)
  return m ? `on a ${m[2]}-vCPU, ${m[3]} ${m[1]} host` : `on ${hostClass}`
}

/** The set-up of a cell in words: host and the vCPUs its target was pinned to. */
export function describeSetup(hostClass: string | null | undefined, vcpus: number | null | undefined): string {
  const pinned = vcpus ? `, targets pinned to ${vcpus} vCPU${vcpus > 1 ? 's' : ''} of it` : ''
  return `${describeHost(hostClass)}${pinned}`
}
