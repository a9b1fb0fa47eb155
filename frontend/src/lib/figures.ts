// The per-repeat figures the site labels (docs/architecture.md, "Figures"). The service declares each figure once and
// sends it in every repeat's `figures` (and, with its interval, in every cell's) by name; the run page's repeats table
// and CSV show the figures labelled here, in this order. A new figure needs only its line here.
import type { Repeat } from '../api/types'
import { formatDecimal } from './format'

export interface FigureLabel {
  name: string // its name in the answers' `figures`
  label: string // the column's heading
  title: string // what it is, as the heading's tooltip
  digits: number // decimals shown
}

export const FIGURE_LABELS: readonly FigureLabel[] = [
  {
    name: 'minorFaultsPerRequest',
    label: 'minor faults',
    title: 'minor page faults of the target’s processes per request',
    digits: 3,
  },
]

/** The repeat's value of a figure, null where it has none (an older run, a cell that cannot have it). */
export function figureValue(r: Repeat, name: string): number | null {
  return r.figures?.[name] ?? null
}

/** The value with the label's decimals and thousands separators; "—" where there is none. */
export function formatFigure(v: number | null | undefined, digits: number): string {
  if (v === null || v === undefined) return '—'
  return formatDecimal(v, digits)
}
