import { describe, expect, it } from 'vitest'
import {
  byTopology,
  hiddenScaleOut,
  instances,
  isScaleOut,
  perInstance,
  rowLabel,
  sideBySide,
  topologyLabel,
  topologyOption,
} from './topology'
import type { Cell, RunDetail } from '../api/types'
import { balancerOf } from './balancer'

const point = (vcpus: number, throughput: number) => ({ vcpus, throughput, ciLow: null, ciHigh: null })

describe('topology labels', () => {
  it('labels a scale-out row by its instances behind nginx and leaves a single one as the framework', () => {
    expect(rowLabel('Tomcat', 'nginx-2')).toBe('Tomcat · 2 instances behind nginx')
    expect(rowLabel('Tomcat', 'nginx-1')).toBe('Tomcat · 1 instance behind nginx')
    expect(rowLabel('Tomcat', 'single')).toBe('Tomcat')
    expect(rowLabel('Tomcat', undefined)).toBe('Tomcat')
    expect(topologyLabel('nginx-12')).toBe('12 instances behind nginx')
    expect(instances('nginx-12')).toBe(12)
    expect(instances('single')).toBe(1)
    expect(isScaleOut('single')).toBe(false)
    expect(isScaleOut('nginx-1')).toBe(true)
    expect(perInstance('nginx-2', 2)).toBe('1 vCPU each')
    expect(perInstance('nginx-2', 4)).toBe('2 vCPU each')
  })

  it('orders single first, then by instances (nginx-10 after nginx-2)', () => {
    expect(['nginx-10', 'single', 'nginx-2'].sort(byTopology)).toEqual(['single', 'nginx-2', 'nginx-10'])
  })

  it('names the filter values and says which scale-out rows the default hides', () => {
    expect(topologyOption('all')).toBe('single and scale-out rows')
    expect(topologyOption('nginx-2')).toBe('2 instances behind nginx only')
    expect(hiddenScaleOut(undefined, ['single', 'nginx-2'])).toEqual(['nginx-2'])
    expect(hiddenScaleOut('single', ['single', 'nginx-2'])).toEqual(['nginx-2'])
    expect(hiddenScaleOut('all', ['single', 'nginx-2'])).toEqual([])
    expect(hiddenScaleOut(undefined, ['single'])).toEqual([])
  })
})

describe('sideBySide', () => {
  it('sets each scale-out deployment beside the single instance at the same total vCPUs', () => {
    const rows = sideBySide([
      { framework: 'Tomcat', ioModel: 'blocking', topology: 'nginx-2', points: [point(2, 30_000), point(4, 50_000)] },
      { framework: 'Tomcat', ioModel: 'blocking', topology: 'single', points: [point(1, 10_000), point(2, 20_000)] },
      { framework: 'Netty', ioModel: 'non-blocking', topology: 'single', points: [point(2, 90_000)] },
    ])
    // Netty has no scale-out series: nothing to set beside
    expect(rows.map((r) => [r.framework, r.vcpus])).toEqual([
      ['Tomcat', 1],
      ['Tomcat', 2],
      ['Tomcat', 4],
    ])
    const two = rows[1]
    expect(two.deployments.map((d) => d.topology)).toEqual(['single', 'nginx-2'])
    expect(two.deployments.map((d) => d.label)).toEqual(['1 instance on 2 vCPU', '2 instances behind nginx'])
    expect(two.deployments[0].vsSingle).toBeNull()
    expect(two.deployments[1].vsSingle).toBe(1.5)
    // at 4 vCPUs only the scale-out was measured: no ratio
    expect(rows[2].deployments.map((d) => [d.topology, d.vsSingle])).toEqual([['nginx-2', null]])
    expect(rows[0].deployments.map((d) => d.topology)).toEqual(['single'])
  })

  it('keeps apart the I/O models of one framework', () => {
    const rows = sideBySide([
      { framework: 'Jetty', ioModel: 'blocking', topology: 'single', points: [point(2, 20_000)] },
      { framework: 'Jetty', ioModel: 'virtual-threads', topology: 'single', points: [point(2, 25_000)] },
      { framework: 'Jetty', ioModel: 'virtual-threads', topology: 'nginx-2', points: [point(2, 20_000)] },
    ])
    expect(rows).toHaveLength(1)
    expect(rows[0].ioModel).toBe('virtual-threads')
    expect(rows[0].deployments[1].vsSingle).toBe(0.8)
  })
})

describe('balancerOf', () => {
  const cell = (topology: string, cpuSeconds: Cell['cpuSeconds']) =>
    ({
      framework: 'Tomcat',
      ioModel: 'blocking',
      scenario: 'plaintext',
      connections: 64,
      vcpus: 2,
      topology,
      cpuSeconds,
    }) as Cell
  // no envelope: the figures come from the API's fields
  const run = (cells: Cell[], balancer: RunDetail['balancer'] = null) =>
    ({ cells, balancer, database: null, envelope: '' }) as unknown as RunDetail

  it('reads the balancer and what each scale-out cell cost the instances and the balancer from the API fields', () => {
    const got = balancerOf(
      run(
        [
          cell('single', { target: 3, database: null, balancer: null }),
          cell('nginx-2', { target: 6, database: null, balancer: 1 }),
        ],
        { server: 'nginx', version: '1.26.0', cpus: '3', settings: { worker_processes: '1' } },
      ),
    )
    expect(got?.balancer?.server).toBe('nginx')
    expect(got?.cells).toHaveLength(1)
    expect(got?.cells[0].label).toBe('2 instances behind nginx')
    expect(got?.cells[0].targetCpuSeconds).toBe(6)
    expect(got?.cells[0].balancerCpuSeconds).toBe(1)
    expect(got?.cells[0].balancerShare).toBeCloseTo(1 / 7)
  })

  it('is null for a run with neither a balancer nor scale-out cells', () => {
    expect(balancerOf(run([cell('single', null)]))).toBeNull()
    expect(balancerOf(run([cell('nginx-2', null)]))?.cells[0].balancerShare).toBeNull()
  })
})
