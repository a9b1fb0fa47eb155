// One place that turns HTTP answers into data or an ApiError with words a person can read.

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

/** Turns a failed answer into a sentence: problem+json detail when the server sent one. */
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
      detail = text.slice(0, 200)
    }
  } catch {
    /* body unreadable: the status alone says enough */
  }
  const what =
    response.status === 404
      ? 'not found'
      : response.status >= 500
        ? 'the server had a problem'
        : `request rejected (${response.status})`
  const msg = [what, detail && `: ${detail}`, field ? ` (field ${field})` : ''].join('')
  return new ApiError(msg, response.status, field)
}

export async function getJson<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  let response: Response
  try {
    response = await fetch(withQuery(path, query), { headers: { Accept: 'application/json' }, signal })
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e
    throw new ApiError('cannot reach the Podium service: is it running?', 0)
  }
  if (!response.ok) throw await errorFrom(response)
  return (await response.json()) as T
}
