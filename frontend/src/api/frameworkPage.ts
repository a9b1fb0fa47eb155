// GET /api/frameworks/{slug}: one framework's page.
import { getJson } from './http'
import type { FrameworkPage } from './types'

export function fetchFrameworkPage(slug: string, signal?: AbortSignal): Promise<FrameworkPage> {
  return getJson<FrameworkPage>(`/api/frameworks/${encodeURIComponent(slug)}`, undefined, signal)
}
