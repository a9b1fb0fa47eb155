// One place that turns HTTP answers into data or an ApiError with words a person can read.
import { takeEarly } from './early'

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export type Query = Record<string, string | number | boolean | null | undefined | Array<string | number>>

/** Builds `path?query`, dropping empty values; arrays repeat the parameter. */
export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)))
    else params.append(key, String(value))
  }
  const qs = params.toString()
  return qs ? `${path}?${qs}` : path
}

/** What a status means to a visitor, when the answer has no problem+json to say more. */
function meaning(status: number): string {
  if (status === 404) return 'not found'
  if (status === 502 || status === 503) return `the results service is unavailable (${status})`
  if (status === 504) return `the results service did not answer in time (${status})`
  if (status >= 500) return `the results service had a problem (${status})`
  return `request rejected (${status})`
}

/**
 * Turns a failed answer into a sentence: problem+json detail when the server sent one; any other body (a proxy's HTML
 * error page) is not shown, only what its status means.
 */
export async function errorFrom(response: Response): Promise<ApiError> {
  let detail = ''
  let field: string | undefined
  try {
    const text = await response.text()
    try {
      const body = JSON.parse(text)
      detail = body.detail || body.title || ''
      field = body.field
    } catch {
      /* not JSON: an HTML or text error page, which means nothing on the site */
    }
  } catch {
    /* body unreadable: the status alone says enough */
  }
  const msg = [meaning(response.status), detail && `: ${detail}`, field ? ` (field ${field})` : ''].join('')
  return new ApiError(msg, response.status, field)
}

export async function getJson<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  let response: Response
  try {
    const url = withQuery(path, query)
    response = await (takeEarly(url) ?? fetch(url, { headers: { Accept: 'application/json' }, signal }))
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e
    throw new ApiError('cannot reach the results service (the network or the service is down)', 0)
  }
  if (!response.ok) throw await errorFrom(response)
  return (await response.json()) as T
}
