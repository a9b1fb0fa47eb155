// The host on record per repeat (schema/README.md, "host share"): how much of the machine's CPU time its host gave to
// others during a repeat (steal), and the tries the agent discarded before the repeat for losing more than 5% to it.
import { formatPercent } from './format'

/** "0.4%", "2.0%, 1 try discarded", "8.3%, 2 tries discarded"; "—" for a repeat without it (older runs). */
export function stealText(share: number | null | undefined, retries: number | null | undefined): string {
  const text = formatPercent(share, 1)
  const n = retries ?? 0
  return n > 0 ? `${text}, ${n} ${n === 1 ? 'try' : 'tries'} discarded` : text
}
