import { describe, expect, it } from 'vitest'
import type { JvmModeRow } from '../api/types'
import { formatMb, jvmModeLabel, modeFigures } from './jvmMode'

function side(firstResponseMs: number | null, idleRssBytes: number | null, timeToPeak: number | null, rps: number) {
  return {
    cellId: 1,
    firstResponseMs,
    idleRssBytes,
    timeToPeakSeconds: timeToPeak,
    throughput: rps,
    ciLow: rps * 0.98,
    ciHigh: rps * 1.02,
    flags: [],
  }
}

const row = (d: ReturnType<typeof side>, a: ReturnType<typeof side>) =>
  ({
    ioModel: 'non-blocking',
    scenario: 'plaintext',
    loadModel: 'closed',
    connections: 64,
    vcpus: 1,
    topology: 'single',
    hostClass: 'h',
    runId: '7c1e4a90-2b3d-4f5e-8a6b-9d0c1e2f3a48',
    startedAt: '2026-11-26T12:00:00Z',
    defaultMode: d,
    aotCache: a,
    jvmModeFlags: ['-XX:AOTCacheOutput=x.aot', '-XX:AOTCache=x.aot'],
    aotTraining: { seconds: 14.2, cacheBytes: 41943040, problem: null },
  }) as JvmModeRow

describe('modeFigures', () => {
  it('sets each figure of the two modes side by side with the change from the default', () => {
    const f = modeFigures(row(side(612.4, 98_566_144, 8, 32000.5), side(301.6, 104_857_600, 4, 32250.5)))
    expect(f.map((x) => x.key)).toEqual(['firstResponse', 'idleRss', 'timeToPeak', 'throughput'])
    expect(f[0]).toMatchObject({ defaultText: '612 ms', aotText: '302 ms', change: '-50.8%', better: true })
    expect(f[1]).toMatchObject({ defaultText: '98.6 MB', aotText: '104.9 MB', change: '+6.4%', better: false })
    expect(f[2]).toMatchObject({ defaultText: '8.0 s', aotText: '4.0 s', change: '-50.0%', better: true })
    expect(f[3]).toMatchObject({ defaultText: '32,001', aotText: '32,251', change: '+0.8%', better: true })
  })

  it('says what is missing instead of a change', () => {
    const f = modeFigures(row(side(null, null, null, 100), side(300, 1e8, null, 100)))
    expect(f[0]).toMatchObject({ defaultText: '—', change: '—', better: null })
    expect(f[2]).toMatchObject({ defaultText: 'not reached', aotText: 'not reached', change: '—', better: null })
    expect(f[3]).toMatchObject({ change: '0.0%', better: null })
  })
})

describe('labels', () => {
  it('names the modes and memory as a reader reads them', () => {
    expect(jvmModeLabel('aot-cache')).toBe('AOT cache')
    expect(jvmModeLabel(undefined)).toBe('default JVM')
    expect(formatMb(104_857_600)).toBe('104.9 MB')
    expect(formatMb(null)).toBe('—')
  })
})
