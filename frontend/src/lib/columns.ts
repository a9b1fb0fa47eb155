// Column definitions shared by tables and their CSV downloads.
import type { LeaderboardRow } from '../api/types'
import type { CsvColumn } from './csv'

export const leaderboardCsv: CsvColumn<LeaderboardRow>[] = [
  { header: 'rank', value: (r) => r.rank },
  { header: 'tied', value: (r) => r.tied },
  { header: 'framework', value: (r) => r.framework },
  { header: 'version', value: (r) => r.frameworkVersion },
  { header: 'io_model', value: (r) => r.ioModel },
  { header: 'sla_throughput', value: (r) => r.slaThroughput },
  { header: 'sla_connections', value: (r) => r.slaConnections },
  { header: 'best_throughput', value: (r) => r.bestThroughput },
  { header: 'best_connections', value: (r) => r.bestConnections },
  { header: 'ci_low', value: (r) => r.ciLow },
  { header: 'ci_high', value: (r) => r.ciHigh },
  { header: 'p90_ms', value: (r) => r.p90Ms },
  { header: 'p99_ms', value: (r) => r.p99Ms },
  { header: 'throughput_per_vcpu', value: (r) => r.throughputPerVcpu },
  { header: 'baseline_share', value: (r) => r.baselineShare },
  { header: 'error_rate', value: (r) => r.errorRate },
  { header: 'repeats', value: (r) => r.repeatCount ?? null },
  { header: 'noisy', value: (r) => r.noisy ?? false },
  { header: 'requests_per_cpu_second', value: (r) => r.requestsPerCpuSecond?.mean ?? null },
  { header: 'requests_per_cpu_second_ci_low', value: (r) => r.requestsPerCpuSecond?.ciLow ?? null },
  { header: 'requests_per_cpu_second_ci_high', value: (r) => r.requestsPerCpuSecond?.ciHigh ?? null },
  { header: 'rss_mb_per_1000_rps', value: (r) => r.rssMbPerKrps?.mean ?? null },
  { header: 'rss_mb_per_1000_rps_ci_low', value: (r) => r.rssMbPerKrps?.ciLow ?? null },
  { header: 'rss_mb_per_1000_rps_ci_high', value: (r) => r.rssMbPerKrps?.ciHigh ?? null },
  { header: 'ranked_by', value: (r) => r.rankedBy ?? 'throughput' },
  { header: 'jvm', value: (r) => `${r.jvmVendor} ${r.jvmVersion}` },
  { header: 'run_id', value: (r) => r.runId },
  { header: 'started_at', value: (r) => r.startedAt },
]
