import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, getJson, withQuery } from './http'

afterEach(() => vi.unstubAllGlobals())

describe('http', () => {
  it('builds queries without empty values and repeats arrays', () => {
    expect(withQuery('/api/x', { a: 1, b: '', c: undefined, d: ['x', 'y'], e: 'a b' })).toBe('/api/x?a=1&d=x&d=y&e=a+b')
    expect(withQuery('/api/x')).toBe('/api/x')
  })
  it('turns problem+json into a sentence naming the field', async () => {
    const body = JSON.stringify({ title: 'Bad Request', status: 400, detail: 'vcpus must be positive', field: 'vcpus' })
    vi.stubGlobal(
      'fetch',
      async () => new Response(body, { status: 400, headers: { 'Content-Type': 'application/problem+json' } }),
    )
    const err = (await getJson('/api/leaderboard').catch((e) => e)) as ApiError
    expect(err).toBeInstanceOf(ApiError)
    expect(err.message).toBe('request rejected (400): vcpus must be positive (field vcpus)')
    expect(err.field).toBe('vcpus')
  })
  it('says when the service cannot be reached', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed')
    })
    await expect(getJson('/api/runs')).rejects.toThrow('cannot reach the results service')
  })
  it('says not found for a 404', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 404 }))
    await expect(getJson('/api/runs/x')).rejects.toThrow(/^not found/)
  })
  it('says what a gateway timeout means and never shows the HTML page of a proxy', async () => {
    const html = '<html><head><title>504 Gateway Time-out</title></head><body><center>nginx</center></body></html>'
    vi.stubGlobal('fetch', async () => new Response(html, { status: 504, headers: { 'Content-Type': 'text/html' } }))
    const err = (await getJson('/api/leaderboard').catch((e) => e)) as ApiError
    expect(err.message).toBe('the results service did not answer in time (504)')
    expect(err.message).not.toContain('<')
    expect(err.status).toBe(504)
  })
})
