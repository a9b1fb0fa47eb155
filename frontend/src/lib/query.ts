// Filter state <-> URL query: every view keeps its whole state in the URL so a link restores it.

export type RawQuery = Record<string, string | null | (string | null)[] | undefined>

export type FieldKind = 'string' | 'int' | 'number' | 'date'
export type Schema = Record<string, { kind: FieldKind; default?: string | number }>

export type Values<S extends Schema> = {
  [K in keyof S]: S[K]['kind'] extends 'int' | 'number' ? number | undefined : string | undefined
}

function first(v: RawQuery[string]): string | undefined {
  const s = Array.isArray(v) ? v[0] : v
  return s === null || s === undefined || s === '' ? undefined : s
}

/** Reads a query against a schema; a value that does not parse falls back to the default. */
export function parseQuery<S extends Schema>(schema: S, query: RawQuery): Values<S> {
  const out: Record<string, string | number | undefined> = {}
  for (const [key, field] of Object.entries(schema)) {
    const raw = first(query[key])
    let value: string | number | undefined
    if (raw !== undefined) {
      if (field.kind === 'int') value = /^-?\d+$/.test(raw) ? Number(raw) : undefined
      else if (field.kind === 'number') value = Number.isFinite(Number(raw)) ? Number(raw) : undefined
      else if (field.kind === 'date') value = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined
      else value = raw
    }
    out[key] = value ?? field.default
  }
  return out as Values<S>
}

/** Writes values back as a query, leaving out defaults and empty values so links stay short. */
export function toQuery<S extends Schema>(schema: S, values: Partial<Values<S>>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, field] of Object.entries(schema)) {
    const v = (values as Record<string, unknown>)[key]
    if (v === undefined || v === null || v === '') continue
    if (field.default !== undefined && String(v) === String(field.default)) continue
    out[key] = String(v)
  }
  return out
}

/**
 * The filters several pages take, each declared once: its URL parameter (the API's name), what it holds and the value a
 * page reads when the URL has none. A page picks those it takes, in its own order (which is the order of its links'
 * parameters), and declares only its own filters beside them.
 */
export const FILTERS = {
  scenario: { kind: 'string', default: 'plaintext' },
  target: { kind: 'string' },
  hostClass: { kind: 'string' },
  vcpus: { kind: 'int' },
  connections: { kind: 'int' },
  loadModel: { kind: 'string', default: 'closed' },
  from: { kind: 'date' },
  to: { kind: 'date' },
  flagged: { kind: 'string', default: 'exclude' },
} as const satisfies Schema

/** The shared filters named, in the order named. */
export function filters<K extends keyof typeof FILTERS>(...keys: K[]): Pick<typeof FILTERS, K> {
  return Object.fromEntries(keys.map((k) => [k, FILTERS[k]])) as Pick<typeof FILTERS, K>
}

/** The leaderboard's filters (the scenario is in the path). */
export const leaderboardSchema = {
  ...filters('hostClass', 'vcpus'),
  jvmVendor: { kind: 'string' },
  jvmMajor: { kind: 'int' },
  ioModel: { kind: 'string' },
  /** default (the target's own JVM flags) or aot-cache (started from an AOT cache): a board reads one mode. */
  jvmMode: { kind: 'string', default: 'default' },
  ...filters('loadModel', 'connections'),
  /** An open-loop cell's offered rate: with loadModel open and rank cpu, the "cost at N req/s" ranking. */
  targetRate: { kind: 'number' },
  ...filters('from', 'to'),
  sla: { kind: 'number', default: 200 },
  rank: { kind: 'string', default: 'throughput' },
  basis: { kind: 'string', default: 'segment' },
  classification: { kind: 'string' },
  flagged: FILTERS.flagged,
  revoked: { kind: 'string', default: 'include' },
  /** single (the default: today's ranking), all (scale-out rows beside them, labelled) or one nginx-N. */
  topology: { kind: 'string', default: 'single' },
  /** The table's column order, the site's own: never sent to the API. */
  sort: { kind: 'string' },
} as const satisfies Schema
