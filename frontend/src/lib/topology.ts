// Scale-out (methodology "Scale-out"): a cell's topology is `single` (one instance on the cell's vCPUs) or `nginx-N`
// (N instances behind nginx, their vCPUs adding up to the cell's). A scale-out target is a target of its own: its rows
// and series are labelled, and never merged with the single instance's.

export const SINGLE = 'single'

/** How many instances served the cell: 1 for single (or absent), N for nginx-N. */
export function instances(topology: string | null | undefined): number {
  const m = /^nginx-([1-9][0-9]?)$/.exec(topology ?? '')
  return m ? Number(m[1]) : 1
}

/** Any nginx-N, nginx-1 included (one instance, but behind the balancer). */
export function isScaleOut(topology: string | null | undefined): boolean {
  return !!topology && topology !== SINGLE
}

/** "2 instances behind nginx"; "1 instance" for single. */
export function topologyLabel(topology: string | null | undefined): string {
  const n = instances(topology)
  const count = `${n} ${n === 1 ? 'instance' : 'instances'}`
  return isScaleOut(topology) ? `${count} behind nginx` : count
}

/** A row's name: "Tomcat" for a single instance, "Tomcat · 2 instances behind nginx" for nginx-2. */
export function rowLabel(framework: string, topology: string | null | undefined): string {
  return isScaleOut(topology) ? `${framework} · ${topologyLabel(topology)}` : framework
}

/** The leaderboard's topology filter: what each value shows. */
export function topologyOption(value: string): string {
  if (value === 'all') return 'single and scale-out rows'
  if (value === SINGLE) return 'single instance (default)'
  return `${topologyLabel(value)} only`
}

/** Single first, then nginx-N by N. */
export function byTopology(a: string | null | undefined, b: string | null | undefined): number {
  return (isScaleOut(a) ? 1 : 0) - (isScaleOut(b) ? 1 : 0) || instances(a) - instances(b)
}

/** Whether the board hides scale-out rows the visitor could ask for (the default filter, single, is on). */
export function hiddenScaleOut(topology: string | undefined, available: readonly string[] | undefined): string[] {
  if (topology !== undefined && topology !== SINGLE) return []
  return (available ?? []).filter(isScaleOut)
}

interface ScalingPointLike {
  vcpus: number
  throughput: number
  ciLow: number | null
  ciHigh: number | null
}
interface ScalingSeriesLike<P extends ScalingPointLike> {
  framework: string
  ioModel: string
  topology?: string
  points: readonly P[]
}

/** One deployment of a target at one total vCPU count, in a side-by-side row. */
export interface Deployment<P> {
  topology: string
  label: string
  point: P
  /** throughput / the single instance's at the same total vCPUs; null without it (or for the single itself). */
  vsSingle: number | null
}

/** A target at one total vCPU count: the single instance and every scale-out deployment measured there. */
export interface SideBySideRow<P> {
  framework: string
  ioModel: string
  vcpus: number
  deployments: Deployment<P>[]
}

/**
 * The scaling answer read across topologies: for each target (framework, I/O model) that has a scale-out series, one
 * row per total vCPU count with every deployment measured there, single first ("1 instance on 2 vCPUs" beside "2
 * instances on 1 vCPU each"). Targets measured as single instances only are left out: they have nothing to set beside.
 */
export function sideBySide<P extends ScalingPointLike>(series: readonly ScalingSeriesLike<P>[]): SideBySideRow<P>[] {
  const byTarget = new Map<string, ScalingSeriesLike<P>[]>()
  for (const s of series) {
    const key = `${s.framework}\u0000${s.ioModel}`
    byTarget.set(key, [...(byTarget.get(key) ?? []), s])
  }
  const rows: SideBySideRow<P>[] = []
  for (const group of byTarget.values()) {
    if (!group.some((s) => isScaleOut(s.topology))) continue
    group.sort((a, b) => byTopology(a.topology, b.topology))
    const single = group.find((s) => !isScaleOut(s.topology))
    const vcpus = [...new Set(group.flatMap((s) => s.points.map((p) => p.vcpus)))].sort((a, b) => a - b)
    for (const k of vcpus) {
      const base = single?.points.find((p) => p.vcpus === k)
      const deployments: Deployment<P>[] = []
      for (const s of group) {
        const point = s.points.find((p) => p.vcpus === k)
        if (!point) continue
        const out = isScaleOut(s.topology)
        deployments.push({
          topology: s.topology ?? SINGLE,
          label: out ? topologyLabel(s.topology) : `1 instance on ${k} vCPU`,
          point,
          vsSingle: out && base && base.throughput > 0 ? point.throughput / base.throughput : null,
        })
      }
      rows.push({ framework: group[0].framework, ioModel: group[0].ioModel, vcpus: k, deployments })
    }
  }
  return rows
}

/** A scale-out deployment's vCPUs per instance at k total: "1 vCPU each". */
export function perInstance(topology: string | null | undefined, vcpus: number): string {
  const n = instances(topology)
  const each = vcpus / n
  return `${Number.isInteger(each) ? each : each.toFixed(1)} vCPU each`
}
