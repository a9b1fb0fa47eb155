// useSignatureVerification: re-checks a stored DSSE envelope against its agent's published key, in the browser.
import { ref } from 'vue'
import { verifyEnvelope, type Verification, type Verifier } from '../lib/dsse'

export type VerifyState = 'idle' | 'checking' | 'verified' | 'failed'

export interface SignedRunInfo {
  runId?: string
  cells?: number
}

export function useSignatureVerification(verifier?: Verifier) {
  const state = ref<VerifyState>('idle')
  const message = ref('')
  const signed = ref<SignedRunInfo | null>(null)

  /**
   * `expected` is what the page shows: a valid signature over another run (or over other cells) must not read as
   * "verified" for this one.
   */
  async function verify(
    envelopeText: string | null | undefined,
    publicKeyB64: string | null | undefined,
    expected: SignedRunInfo = {},
  ) {
    if (!envelopeText || !publicKeyB64) {
      state.value = 'failed'
      message.value = !envelopeText ? 'no envelope stored for this run' : 'the agent’s public key could not be fetched'
      return
    }
    state.value = 'checking'
    message.value = 'checking…'
    let result: Verification
    try {
      result = await verifyEnvelope(envelopeText, publicKeyB64, verifier)
    } catch (e) {
      result = { ok: false, keyidMatches: false, message: `signature does NOT match: ${(e as Error).message}` }
    }
    state.value = result.ok ? 'verified' : 'failed'
    message.value = result.message
    signed.value = null
    if (result.payload) {
      try {
        const run = JSON.parse(new TextDecoder().decode(result.payload))
        signed.value = { runId: run.runId, cells: Array.isArray(run.results) ? run.results.length : undefined }
      } catch {
        signed.value = null
      }
    }
    if (result.ok && expected.runId !== undefined && signed.value?.runId !== expected.runId) {
      state.value = 'failed'
      message.value = `the signature is valid, but it signs run ${signed.value?.runId ?? '(unreadable)'}, not this run`
    } else if (result.ok && expected.cells !== undefined && signed.value?.cells !== expected.cells) {
      state.value = 'failed'
      message.value = `the signature is valid, but it signs ${signed.value?.cells ?? 'no'} cells where this page shows ${expected.cells}`
    }
  }

  function reset() {
    state.value = 'idle'
    message.value = ''
    signed.value = null
  }

  return { state, message, signed, verify, reset }
}
