import { describe, expect, it } from 'vitest'
import { leaderboardSchema, parseQuery, toQuery } from './query'

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
