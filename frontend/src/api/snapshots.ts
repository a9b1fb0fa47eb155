// GET /api/snapshots and /api/snapshots/{slug}: frozen boards, and the check of their published SHA-256.
import { errorFrom, getJson, ApiError } from './http'
import type { Snapshot, SnapshotSummary } from './types'

export function fetchSnapshots(signal?: AbortSignal): Promise<SnapshotSummary[]> {
  return getJson<SnapshotSummary[]>('/api/snapshots', undefined, signal)
}

/** The snapshot as served, with the SHA-256 of the exact bytes received (null where WebCrypto is unavailable). */
export interface LoadedSnapshot {
  snapshot: Snapshot
  summary: SnapshotSummary | null
  receivedSha256: string | null
}

export async function fetchSnapshot(slug: string, signal?: AbortSignal): Promise<LoadedSnapshot> {
  const path = `/api/snapshots/${encodeURIComponent(slug)}`
  let response: Response
  try {
    response = await fetch(path, { headers: { Accept: 'application/json' }, signal })
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e
    throw new ApiError('cannot reach the results service (the network or the service is down)', 0)
  }
  if (!response.ok) throw await errorFrom(response)
  const bytes = new Uint8Array(await response.arrayBuffer())
  const snapshot = JSON.parse(new TextDecoder().decode(bytes)) as Snapshot
  const [summary, receivedSha256] = await Promise.all([
    fetchSnapshots(signal).then((all) => all.find((s) => s.slug === slug) ?? null),
    sha256Hex(bytes),
  ])
  return { snapshot, summary, receivedSha256 }
}

export async function sha256Hex(bytes: Uint8Array): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes as BufferSource))
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('')
}
