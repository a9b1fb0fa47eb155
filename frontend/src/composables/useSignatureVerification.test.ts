import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { useSignatureVerification } from './useSignatureVerification'

const testdata = new URL('../../../schema/testdata/', import.meta.url)
const read = (p: string) => readFileSync(new URL(p, testdata), 'utf8')
const publicKey = JSON.parse(read('keys/test-agent.json')).publicKey

describe('useSignatureVerification', () => {
  it('says verified for a good envelope and names the signed run', async () => {
    const v = useSignatureVerification()
    await v.verify(read('envelopes/minimal.dsse.json'), publicKey)
    expect(v.state.value).toBe('verified')
    expect(v.message.value).toBe('verified')
    expect(v.signed.value?.runId).toBe('0b6f3c1e-7a52-4c1d-9a43-2f0f6b1d8e01')
  })
  it('says the signature does NOT match for a tampered payload', async () => {
    const v = useSignatureVerification()
    await v.verify(read('envelopes/tampered-payload.dsse.json'), publicKey)
    expect(v.state.value).toBe('failed')
    expect(v.message.value).toBe('signature does NOT match')
  })
  it('checks that the signed run is the run on the page', async () => {
    const v = useSignatureVerification()
    await v.verify(read('envelopes/minimal.dsse.json'), publicKey, {
      runId: '0b6f3c1e-7a52-4c1d-9a43-2f0f6b1d8e01',
      cells: 1,
    })
    expect(v.state.value).toBe('verified')
    await v.verify(read('envelopes/minimal.dsse.json'), publicKey, { runId: 'another-run' })
    expect(v.state.value).toBe('failed')
    expect(v.message.value).toBe(
      'the signature is valid, but it signs run 0b6f3c1e-7a52-4c1d-9a43-2f0f6b1d8e01, not this run',
    )
    await v.verify(read('envelopes/minimal.dsse.json'), publicKey, { cells: 7 })
    expect(v.message.value).toBe('the signature is valid, but it signs 1 cells where this page shows 7')
  })
  it('explains a missing key', async () => {
    const v = useSignatureVerification()
    await v.verify(read('envelopes/minimal.dsse.json'), null)
    expect(v.state.value).toBe('failed')
    expect(v.message.value).toMatch(/public key could not be fetched/)
  })
})
