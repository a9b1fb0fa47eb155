// "How sure": the one line above the board that says how much of its order the measurements decide, from the rank
// ranges the comparison engine gives each row (methodology section 10; the about page's #rank-ranges says how).
import type { LeaderboardRow } from '../api/types'
import { formatRank } from './format'

/** Whether a ranked row's place is decided: its rank range is one place ("3", not "2–5"). */
export function placeDecided(r: Pick<LeaderboardRow, 'rank' | 'rankHigh'>): boolean {
  return r.rank !== null && (r.rankHigh === null || r.rankHigh === undefined || r.rankHigh === r.rank)
}

/**
 * The sentence, in a visitor's words: how many of the ranked rows have a decided place and, when some do not, what a
 * range such as “2–5” means, with the board's own first range as the example; "≥" is named when a ranked figure is a
 * lower bound. Unranked rows (no honest order) are left out: they say why next to their name.
 */
export function howSure(rows: LeaderboardRow[]): string {
  const ranked = rows.filter((r) => r.rank !== null)
  const decided = ranked.filter(placeDecided).length
  const range = ranked.find((r) => !placeDecided(r))
  const example = range ? `“${formatRank(range.rank!, range.rankHigh)}”` : ''
  const bound = ranked.some((r) => r.atLeast) ? '; “≥” marks a figure that is only a lower bound' : ''
  if (ranked.length === 0) return 'No row here can be ranked honestly: each says why beside its name.'
  if (ranked.length === 1) return `One row is ranked: there is nothing here to tell it apart from${bound}.`
  if (decided === ranked.length)
    return `All ${ranked.length} places are decided: the measurements tell every ranked row apart from the others${bound}.`
  const what = `a range such as ${example} means the measurements cannot tell the row from its neighbours`
  if (decided === 0) return `No place is decided yet: ${what}${bound}.`
  return `${decided} of ${ranked.length} places are decided; ${what}${bound}.`
}
