// DSSE v1 envelopes: pre-authentication encoding (PAE) and Ed25519 verification, in the browser.

export interface Envelope {
  payloadType: string
  payload: string
  signatures: { keyid?: string; sig: string }[]
}

const enc = new TextEncoder()

export function base64ToBytes(b64: string): Uint8Array {
  const clean = b64.replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean)) throw new Error('not base64')
  const std = clean.replace(/-/g, '+').replace(/_/g, '/')
  const bin = atob(std + '='.repeat((4 - (std.length % 4)) % 4))
  const out = new Uint8Array(bin.length)
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i)
  return out
}

export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** PAE(type, body) = "DSSEv1" SP LEN(type) SP type SP LEN(body) SP body, LEN in bytes. */
export function pae(payloadType: string, payload: Uint8Array): Uint8Array {
  const type = enc.encode(payloadType)
  const head = enc.encode(`DSSEv1 ${type.length} ${payloadType} ${payload.length} `)
  const out = new Uint8Array(head.length + payload.length)
  out.set(head, 0)
  out.set(payload, head.length)
  return out
}

/** A stored envelope for reading: its JSON indented, as it came when it is no JSON, empty when there is none. */
export function indentEnvelope(text: string | null | undefined): string {
  if (!text) return ''
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}

export function parseEnvelope(text: string): Envelope {
  let env: unknown
  try {
    env = JSON.parse(text)
  } catch {
    throw new Error('the envelope is not JSON')
  }
  const e = env as Envelope
  if (!e || typeof e.payloadType !== 'string' || typeof e.payload !== 'string' || !Array.isArray(e.signatures))
    throw new Error('the envelope lacks payloadType, payload or signatures')
  if (e.signatures.length === 0 || typeof e.signatures[0].sig !== 'string')
    throw new Error('the envelope has no signature')
  return e
}

export type Verifier = (publicKey: Uint8Array, signature: Uint8Array, message: Uint8Array) => Promise<boolean>

/** WebCrypto Ed25519 when the browser has it, @noble/ed25519 (loaded on demand) when it does not. */
export const verifyEd25519: Verifier = async (publicKey, signature, message) => {
  const subtle = globalThis.crypto?.subtle
  if (subtle) {
    let key: CryptoKey | null
    try {
      key = await subtle.importKey('raw', publicKey as BufferSource, { name: 'Ed25519' }, false, ['verify'])
    } catch {
      key = null // no WebCrypto Ed25519 here: use the library
    }
    if (key) return subtle.verify({ name: 'Ed25519' }, key, signature as BufferSource, message as BufferSource)
  }
  const noble = await import('@noble/ed25519')
  return noble.verifyAsync(signature, message, publicKey)
}

export interface Verification {
  ok: boolean
  /** What a reader sees: "verified" or why not. */
  message: string
  keyidMatches: boolean
  payload?: Uint8Array
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as BufferSource)
  return bytesToHex(new Uint8Array(digest))
}

/** Verifies an envelope's first signature against a raw 32-byte Ed25519 public key (base64). */
export async function verifyEnvelope(
  envelopeText: string,
  publicKeyB64: string,
  verify: Verifier = verifyEd25519,
): Promise<Verification> {
  let env: Envelope
  let payload: Uint8Array
  let sig: Uint8Array
  let key: Uint8Array
  try {
    env = parseEnvelope(envelopeText)
    payload = base64ToBytes(env.payload)
    sig = base64ToBytes(env.signatures[0].sig)
    key = base64ToBytes(publicKeyB64)
  } catch (e) {
    return { ok: false, keyidMatches: false, message: `signature does NOT match: ${(e as Error).message}` }
  }
  if (key.length !== 32) return { ok: false, keyidMatches: false, message: 'the public key is not 32 bytes' }
  const keyid = await sha256Hex(key)
  const keyidMatches = !env.signatures[0].keyid || env.signatures[0].keyid.toLowerCase() === keyid
  let good: boolean
  try {
    good = sig.length === 64 && (await verify(key, sig, pae(env.payloadType, payload)))
  } catch {
    good = false
  }
  if (!good) return { ok: false, keyidMatches, payload, message: 'signature does NOT match' }
  if (!keyidMatches)
    return { ok: false, keyidMatches, payload, message: 'signature valid, but its keyid is not this key’s' }
  return { ok: true, keyidMatches, payload, message: 'verified' }
}
