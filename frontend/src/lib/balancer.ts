// The scale-out figures of a run as the API serves them (GET /api/runs/{id}: `balancer`, and per cell its topology and
// `cpuSeconds`): the balancer in front of the nginx-N cells' instances, and per scale-out cell what the instances and
// the balancer each spent in CPU. The envelope is fetched only to verify the signature.
import type { CompanionServer, RunDetail } from '../api/types'
import { shareOf } from './database'
import { isScaleOut, topologyLabel } from './topology'

export type Balancer = CompanionServer

export interface ScaleOutCell {
  framework: string
  ioModel: string
  scenario: string
  connections: number
  vcpus: number
  topology: string
  label: string
  /** CPU seconds over the cell's repeats, user + system, of all its instances. */
  targetCpuSeconds: number
  balancerCpuSeconds: number | null
  /** The balancer's share of the CPU the instances and it used. */
  balancerShare: number | null
}

/** The balancer of a run and its scale-out cells; null when the run has neither. */
export function balancerOf(run: RunDetail): { balancer: Balancer | null; cells: ScaleOutCell[] } | null {
  const cells = run.cells
    .filter((c) => isScaleOut(c.topology))
    .map((c): ScaleOutCell => {
      const target = c.cpuSeconds?.target ?? 0
      const balancer = c.cpuSeconds?.balancer ?? null
      return {
        framework: c.framework,
        ioModel: c.ioModel,
        scenario: c.scenario,
        connections: c.connections,
        vcpus: c.vcpus,
        topology: c.topology,
        label: topologyLabel(c.topology),
        targetCpuSeconds: target,
        balancerCpuSeconds: balancer,
        balancerShare: shareOf(balancer, target),
      }
    })
  if (!run.balancer && cells.length === 0) return null
  return { balancer: run.balancer ?? null, cells }
}
