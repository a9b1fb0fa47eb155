// The one line a board says about where its figures come from: the host's CPU in full, its vCPUs, the CPUs the target,
// wrk and the benchmark database had (and which of them share), repeat length x repeats and warm-up, read from the
// newest run on the board (its run page has the rest), from GET /api/runs/{id}/host: a few hundred bytes, not the run.
import type { RunHost } from '../api/types'

/** "0-1,3" -> {0, 1, 3}; an empty or unreadable list -> an empty set. */
export function cpuSet(list: string | null | undefined): Set<number> {
  const out = new Set<number>()
  for (const part of (list ?? '').split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(part)
    if (!m) continue
    const from = Number(m[1])
    const to = m[2] === undefined ? from : Number(m[2])
    for (let c = from; c <= to && c - from < 4096; c++) out.add(c)
  }
  return out
}

function overlaps(a: Set<number>, b: Set<number>): boolean {
  return [...a].some((c) => b.has(c))
}

export interface BoardHost {
  /** The host: CPU model in full and its vCPUs. */
  host: string
  /** Where the target, wrk and the database ran, and what shares a CPU with what. */
  placement: string
  /** Repeat length x repeats, and warm-up. */
  method: string
}

/** The line for a board of `scenario`, from its newest run; null when the run has no target cell of that scenario. */
export function boardHost(h: RunHost, scenario: string): BoardHost | null {
  const cell = h.scenarios.find((c) => c.scenario === scenario)
  if (!cell) return null
  const host = `${h.cpuModel}, ${h.vcpus} vCPU${h.vcpus === 1 ? '' : 's'}`
  const tool = h.loadGenerator
  const server = cpuSet(h.serverCpus)
  const generator = cpuSet(h.loadGeneratorCpus)
  const parts = [`each target pinned to ${cell.vcpus} vCPU${cell.vcpus === 1 ? '' : 's'}`]
  if (h.serverCpus) parts[0] += ` (CPUs ${h.serverCpus})`
  if (h.loadGeneratorCpus)
    parts.push(
      overlaps(server, generator)
        ? `${tool} on CPUs ${h.loadGeneratorCpus}, shared with the target`
        : `${tool} on CPUs ${h.loadGeneratorCpus}`,
    )
  const db = ['db', 'queries', 'updates', 'fortunes'].includes(scenario) ? h.database : null
  if (db?.cpus) {
    const dbCpus = cpuSet(db.cpus)
    const with_ = [overlaps(dbCpus, generator) ? tool : '', overlaps(dbCpus, server) ? 'the target' : '']
      .filter(Boolean)
      .join(' and ')
    parts.push(`${db.server} on CPUs ${db.cpus}${with_ ? `, shared with ${with_}` : ''}`)
  }
  const repeats = cell.repeats
  const warmup = cell.warmupSeconds ? `after ${cell.warmupSeconds} s of warm-up` : 'warm-up not recorded'
  return {
    host,
    placement: parts.join('; '),
    method: `${repeats} repeat${repeats === 1 ? '' : 's'} of ${cell.durationSeconds} s ${warmup}`,
  }
}
