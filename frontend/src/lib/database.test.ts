import { describe, expect, it } from 'vitest'
import { databaseOf } from './database'

const usage = (target: number, db?: number) => ({
  targetCpuUserSeconds: target * 0.8,
  targetCpuSystemSeconds: target * 0.2,
  ...(db === undefined ? {} : { databaseCpuUserSeconds: db * 0.5, databaseCpuSystemSeconds: db * 0.5 }),
})

describe('databaseOf', () => {
  it('reads the database and sums what each db cell cost the target and the database', () => {
    const got = databaseOf({
      database: { server: 'PostgreSQL', version: '15.14', cpus: '1', settings: { max_connections: '200' } },
      results: [
        { framework: 'Tomcat', ioModel: 'blocking', scenario: 'plaintext', connections: 64, vcpus: 1, repeats: [] },
        {
          framework: 'Tomcat',
          ioModel: 'blocking',
          scenario: 'db',
          connections: 64,
          vcpus: 1,
          database: { client: 'PostgreSQL JDBC + HikariCP', pool: 16 },
          repeats: [
            { requests: 1000, usage: usage(3, 6) },
            { requests: 1100, usage: usage(3, 6) },
          ],
        },
      ],
    })
    expect(got?.database?.version).toBe('15.14')
    expect(got?.cells).toHaveLength(1)
    const c = got!.cells[0]
    expect(c).toMatchObject({ scenario: 'db', client: 'PostgreSQL JDBC + HikariCP', pool: 16, requests: 2100 })
    expect(c.targetCpuSeconds).toBeCloseTo(6)
    expect(c.databaseCpuSeconds).toBeCloseTo(12)
    expect(c.databaseShare).toBeCloseTo(2 / 3)
  })

  it('says nothing for a run without db cells, and no share without the database CPU', () => {
    expect(databaseOf({ results: [] })).toBeNull()
    expect(databaseOf('not a payload')).toBeNull()
    const got = databaseOf({
      results: [
        {
          framework: 'Jetty',
          ioModel: 'blocking',
          scenario: 'fortunes',
          connections: 64,
          vcpus: 1,
          database: { client: 'c', pool: 8 },
          repeats: [{ requests: 10, usage: usage(1) }],
        },
      ],
    })
    expect(got?.database).toBeNull()
    expect(got?.cells[0].databaseCpuSeconds).toBeNull()
    expect(got?.cells[0].databaseShare).toBeNull()
  })
})
