// Shared pieces of every chart option: colours, escaping, sizes. Pure: no ECharts import, no DOM.

export { IO_COLORS, ioSeriesStyles } from '../palette'

/** A palette for one-colour-per-framework charts. */
export const PALETTE = [
  '#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000',
  '#7f3c8d', '#11a579', '#3969ac', '#f2b701', '#e73f74', '#80ba5a', '#e68310', '#008695',
]

export function colorAt(i: number): string {
  return PALETTE[i % PALETTE.length]
}

/** Tooltips are HTML: every name from the data goes through this. */
export function escapeHtml(s: unknown): string {
  return String(s ?? '').replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;',
  )
}

/** Above this many points a chart stops drawing symbols and animating, and samples lines. */
export const LARGE_POINTS = 2000

export const BASE = {
  animation: true,
  aria: { enabled: true },
  textStyle: { fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif' },
}
