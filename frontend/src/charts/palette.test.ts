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

describe('legends on a phone', () => {
  it('wrap every name whole instead of paging "1/3" and cutting "Tomca"', async () => {
    const { fitLegend } = await import('./options/common')
    const many = ['Tomcat', 'Spring MVC', 'Spring WebFlux', 'Helidon SE', 'Vert.x Web', 'Undertow', 'Javalin'].map(
      (framework) => ({ framework, ioModel: 'blocking' as const, runId: 'r', topology: 'single', points: [] }),
    )
    const opt = latencyOption(many)
    const phone = fitLegend(opt, 358) as unknown as {
      legend: { type: string; data: string[] }
      grid: { top: number }
      legendLines: number
    }
    expect(phone.legend.type).toBe('plain')
    expect(phone.legend.data).toContain('Tomcat (blocking)')
    expect(phone.legendLines).toBeGreaterThan(2)
    expect(phone.grid.top).toBeGreaterThanOrEqual(phone.legendLines * 22)
    expect(fitLegend(opt, 1200)).toBe(opt)
  })
})
