// GET /api/agents/{id}: an agent's public key, to re-verify its signatures.
import { getJson } from './http'
import type { Agent } from './types'

export function fetchAgent(id: string | number, signal?: AbortSignal): Promise<Agent> {
  return getJson<Agent>(`/api/agents/${encodeURIComponent(String(id))}`, undefined, signal)
}
