// The one CSV dialect of the API's tables and the site's downloads (schema/testdata/rules/csv.json): RFC 4180
// quoting, snake_case headers, lists joined with a space, cells a spreadsheet would run as formulas defused.

type CsvValue = string | number | boolean | null | undefined

export interface CsvColumn<T> {
  header: string // the JSON name (camelCase or snake_case): written in snake_case
  value: (row: T) => CsvValue | readonly string[]
}

/** The names of a row's fields that a CSV cell can hold as they are (a list is joined with a space). */
export type CsvField<T> = {
  [K in keyof T & string]: T[K] extends CsvValue | readonly string[] ? K : never
}[keyof T & string]

/** Columns that are the row's own fields, each headed by its JSON name (so written in snake_case: ciLow -> ci_low). */
export function fieldColumns<T>(...names: CsvField<T>[]): CsvColumn<T>[] {
  return names.map((name) => ({ header: name, value: (row: T) => row[name] as CsvValue | readonly string[] }))
}

/** rpsCiLow -> rps_ci_low, p99Ms -> p99_ms: the server's rule (Csv.snakeCase). */
export function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()
}

function cell(value: CsvValue | readonly string[]): string {
  const v = Array.isArray(value) ? value.join(' ') : (value as CsvValue)
  if (v === null || v === undefined) return ''
  let s = String(v)
  // A leading = + - @ makes spreadsheets evaluate the text; numbers are exempt.
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [columns.map((c) => cell(snakeCase(c.header))).join(',')]
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(','))
  return lines.join('\r\n') + '\r\n'
}

/** Offers the text as a file download (browser only). */
export function downloadCsv(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
