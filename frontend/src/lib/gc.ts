// Allocation and garbage collection per cell of a run (payload v2 usage of each repeat, read by the agent from the
// JVM's perf counters and GC log): the figures the run page shows beside CPU per request. nginx and runs measured
// before the agent read them have none.
import type { Cell, GcStats } from '../api/types'
import { formatMs, formatPercent } from './format'

export interface CellGc {
  /** Bytes allocated on the heap per request, over every repeat that has the figure (total bytes / total requests). */
  allocatedBytesPerRequest: number
  /** CPU microseconds of the target per request over the same repeats. */
  cpuMicrosPerRequest: number | null
  /** Mean per repeat. */
  gcCount: number
  gcSeconds: number
  /**
   * Mean per repeat of the GC threads' share of the target's CPU time, over the repeats that carry it; null when none
   * does (a JDK before 22 lacks the counter: the cell is flagged jdk-lacks-counters).
   */
  gcCpuShare: number | null
  /** The longest pause of every repeat. */
  gcPauseMaxMs: number
  repeats: number
}

export function cellGc(cell: Cell): CellGc | null {
  const reps = (cell.repeats ?? []).filter(
    (r) => r.usage?.allocatedBytesPerRequest !== null && r.usage?.allocatedBytesPerRequest !== undefined,
  )
  if (reps.length === 0) return null
  let requests = 0
  let allocated = 0
  let cpu = 0
  let count = 0
  let seconds = 0
  let share = 0
  let shares = 0
  let pause = 0
  for (const r of reps) {
    const u = r.usage!
    requests += r.requests
    allocated += (u.allocatedBytesPerRequest ?? 0) * r.requests
    cpu += u.targetCpuUserSeconds + u.targetCpuSystemSeconds
    count += u.gcCount ?? 0
    seconds += u.gcSeconds ?? 0
    if (u.gcCpuShare !== null && u.gcCpuShare !== undefined) {
      share += u.gcCpuShare
      shares++
    }
    pause = Math.max(pause, u.gcPauseMaxMs ?? 0)
  }
  const n = reps.length
  return {
    allocatedBytesPerRequest: requests > 0 ? allocated / requests : 0,
    cpuMicrosPerRequest: requests > 0 ? (cpu / requests) * 1e6 : null,
    gcCount: count / n,
    gcSeconds: seconds / n,
    gcCpuShare: shares > 0 ? share / shares : null,
    gcPauseMaxMs: pause,
    repeats: n,
  }
}

/** Bytes per request in binary units: 312 -> "312 B", 80384 -> "78.5 KiB", 3.5e6 -> "3.3 MiB". */
export function formatAllocation(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—'
  if (v < 1024) return `${Math.round(v)} B`
  if (v < 1024 ** 2) return `${(v / 1024).toFixed(1)} KiB`
  return `${(v / 1024 ** 2).toFixed(1)} MiB`
}

/** One line for a cell's stored figures: "78.5 KiB allocated per request · GC 2.13% of CPU · longest pause 7.8 ms". */
export function gcSummary(gc: GcStats | null | undefined): string | null {
  if (!gc) return null
  const parts = [`${formatAllocation(gc.allocatedBytesPerRequest.mean)} allocated per request`]
  if (gc.gcCpuShare !== null && gc.gcCpuShare !== undefined) parts.push(`GC ${formatPercent(gc.gcCpuShare, 2)} of CPU`)
  if (gc.gcPauseMaxMs !== null && gc.gcPauseMaxMs !== undefined)
    parts.push(`longest pause ${formatMs(gc.gcPauseMaxMs)}`)
  return parts.join(' · ')
}
