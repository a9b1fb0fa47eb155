// useChartPage: what every chart page does in the same order. The filters live in the URL (so a link restores the
// page), they make the API query, the answer is fetched (stale answers dropped), turned into the table's rows, and
// the same rows and columns make the CSV download. A long table shows its first rows and a button shows more.
// Two pages with a table and a CSV do not fit it, and keep their own steps:
// - Compare: its one query (two cell ids) is not made of the URL state alone; it needs an answer fetched first (the
//   leaderboard's SLA cells, or the two runs' cells), whose query needs the state: two fetches in a row.
// - Calculator: its rows are not an answer's. The plan is worked out in the browser from the inputs and the board,
//   and it stands with no answer at all when the reader gives a ratio of their own.
import { computed, type ComputedRef } from 'vue'
import type { CsvColumn } from '../lib/csv'
import type { Schema, Values } from '../lib/query'
import { parseTargetKey } from './useFrameworks'
import { useQueryState } from './useQueryState'
import { useResource } from './useResource'
import { useShowMore } from './useShowMore'

export interface ChartPageOptions<S extends Schema, Q, D, R> {
  /** The page's filters as they are written into the URL. */
  schema: S
  /** The API query the filters ask for. */
  query: (values: Values<S>) => Q
  fetch: (query: Q, signal: AbortSignal) => Promise<D>
  /** A query not worth sending (say, no framework chosen yet): no request, no data. */
  skip?: (query: Q) => boolean
  /** The table's rows, in the table's order; the CSV has them all. */
  rows: (data: D, values: Values<S>) => R[]
  /** The CSV's columns (headers name the JSON fields, as the API's CSV does), when the service describes none. */
  columns?: readonly CsvColumn<R>[]
  /**
   * The table the service describes (GET /api/columns/{table}): the download has its columns, in the API's CSV order,
   * read from the rows and the answer, instead of `columns`.
   */
  table?: string
  /** The CSV file's name. */
  filename: (values: Values<S>) => string
  /** How many rows the table shows at first (all when absent), and how many each "Show more" adds. */
  first?: number
  step?: number
}

/**
 * A table's download (TableActions renders it): the page's columns, or, with `table`, the service's described ones
 * read from `answer` and the rows (columns is then empty).
 */
export interface CsvDownload<R> {
  rows: readonly R[]
  columns: readonly CsvColumn<R>[]
  filename: string
  table?: string
  answer?: unknown
}

export function useChartPage<S extends Schema, Q, D, R>(options: ChartPageOptions<S, Q, D, R>) {
  const { values, update, reset } = useQueryState(options.schema)
  const query = computed(() => options.query(values.value))
  const resource = useResource(query, options.fetch, options.skip ? { skip: options.skip } : {})
  const rows = computed<R[]>(() =>
    resource.data.value === null ? [] : options.rows(resource.data.value, values.value),
  )
  const table = useShowMore(rows, options.first ?? Number.MAX_SAFE_INTEGER, options.step)
  const csv: ComputedRef<CsvDownload<R>> = computed(() => ({
    rows: rows.value,
    columns: options.columns ?? [],
    filename: options.filename(values.value),
    ...(options.table ? { table: options.table, answer: resource.data.value } : {}),
  }))
  return { values, update, reset, query, resource, ...resource, rows, ...table, csv }
}

/** The scenario and framework target most chart pages filter by, as the API takes them. */
export function targetQuery(values: { scenario?: string; target?: string }) {
  const t = parseTargetKey(values.target)
  return { scenario: values.scenario ?? 'plaintext', framework: t?.framework, ioModel: t?.ioModel || undefined }
}

/** One row per point of every series, each carrying its series' fields; points in `order` within a series. */
export function seriesRows<S extends { points: readonly object[] }, X extends object>(
  series: readonly S[],
  fields: (s: S) => X,
  order?: (a: S['points'][number], b: S['points'][number]) => number,
): (S['points'][number] & X)[] {
  return series.flatMap((s) => {
    const points = order ? [...s.points].sort(order) : s.points
    const extra = fields(s)
    return points.map((p) => ({ ...p, ...extra }))
  })
}
