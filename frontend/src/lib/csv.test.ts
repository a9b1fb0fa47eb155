import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { fieldColumns, toCsv } from './csv'

describe('toCsv', () => {
  const cols = [
    { header: 'framework', value: (r: { f: string; v: number | null }) => r.f },
    { header: 'rps', value: (r: { f: string; v: number | null }) => r.v },
  ]
  it('writes a header row and CRLF lines', () => {
    expect(toCsv([{ f: 'Netty', v: 1.5 }], cols)).toBe('framework,rps\r\nNetty,1.5\r\n')
  })
  it('quotes commas, quotes and newlines, and leaves nulls empty', () => {
    expect(toCsv([{ f: 'a,"b"\nc', v: null }], cols)).toBe('framework,rps\r\n"a,""b""\nc",\r\n')
  })
  it('defuses text a spreadsheet would run as a formula, but not negative numbers', () => {
    expect(toCsv([{ f: '=HYPERLINK("x")', v: -1 }], cols)).toBe('framework,rps\r\n"\'=HYPERLINK(""x"")",-1\r\n')
  })
})

describe('fieldColumns', () => {
  it('heads each column with its field in snake_case and writes the field as it is, a list joined with a space', () => {
    const row = { ioModel: 'virtual', ciLow: 1.5, vsSingle: undefined as number | undefined, flags: ['noisy', 'x'] }
    const columns = fieldColumns<typeof row>('ioModel', 'ciLow', 'vsSingle', 'flags')
    expect(toCsv([row], columns)).toBe('io_model,ci_low,vs_single,flags\r\nvirtual,1.5,,noisy x\r\n')
  })
})

describe('the shared CSV dialect (schema/testdata/rules/csv.json, also checked by the service)', () => {
  const vector = JSON.parse(
    readFileSync(new URL('../../../schema/testdata/rules/csv.json', import.meta.url), 'utf8'),
  ) as {
    header: string[]
    rows: (string | number | string[] | null)[][]
    csv: string
  }
  it('writes the vector byte for byte', () => {
    const columns = vector.header.map((header, i) => ({ header, value: (r: (typeof vector.rows)[number]) => r[i] }))
    expect(toCsv(vector.rows, columns)).toBe(vector.csv)
  })
})
