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
  // a line height of its own: ECharts otherwise takes a text's height from the width of "国" in the font, which a
  // browser without CJK fonts draws narrow, and then misses labels that overlap (hideOverlap) and misplaces lines
  textStyle: { fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif', lineHeight: 14 },
}

/** Below this chart width the legend always starts at the left edge, on as many lines as it takes. */
export const NARROW_CHART = 640

/** The font of every chart's text (BASE's family at ECharts' 12 px): legends are measured in it. */
export const CHART_FONT = `12px ${BASE.textStyle.fontFamily}`

/** The width in px of `text` in CHART_FONT; ChartPanel measures it in the browser, tests without a DOM estimate it. */
export type TextWidth = (text: string) => number
export const estimateWidth: TextWidth = (text) => text.length * 7

// ECharts' legend: a 25 px symbol (unless the legend says), 5 px before the name, 10 px between entries and between
// lines, 5 px of padding around it all (LegendView, layout.box); an item is 14 px high, or up to 18 px where its
// marker is a pin, an arrow or a triangle (measured in Chromium), so a line is taken as 18 px
const ICON = 25
const ICON_GAP = 5
const ITEM_GAP = 10
const ITEM_HEIGHT = 18
const PADDING = 5
/** Height of a legend of `lines` lines. */
export const legendHeight = (lines: number) => 2 * PADDING + lines * ITEM_HEIGHT + (lines - 1) * ITEM_GAP
/** Room between the legend and the plot for the y axis' name (drawn above the plot). */
const AXIS_NAME_ROOM = 34

/** Lines the legend entries `names` take in `width` px, laid out as ECharts lays them out. */
export function legendLines(
  names: readonly string[],
  width: number,
  measure: TextWidth,
  maxText = Infinity,
  icon = ICON,
): number {
  const room = width - 2 * PADDING
  let lines = 1
  let x = 0
  for (const name of names) {
    const w = icon + ICON_GAP + Math.min(measure(name), maxText)
    if (x > 0 && x + w > room) {
      lines++
      x = 0
    }
    x += w + ITEM_GAP
  }
  return lines
}

/**
 * The option fitted to a chart `width` px wide: a legend that needs more than one line (or any legend on a narrow
 * chart) is laid out from the left edge on as many lines as its names take, never paged ("1/4"), and the plot starts
 * below it, so every entry is shown and no axis name runs into it. `legendLines` says how many lines it took (the
 * panel grows by the extra ones). A one-line legend of a wide chart is left as the option has it.
 */
export function fitLegend<T extends { legend?: unknown; grid?: unknown }>(
  option: T,
  width: number,
  measure: TextWidth = estimateWidth,
): T & { legendLines?: number } {
  const legend = option.legend as
    | { type?: string; data?: unknown[]; itemWidth?: number; textStyle?: { width?: number; overflow?: string } }
    | undefined
  if (!legend?.data?.length) return option
  const names = legend.data.map((d) => String(typeof d === 'object' && d ? (d as { name?: string }).name : d))
  const maxText = legend.textStyle?.overflow ? (legend.textStyle.width ?? Infinity) : Infinity
  // the legend spans the chart less 8 px either side
  const lines = legendLines(names, width - 16, measure, maxText, legend.itemWidth)
  if (lines === 1 && width > NARROW_CHART) return option
  const grid = (option.grid ?? {}) as Record<string, unknown>
  return {
    ...option,
    legend: { ...legend, type: 'plain', left: 8, right: 8, top: 0, itemGap: ITEM_GAP },
    grid: { ...grid, top: legendHeight(lines) + AXIS_NAME_ROOM },
    legendLines: lines,
  }
}

/**
 * The option fitted to a chart `width` px wide, its names beside points: a narrow chart (a phone's) has no room for
 * them beside its points, so a series that names its points where they do not overlap (labelLayout.hideOverlap) names
 * none there; the page's legend of markers names each point (the cost view's).
 */
export function fitPointNames<T extends { series?: unknown }>(option: T, width: number): T {
  if (width > NARROW_CHART || !Array.isArray(option.series)) return option
  type Named = { label?: { show?: boolean }; labelLayout?: { hideOverlap?: boolean } }
  const series = (option.series as Named[]).map((s) =>
    s.label?.show && s.labelLayout?.hideOverlap ? { ...s, label: { ...s.label, show: false } } : s,
  )
  return { ...option, series }
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
