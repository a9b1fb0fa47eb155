// GET /api/columns/{table}: a table's columns as the service describes them once (its JSON and CSV follow them).
import { getJson } from './http'
import type { ColumnDescription } from './types'

const described = new Map<string, Promise<ColumnDescription[]>>()

/** The columns of a table, fetched once per page load (they change only with the service). */
export function fetchColumns(table: string): Promise<ColumnDescription[]> {
  let columns = described.get(table)
  if (!columns) {
    columns = getJson<ColumnDescription[]>(`/api/columns/${encodeURIComponent(table)}`)
    columns.catch(() => described.delete(table)) // a failed fetch is tried again next time
    described.set(table, columns)
  }
  return columns
}
