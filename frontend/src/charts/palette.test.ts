import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { IO_COLORS, ioSeriesStyles } from './palette'
import { latencyOption } from './options/latency'
import { scalingEfficiencyOption, scalingPerVcpuOption } from './options/scaling'
import { leaderboardBarOption } from './options/leaderboardBar'

const series = [
  { framework: 'Spring MVC', ioModel: 'blocking' as const, runId: 'r', topology: 'single', points: [] },
  { framework: 'Netty', ioModel: 'non-blocking' as const, runId: 'r', topology: 'single', points: [] },
  { framework: 'Tomcat', ioModel: 'blocking' as const, runId: 'r', topology: 'single', points: [] },
]

describe('one palette', () => {
  it('gives a series the colour of its I/O model, whatever its position, and tells apart frameworks of one model', () => {
    const st = ioSeriesStyles(series)
    expect(st[0].color).toBe(IO_COLORS.blocking)
    expect(st[1].color).toBe(IO_COLORS['non-blocking'])
    expect(st[2].color).not.toBe(st[0].color)
    expect(st[2].symbol).not.toBe(st[0].symbol)
  })
  it('colours the scaling and latency charts as the leaderboard colours the I/O models', () => {
    const colorOf = (opt: { series: object[] }, name: string) =>
      (opt.series.find((s) => (s as { name: string }).name === name) as { itemStyle: { color: string } }).itemStyle
        .color
    expect(colorOf(scalingPerVcpuOption(series), 'Netty (non-blocking)')).toBe(IO_COLORS['non-blocking'])
    expect(colorOf(scalingEfficiencyOption(series), 'Spring MVC (blocking)')).toBe(IO_COLORS.blocking)
    expect(colorOf(latencyOption(series), 'Netty (non-blocking)')).toBe(IO_COLORS['non-blocking'])
    const bar = leaderboardBarOption([{ framework: 'Netty', ioModel: 'non-blocking' } as never], 'throughput' as never)
    expect(JSON.stringify(bar)).toContain(IO_COLORS['non-blocking'])
  })
  it('is the palette style.css gives the I/O badges', () => {
    const css = readFileSync(new URL('../style.css', import.meta.url), 'utf8').toLowerCase()
    expect(css).toContain(`--nb: ${IO_COLORS['non-blocking'].toLowerCase()}`)
    expect(css).toContain(`--vt: ${IO_COLORS['virtual-threads'].toLowerCase()}`)
    expect(css).toContain(`--bl: ${IO_COLORS.blocking.toLowerCase()}`)
  })
})

describe('legends', () => {
  const many = ['Tomcat', 'Spring MVC', 'Spring WebFlux', 'Helidon SE', 'Vert.x Web', 'Undertow', 'Javalin'].map(
    (framework) => ({ framework, ioModel: 'blocking' as const, runId: 'r', topology: 'single', points: [] }),
  )
  type Fitted = { legend: { type: string; data: string[] }; grid: { top: number }; legendLines: number }
  it('wrap every name whole on a phone instead of paging "1/3" and cutting "Tomca"', async () => {
    const { fitLegend, legendHeight } = await import('./options/common')
    const phone = fitLegend(latencyOption(many), 358) as unknown as Fitted
    expect(phone.legend.type).toBe('plain')
    expect(phone.legend.data).toContain('Tomcat (blocking)')
    expect(phone.legendLines).toBeGreaterThan(2)
    // the plot starts below the legend's lines and the y axis' name
    expect(phone.grid.top).toBeGreaterThanOrEqual(legendHeight(phone.legendLines) + 20)
  })
  it('wrap on a wide chart too once they need a second line, never paging', async () => {
    const { fitLegend } = await import('./options/common')
    const wide = fitLegend(latencyOption(many), 1000) as unknown as Fitted
    expect(wide.legend.type).toBe('plain')
    expect(wide.legendLines).toBe(2)
    const few = latencyOption(many.slice(0, 3))
    expect(fitLegend(few, 1000)).toBe(few)
  })
  it('count lines as ECharts lays its entries out: the name measured, the symbol and the gaps', async () => {
    const { legendLines } = await import('./options/common')
    const ten = (t: string) => t.length * 10
    // 30 px of symbol and gap + 100 px of name each, 10 px apart, in 300 px less 10 of padding: two a line
    expect(legendLines(['aaaaaaaaaa', 'bbbbbbbbbb', 'cccccccccc'], 300, ten)).toBe(2)
    expect(legendLines(['aaaaaaaaaa', 'bbbbbbbbbb'], 300, ten)).toBe(1)
    // a name cut to 50 px (textStyle.width) takes 50
    expect(legendLines(['aaaaaaaaaa', 'bbbbbbbbbb', 'cccccccccc'], 300, ten, 50)).toBe(1)
  })
})

describe('names beside points', () => {
  it('are left to the legend on a narrow chart', async () => {
    const { fitPointNames } = await import('./options/common')
    const named = { series: [{ label: { show: true }, labelLayout: { hideOverlap: true } }, { label: { show: true } }] }
    const narrow = fitPointNames(named, 358)
    expect(narrow.series.map((s) => s.label.show)).toEqual([false, true])
    expect(fitPointNames(named, 641)).toBe(named)
  })
})
