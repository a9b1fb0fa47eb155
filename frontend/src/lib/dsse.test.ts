import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { base64ToBytes, indentEnvelope, pae, verifyEnvelope } from './dsse'

const testdata = new URL('../../../schema/testdata/', import.meta.url)
const read = (p: string) => readFileSync(new URL(p, testdata), 'utf8')
const key = JSON.parse(read('keys/test-agent.json'))
const other = JSON.parse(read('keys/other-agent.json'))

describe('DSSE', () => {
  it('computes PAE byte for byte as the shared test vector', () => {
    const env = JSON.parse(read('envelopes/minimal.dsse.json'))
    const expected = readFileSync(new URL('pae/minimal.pae', testdata))
    expect(Buffer.from(pae(env.payloadType, base64ToBytes(env.payload)))).toEqual(expected)
  })
  it('counts bytes, not characters, in PAE', () => {
    const bytes = new TextEncoder().encode('é')
    expect(new TextDecoder().decode(pae('t', bytes))).toBe('DSSEv1 1 t 2 é')
  })
  it('verifies a good signature', async () => {
    const r = await verifyEnvelope(read('envelopes/full.dsse.json'), key.publicKey)
    expect(r.ok).toBe(true)
    expect(r.message).toBe('verified')
  })
  it('flags a tampered payload', async () => {
    const r = await verifyEnvelope(read('envelopes/tampered-payload.dsse.json'), key.publicKey)
    expect(r.ok).toBe(false)
    expect(r.message).toMatch(/does NOT match/)
  })
  it('flags a signature checked against another agent’s key', async () => {
    const r = await verifyEnvelope(read('envelopes/minimal.dsse.json'), other.publicKey)
    expect(r.ok).toBe(false)
    expect(r.message).toMatch(/does NOT match/)
  })
  it('flags an envelope that is not JSON', async () => {
    const r = await verifyEnvelope('{not json', key.publicKey)
    expect(r.ok).toBe(false)
  })
  it('falls back to the library verifier and agrees with WebCrypto', async () => {
    const noble = await import('@noble/ed25519')
    const viaNoble = (k: Uint8Array, s: Uint8Array, m: Uint8Array) => noble.verifyAsync(s, m, k)
    expect((await verifyEnvelope(read('envelopes/full.dsse.json'), key.publicKey, viaNoble)).ok).toBe(true)
    expect((await verifyEnvelope(read('envelopes/tampered-payload.dsse.json'), key.publicKey, viaNoble)).ok).toBe(false)
  })
  it('indents a stored envelope for reading, and shows one that is no JSON as it came', () => {
    expect(indentEnvelope('{"payloadType":"t","signatures":[]}')).toBe(
      '{\n  "payloadType": "t",\n  "signatures": []\n}',
    )
    expect(indentEnvelope('not json')).toBe('not json')
    expect(indentEnvelope(null)).toBe('')
  })
})
