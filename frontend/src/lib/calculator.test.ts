import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import {
  calculatorRefusal,
  openingScenario,
  planMigration,
  ratioAtLeast,
  sizingFigure,
  type ApiLoad,
  type ApiPlan,
} from './calculator'

describe('planMigration (methodology section 6)', () => {
  it('works the example through: 10 servers, 10k -> 30k RPS, ratio 1.5', () => {
    const plan = planMigration(10, 1.5, [{ current: 10000, required: 30000 }])!
    const api = plan.apis[0]
    expect(api.perServerToday).toBe(1000)
    expect(api.perServerAfter).toBe(1500)
    expect(api.systemAfter).toBe(15000)
    expect(api.serversToAddWithout).toBe(20) // (30000 - 10000) / 1000
    expect(api.serversToAddWith).toBe(10) // (30000 - 15000) / 1500
    expect(api.serversSaved).toBe(10)
  })
  it('rounds servers up', () => {
    const api = planMigration(3, 1.27, [{ current: 900, required: 1000 }])!.apis[0]
    expect(api.serversToAddWithout).toBe(1) // 100 / 300 -> 1
    expect(api.serversToAddWith).toBe(0) // 1143 >= 1000
  })
  it('never adds a negative number of servers', () => {
    const api = planMigration(4, 0.5, [{ current: 8000, required: 2000 }])!.apis[0]
    expect(api.serversToAddWithout).toBe(0)
    expect(api.serversToAddWith).toBe(0)
  })
  it('a slower target framework costs servers (negative savings)', () => {
    const api = planMigration(10, 0.5, [{ current: 10000, required: 20000 }])!.apis[0]
    expect(api.serversToAddWithout).toBe(10)
    expect(api.serversToAddWith).toBe(30) // (20000 - 5000) / 500
    expect(api.serversSaved).toBe(-20)
  })
  it('adds the APIs up in the totals, as GET /api/calculator does', () => {
    const plan = planMigration(10, 2, [
      { current: 10000, required: 30000 },
      { current: 5000, required: 30000 },
    ])!
    expect(plan.apis.map((a) => [a.serversToAddWithout, a.serversToAddWith])).toEqual([
      [20, 5],
      [50, 20],
    ])
    expect(plan.totals).toEqual({ serversToAddWithout: 70, serversToAddWith: 25, serversSaved: 45 })
  })
  it('gives no plan without servers, ratio or current load', () => {
    expect(planMigration(0, 1.5, [{ current: 1, required: 2 }])).toBeNull()
    expect(planMigration(10, 0, [{ current: 1, required: 2 }])).toBeNull()
    expect(planMigration(10, 1.5, [{ current: 0, required: 2 }])).toBeNull()
  })
})

describe('the shared calculator vectors (schema/testdata/rules/calculator.json, also checked by MigrationCalculator)', () => {
  interface Vector {
    about: string
    servers: number
    ratio: number
    apis: ApiLoad[]
    refused?: boolean
    plans?: Omit<ApiPlan, 'current' | 'required'>[]
  }
  const vectors = JSON.parse(
    readFileSync(new URL('../../../schema/testdata/rules/calculator.json', import.meta.url), 'utf8'),
  ) as Vector[]
  it.each(vectors.map((v) => [v.about, v] as const))('%s', (_, v) => {
    const plan = planMigration(v.servers, v.ratio, v.apis)
    if (v.refused) {
      expect(plan).toBeNull()
      return
    }
    expect(plan).not.toBeNull()
    v.plans!.forEach((want, i) => {
      const got = plan!.apis[i]
      expect(got.perServerToday).toBeCloseTo(want.perServerToday, 9)
      expect(got.perServerAfter).toBeCloseTo(want.perServerAfter, 9)
      expect(got.systemAfter).toBeCloseTo(want.systemAfter, 9)
      expect([got.serversToAddWithout, got.serversToAddWith, got.serversSaved]).toEqual([
        want.serversToAddWithout,
        want.serversToAddWith,
        want.serversSaved,
      ])
    })
    const sum = (k: 'serversToAddWithout' | 'serversToAddWith') => v.plans!.reduce((n, p) => n + p[k], 0)
    expect(plan!.totals).toEqual({
      serversToAddWithout: sum('serversToAddWithout'),
      serversToAddWith: sum('serversToAddWith'),
      serversSaved: sum('serversToAddWithout') - sum('serversToAddWith'),
    })
  })
})

describe('calculator set-up', () => {
  it('opens on a scenario that has data: proxy when measured, else what make run measured', () => {
    expect(openingScenario([{ scenarios: ['json', 'plaintext'] }])).toBe('json')
    expect(openingScenario([{ scenarios: ['plaintext'] }, { scenarios: ['proxy'] }])).toBe('proxy')
    expect(openingScenario([])).toBeUndefined()
  })
  it('sizes by SLA throughput or by requests per CPU-second', () => {
    const row = { slaThroughput: 50000, requestsPerCpuSecond: { mean: 30000 } }
    expect(sizingFigure(row, 'throughput')).toBe(50000)
    expect(sizingFigure(row, 'cpu')).toBe(30000)
    expect(sizingFigure({ slaThroughput: null }, 'throughput')).toBeNull()
    expect(sizingFigure({ slaThroughput: 1, requestsPerCpuSecond: null }, 'cpu')).toBeNull()
  })
})

describe('the flag policy the page and GET /api/calculator share (schema/testdata/rules/flags.json)', () => {
  interface Rule {
    about: string
    by: 'throughput' | 'cpu'
    from: string[]
    to: string[]
    flagged?: string
    refused: 'from' | 'to' | null
    atLeast: boolean
  }
  const rules = (
    JSON.parse(readFileSync(new URL('../../../schema/testdata/rules/flags.json', import.meta.url), 'utf8')) as {
      calculator: Rule[]
    }
  ).calculator
  it('has the vectors', () => expect(rules.length).toBeGreaterThanOrEqual(5))
  it.each(rules.map((r) => [r.about, r] as const))('%s', (_, r) => {
    const include = r.flagged === 'include'
    const from = { framework: 'A', flags: r.from }
    const to = { framework: 'B', flags: r.to }
    expect(calculatorRefusal(from, to, r.by, include)?.field ?? null).toBe(r.refused)
    if (!r.refused) expect(ratioAtLeast(to, r.by, include)).toBe(r.atLeast)
  })
  it('refuses a revoked agent’s figure', () => {
    expect(
      calculatorRefusal({ framework: 'A', flags: [], agentRevoked: true }, { framework: 'B', flags: [] }, 'cpu'),
    ).toMatchObject({
      field: 'from',
      message: 'A is flagged revoked-agent: its figure has no honest order',
    })
  })
})
