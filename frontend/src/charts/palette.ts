// The one palette of the site: every chart and badge colours an I/O model the same way (style.css mirrors it).
import type { IoModel } from '../api/types'

/** Okabe-Ito colours, readable by colour-blind readers; one per I/O model. */
export const IO_COLORS: Record<IoModel, string> = {
  'non-blocking': '#0072B2',
  'virtual-threads': '#009E73',
  blocking: '#E69F00',
}

/** Marker shapes that tell apart frameworks sharing an I/O model (and its colour family). */
export const SYMBOLS = ['circle', 'rect', 'triangle', 'diamond', 'pin', 'arrow', 'roundRect'] as const

const OTHER = '#6e7781'

/** #rrggbb mixed toward white (t > 0) or black (t < 0) by |t|. */
function shade(hex: string, t: number): string {
  const n = parseInt(hex.slice(1), 16)
  const target = t > 0 ? 255 : 0
  const mix = (c: number) => Math.round(c + (target - c) * Math.abs(t))
  const rgb = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix)
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`.toUpperCase()
}

// the first framework of a model gets the model's own colour, the next ones darker and lighter shades of it
const SHADES = [0, -0.35, 0.35, -0.55, 0.55]

export interface SeriesStyle {
  color: string
  symbol: string
}

/** One style per series, in order: the colour of its I/O model (shaded per framework within it) and a marker. */
export function ioSeriesStyles(series: readonly { ioModel: string }[]): SeriesStyle[] {
  const seen = new Map<string, number>()
  return series.map((s) => {
    const k = seen.get(s.ioModel) ?? 0
    seen.set(s.ioModel, k + 1)
    const base = IO_COLORS[s.ioModel as IoModel] ?? OTHER
    return { color: shade(base, SHADES[k % SHADES.length]), symbol: SYMBOLS[k % SYMBOLS.length] }
  })
}
