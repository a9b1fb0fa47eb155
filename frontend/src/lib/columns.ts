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
 * A description's `field` read from a row or from the answer itself: `rows[].x.y` is the row's x.y, `x` the answer's
 * x. In nested lists (`series[].points[].x`, `series[].x`) the row is a point carrying its series' fields, as the
 * chart pages flatten them (seriesRows), so the last step is read from the row. A last step `a:b` after a list of the
 * row (`rows[].sweep[].a:b`) writes each item's a and b joined by ':'.
 */
export function fieldValue<A, R>(field: string, answer: A, row: R): Cell {
  const steps = field.split('[].')
  if (steps.length === 1) return cell(at(answer, field))
  const last = steps[steps.length - 1]
  if (steps.length < 3 || !last.includes(':')) return cell(at(row, last))
  const keys = last.split(':')
  const items = at(row, steps[steps.length - 2]) as unknown[] | null | undefined
  return (items ?? []).map((item) => keys.map((k) => String(at(item, k))).join(':'))
}

/** The CSV columns of a table's rows on one answer, in the service's order, headed by its CSV names. */
export function describedCsv<A, R>(columns: readonly ColumnDescription[], answer: A): CsvColumn<R>[] {
  return columns.map((c) => ({ header: c.csv, value: (row: R) => fieldValue(c.field, answer, row) }))
}
