// Test data builders for the chart option tests (not shipped: only *.test.ts import it).
import type { HistorySeries, LeaderboardRow } from '../../api/types'

export function row(over: Partial<LeaderboardRow>): LeaderboardRow {
  return {
    rank: 1,
    tied: false,
    framework: 'Netty',
    frameworkVersion: '4.2.7',
    ioModel: 'non-blocking',
    runId: 'r1',
    startedAt: '2026-11-01T00:00:00Z',
    jvmVendor: 'Eclipse Adoptium',
    jvmVersion: '21.0.5',
    slaThroughput: 120000,
    slaConnections: 256,
    slaCellId: 1,
    bestThroughput: 130000,
    bestConnections: 256,
    bestCellId: 1,
    ciLow: 118000,
    ciHigh: 131000,
    p90Ms: 2.9,
    p99Ms: 6,
    throughputPerVcpu: 60000,
    baselineShare: 0.6,
    errorRate: 0,
    flags: [],
    repeatCount: 3,
    noisy: false,
    requestsPerCpuSecond: null,
    rssMbPerKrps: null,
    rankedBy: 'throughput',
    classification: null,
    throughputByConnections: [],
    excludedBy: [],
    agentRevoked: false,
    topology: 'single',
    atLeast: false,
    forks: 1,
    ...over,
  } as LeaderboardRow
}

export function history(frameworks: number, days: number): HistorySeries[] {
  const start = Date.parse('2025-11-01T00:00:00Z')
  return Array.from({ length: frameworks }, (_, f) => ({
    hostClass: `cpu-${f % 3} · 4 vCPU · 16 GiB`,
    vcpus: 4,
    framework: `fw-${f}`,
    ioModel: 'blocking' as const,
    points: Array.from({ length: days }, (_, d) => ({
      runId: `run-${f}-${d}`,
      cellId: f * days + d,
      startedAt: new Date(start + d * 86_400_000).toISOString(),
      throughput: 1000 + f + d,
      ciLow: 990 + f + d,
      ciHigh: 1010 + f + d,
      forks: 1 + (d % 2),
      connections: 256,
      frameworkVersion: '1.0',
      jvmVendor: 'Temurin',
      jvmVersion: '21',
      regression: d === days - 1 && f === 0,
      regressionDetail: d === days - 1 && f === 0 ? '-12% vs median' : null,
      flags: [],
    })),
  }))
}
