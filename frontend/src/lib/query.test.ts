import { describe, expect, it } from 'vitest'
import { FILTERS, filters, leaderboardSchema, parseQuery, toQuery } from './query'

describe('URL filter state', () => {
  it('reads typed values and falls back to defaults', () => {
    const v = parseQuery(leaderboardSchema, { vcpus: '4', ioModel: 'blocking', from: '2026-11-01' })
    expect(v.vcpus).toBe(4)
    expect(v.ioModel).toBe('blocking')
    expect(v.loadModel).toBe('closed')
    expect(v.sla).toBe(200)
    expect(v.from).toBe('2026-11-01')
  })
  it('ignores values that do not parse', () => {
    const v = parseQuery(leaderboardSchema, { vcpus: 'four', sla: 'x', from: 'yesterday' })
    expect(v.vcpus).toBeUndefined()
    expect(v.sla).toBe(200)
    expect(v.from).toBeUndefined()
  })
  it('writes only what differs from the defaults, and round-trips', () => {
    const q = toQuery(leaderboardSchema, {
      vcpus: 2,
      loadModel: 'closed',
      sla: 50,
      hostClass: 'Xeon · 4 vCPU · 16 GiB',
    })
    expect(q).toEqual({ vcpus: '2', sla: '50', hostClass: 'Xeon · 4 vCPU · 16 GiB' })
    expect(toQuery(leaderboardSchema, parseQuery(leaderboardSchema, q))).toEqual(q)
  })
})

describe('the shared filters', () => {
  it("are picked in the order named, which is the order of a link's parameters", () => {
    const schema = { ...filters('to', 'scenario', 'vcpus'), page: { kind: 'int' } } as const
    expect(Object.keys(schema)).toEqual(['to', 'scenario', 'vcpus', 'page'])
    expect(schema.scenario).toBe(FILTERS.scenario)
    expect(toQuery(schema, { page: 2, vcpus: 4, scenario: 'json', to: '2026-11-30' })).toEqual({
      to: '2026-11-30',
      scenario: 'json',
      vcpus: '4',
      page: '2',
    })
    expect(parseQuery(schema, {})).toEqual({ to: undefined, scenario: 'plaintext', vcpus: undefined, page: undefined })
  })
})
