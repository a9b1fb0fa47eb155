// The home page's board asked for at once, while the leaderboard's scripts still load: `/` shows the plaintext board
// with no filter, so main.ts starts that request before the app mounts, and the board's first getJson of the same URL
// takes its answer instead of asking again (scripts/budget.mjs measures the time to the first row). Any other URL, or
// a second ask, goes to the network as usual.
const early = new Map<string, Promise<Response>>()

/** The URL useLeaderboard asks for on `/` and `/leaderboard/plaintext` without a query (early.test.ts checks it). */
export const HOME_BOARD =
  '/api/leaderboard?scenario=plaintext&jvmMode=default&loadModel=closed&sla=200&rank=throughput&basis=segment&flagged=exclude&revoked=include&topology=single'

/** Starts GET `url` now. */
export function fetchEarly(url: string): void {
  const answer = fetch(url, { headers: { Accept: 'application/json' } })
  answer.catch(() => undefined) // a failure is told to whoever takes it
  early.set(url, answer)
}

/** The answer fetchEarly started for `url`, once; undefined when there is none. */
export function takeEarly(url: string): Promise<Response> | undefined {
  const answer = early.get(url)
  early.delete(url)
  return answer
}
