import { describe, expect, it } from 'vitest'
import type { ColumnDescription } from '../api/types'
import { toCsv } from './csv'
import { describedCsv, fieldValue } from './columns'

const col = (name: string, csv: string, field: string): ColumnDescription => ({
  name,
  csv,
  label: name,
  unit: null,
  description: name,
  field,
})

const board = {
  scenario: 'plaintext',
  rows: [
    {
      rank: 1,
      framework: 'Vert.x Web',
      requestsPerCpuSecond: { mean: 66666.7, ciLow: 65576, ciHigh: 67757.4, repeats: 3 },
      flags: ['noisy', 'above-baseline'],
      throughputByConnections: [
        { connections: 64, throughput: 120000.5 },
        { connections: 256, throughput: 130000.5 },
      ],
    },
    { rank: null, framework: 'Jetty', requestsPerCpuSecond: null, flags: [], throughputByConnections: [] },
  ],
}
type Row = (typeof board.rows)[number]

describe('a download built from the described columns', () => {
  const columns = [
    col('rank', 'rank', 'rows[].rank'),
    col('framework', 'framework', 'rows[].framework'),
    col('requestsPerCpuSecondCiLow', 'requests_per_cpu_second_ci_low', 'rows[].requestsPerCpuSecond.ciLow'),
    col('flags', 'flags', 'rows[].flags'),
    col(
      'throughputByConnections',
      'throughput_by_connections',
      'rows[].throughputByConnections[].connections:throughput',
    ),
    col('scenario', 'scenario', 'scenario'),
  ]

  it('has the described columns in their order, rows read at each field, the answer own values on every row', () => {
    expect(toCsv<Row>(board.rows, describedCsv<typeof board, Row>(columns, board))).toBe(
      'rank,framework,requests_per_cpu_second_ci_low,flags,throughput_by_connections,scenario\r\n' +
        '1,Vert.x Web,65576,noisy above-baseline,64:120000.5 256:130000.5,plaintext\r\n' +
        ',Jetty,,,,plaintext\r\n',
    )
  })

  it('reads a point of nested lists from the flattened row, its series fields and the answer own too', () => {
    const history = { scenario: 'json', series: [{ hostClass: 'h', points: [{ throughput: 1.5, flags: ['noisy'] }] }] }
    const row = { hostClass: 'h', throughput: 1.5, flags: ['noisy'] }
    const nested = [
      col('hostClass', 'host_class', 'series[].hostClass'),
      col('throughput', 'throughput', 'series[].points[].throughput'),
      col('flags', 'flags', 'series[].points[].flags'),
      col('scenario', 'scenario', 'scenario'),
    ]
    expect(toCsv([row], describedCsv(nested, history))).toBe(
      'host_class,throughput,flags,scenario\r\nh,1.5,noisy,json\r\n',
    )
  })

  it('leaves a cell empty when a step of its field is missing', () => {
    expect(fieldValue('rows[].requestsPerCpuSecond.mean', board, board.rows[1])).toBeNull()
    expect(fieldValue('rows[].nothing.here', board, board.rows[0])).toBeNull()
  })
})
