// Shared pieces of every chart option: colours, escaping, sizes. Pure: no ECharts import, no DOM.

export { IO_COLORS, ioSeriesStyles } from '../palette'

/** A palette for one-colour-per-framework charts. */
export const PALETTE = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#F0E442',
  '#000000',
  '#7f3c8d',
  '#11a579',
  '#3969ac',
  '#f2b701',
  '#e73f74',
  '#80ba5a',
  '#e68310',
  '#008695',
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

/** Below this chart width a scrolling legend pages ("1/3") and cuts names ("Tomca"): it wraps instead. */
export const NARROW_CHART = 640

/**
 * The option fitted to a chart `width` px wide: on narrow charts a legend wraps onto as many lines as its names need
 * and the plot starts below it, so every name is shown whole. Wide charts are left as they are.
 */
export function fitLegend<T extends { legend?: unknown; grid?: unknown }>(
  option: T,
  width: number,
): T & { legendLines?: number } {
  const legend = option.legend as { type?: string; data?: unknown[] } | undefined
  if (!legend?.data?.length || width > NARROW_CHART) return option
  // ~7 px per character at the legend's 12 px font, plus the 25 px symbol and the 10 px gap
  const widths = legend.data.map(
    (d) => String(typeof d === 'object' && d ? (d as { name?: string }).name : d).length * 7 + 35,
  )
  let lines = 1
  let used = 0
  for (const w of widths) {
    if (used > 0 && used + w > width - 16) {
      lines++
      used = 0
    }
    used += w
  }
  const grid = (option.grid ?? {}) as Record<string, unknown>
  return {
    ...option,
    legend: { ...legend, type: 'plain', left: 8, right: 8, top: 0, itemGap: 10 },
    grid: { ...grid, top: lines * 22 + 34 },
    legendLines: lines,
  }
}

/**
 * A tooltip for the point under the pointer, kept inside the chart: `text` says it (HTML, names escaped) from the
 * point's line (the chart's series in `lines`' order) and the point itself; nothing where there is no point.
 */
export function pointTooltip<L extends { points: readonly unknown[] }>(
  lines: readonly L[],
  text: (line: L, point: L['points'][number]) => string,
) {
  return {
    trigger: 'item' as const,
    confine: true,
    formatter: (p: { seriesIndex: number; dataIndex: number }) => {
      const line = lines[p.seriesIndex]
      const point = line?.points[p.dataIndex]
      return point ? text(line, point) : ''
    },
  }
}
