// The scale-out record in a signed payload (v2): the balancer in front of the nginx-N cells' instances, and per
// scale-out cell what the instances and the balancer each spent in CPU. The service stores the cells' topology and
// the balancer's CPU seconds, the balancer itself in the stored envelope only; the run page reads it from the payload
// it already decodes to verify the signature (as lib/database.ts does for the benchmark database).
import { isScaleOut, topologyLabel } from './topology'

export interface Balancer {
  server: string
  version: string
  cpus: string
  settings: Record<string, string>
}

export interface ScaleOutCell {
  framework: string
  ioModel: string
  scenario: string
  connections: number
  vcpus: number
  topology: string
  label: string
  requests: number
  /** CPU seconds over the cell's repeats, user + system, of all its instances. */
  targetCpuSeconds: number
  balancerCpuSeconds: number | null
  /** The balancer's share of the CPU the instances and it used. */
  balancerShare: number | null
}

interface PayloadUsage {
  targetCpuUserSeconds?: number
  targetCpuSystemSeconds?: number
  balancerCpuUserSeconds?: number
  balancerCpuSystemSeconds?: number
}
interface PayloadCell {
  framework: string
  ioModel: string
  scenario: string
  connections: number
  vcpus: number
  topology?: string
  repeats: { requests: number; usage?: PayloadUsage }[]
}
interface Payload {
  balancer?: Balancer
  results?: PayloadCell[]
}

/** The balancer of a payload (parsed JSON) and its scale-out cells; null when the run has neither. */
export function balancerOf(payload: unknown): { balancer: Balancer | null; cells: ScaleOutCell[] } | null {
  if (typeof payload !== 'object' || payload === null) return null
  const p = payload as Payload
  const cells = (p.results ?? [])
    .filter((c) => isScaleOut(c.topology))
    .map((c): ScaleOutCell => {
      let target = 0
      let balancer: number | null = null
      let requests = 0
      for (const r of c.repeats ?? []) {
        requests += r.requests
        const u = r.usage ?? {}
        target += (u.targetCpuUserSeconds ?? 0) + (u.targetCpuSystemSeconds ?? 0)
        if (u.balancerCpuUserSeconds !== undefined || u.balancerCpuSystemSeconds !== undefined)
          balancer = (balancer ?? 0) + (u.balancerCpuUserSeconds ?? 0) + (u.balancerCpuSystemSeconds ?? 0)
      }
      return {
        framework: c.framework,
        ioModel: c.ioModel,
        scenario: c.scenario,
        connections: c.connections,
        vcpus: c.vcpus,
        topology: c.topology!,
        label: topologyLabel(c.topology),
        requests,
        targetCpuSeconds: target,
        balancerCpuSeconds: balancer,
        balancerShare: balancer === null || balancer + target === 0 ? null : balancer / (balancer + target),
      }
    })
  if (!p.balancer && cells.length === 0) return null
  return { balancer: p.balancer ?? null, cells }
}
