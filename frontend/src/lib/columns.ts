// A table's CSV download built from the columns the service describes (GET /api/columns/{table}): the same columns,
// order and values as the service's own CSV of that answer, with no list of them kept here.
import type { ColumnDescription } from '../api/types'
import type { CsvColumn } from './csv'

type Cell = string | number | boolean | null | undefined | readonly string[]

/** The value at a dot path of an object; undefined when a step is missing. */
function at(value: unknown, path: string): unknown {
  let v = value
  for (const step of path.split('.')) {
    if (v === null || v === undefined || step === '') return v
    v = (v as Record<string, unknown>)[step]
  }
  return v
}

function cell(v: unknown): Cell {
  if (v === null || v === undefined) return null
  if (Array.isArray(v)) return v.map((x) => String(x))
  if (typeof v === 'object') return JSON.stringify(v)
  return v as Cell
}

/**
 * A description's `field` read from a row of `rows[]` or from the answer itself: `rows[].x.y` is the row's x.y, `x`
 * the answer's x; a last step `a:b` after `[]` writes each item's a and b joined by ':'.
 */
export function fieldValue<A, R>(field: string, answer: A, row: R): Cell {
  if (!field.startsWith('rows[].')) return cell(at(answer, field))
  const [path, items] = field.slice('rows[].'.length).split('[].')
  const v = at(row, path)
  if (items === undefined) return cell(v)
  const keys = items.split(':')
  return ((v as unknown[] | null | undefined) ?? []).map((item) => keys.map((k) => String(at(item, k))).join(':'))
}

/** The CSV columns of a table's rows on one answer, in the service's order, headed by its CSV names. */
export function describedCsv<A, R>(columns: readonly ColumnDescription[], answer: A): CsvColumn<R>[] {
  return columns.map((c) => ({ header: c.csv, value: (row: R) => fieldValue(c.field, answer, row) }))
}
