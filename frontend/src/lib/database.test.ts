import { describe, expect, it } from 'vitest'
import type { Cell, RunDetail } from '../api/types'
import { databaseOf } from './database'

function cell(over: Partial<Cell>): Cell {
  return {
    framework: 'Tomcat',
    ioModel: 'blocking',
    scenario: 'plaintext',
    connections: 64,
    vcpus: 1,
    topology: 'single',
    database: null,
    cpuSeconds: { target: 3, database: null, balancer: null },
    ...over,
  } as Cell
}

function run(cells: Cell[], database: RunDetail['database'] = null): RunDetail {
  // no envelope at all: every figure below comes from the API's fields
  return { cells, database, balancer: null, envelope: '' } as unknown as RunDetail
}

describe('databaseOf', () => {
  it('reads the database and what each db cell cost the target and the database from the API fields', () => {
    const got = databaseOf(
      run(
        [
          cell({}),
          cell({
            scenario: 'db',
            database: { client: 'PostgreSQL JDBC + HikariCP', pool: 16 },
            cpuSeconds: { target: 6, database: 12, balancer: null },
          }),
        ],
        { server: 'PostgreSQL', version: '15.14', cpus: '1', settings: { max_connections: '200' } },
      ),
    )
    expect(got?.database?.version).toBe('15.14')
    expect(got?.database?.settings).toEqual({ max_connections: '200' })
    expect(got?.cells).toHaveLength(1)
    const c = got!.cells[0]
    expect(c).toMatchObject({ scenario: 'db', client: 'PostgreSQL JDBC + HikariCP', pool: 16 })
    expect(c.targetCpuSeconds).toBe(6)
    expect(c.databaseCpuSeconds).toBe(12)
    expect(c.databaseShare).toBeCloseTo(2 / 3)
  })

  it('says nothing for a run without db cells, and no share without the database CPU', () => {
    expect(databaseOf(run([cell({})]))).toBeNull()
    const got = databaseOf(
      run([
        cell({
          framework: 'Jetty',
          scenario: 'fortunes',
          database: { client: 'c', pool: 8 },
          cpuSeconds: { target: 1, database: null, balancer: null },
        }),
      ]),
    )
    expect(got?.database).toBeNull()
    expect(got?.cells[0].databaseCpuSeconds).toBeNull()
    expect(got?.cells[0].databaseShare).toBeNull()
  })

  it('shows a db cell without usage as 0 CPU-s of the target, as before', () => {
    const got = databaseOf(run([cell({ scenario: 'db', database: { client: 'c', pool: 8 }, cpuSeconds: null })]))
    expect(got?.cells[0].targetCpuSeconds).toBe(0)
    expect(got?.cells[0].databaseShare).toBeNull()
  })
})
