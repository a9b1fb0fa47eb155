import { describe, expect, it } from 'vitest'
import type { RunHost } from '../api/types'
import { boardHost, cpuSet } from './boardHost'

function run(host: Partial<RunHost>, database: RunHost['database'] = null): RunHost {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    startedAt: '2026-11-26T08:00:00Z',
    hostClass: 'AMD EPYC 7B13 · 2 vCPU · 8 GiB',
    cpuModel: 'AMD EPYC 7B13 64-Core Processor',
    vcpus: 2,
    serverCpus: '1',
    loadGeneratorCpus: '0',
    loadGenerator: 'wrk',
    // each scenario's first cell that is no baseline (the service leaves the nginx baseline out)
    scenarios: [
      { scenario: 'plaintext', vcpus: 1, repeats: 3, durationSeconds: 4, warmupSeconds: 10 },
      { scenario: 'db', vcpus: 1, repeats: 3, durationSeconds: 4, warmupSeconds: 10 },
    ],
    database,
    ...host,
  }
}

describe('the board host line', () => {
  it('reads CPU lists', () => {
    expect([...cpuSet('0-2,5')]).toEqual([0, 1, 2, 5])
    expect(cpuSet('').size).toBe(0)
    expect(cpuSet('x').size).toBe(0)
  })
  it('names the CPU in full, where the target and wrk ran, repeats x length and warm-up', () => {
    expect(boardHost(run({}), 'plaintext')).toEqual({
      host: 'AMD EPYC 7B13 64-Core Processor, 2 vCPUs',
      placement: 'each target pinned to 1 vCPU (CPUs 1); wrk on CPUs 0',
      method: '3 repeats of 4 s after 10 s of warm-up',
    })
    expect(boardHost(run({ serverCpus: '0-1', loadGeneratorCpus: '1' }), 'plaintext')?.placement).toBe(
      'each target pinned to 1 vCPU (CPUs 0-1); wrk on CPUs 1, shared with the target',
    )
    expect(boardHost(run({}), 'json')).toBeNull()
  })
  it('says when wrk and the benchmark database share a CPU', () => {
    const database = { server: 'PostgreSQL', cpus: '0' }
    expect(boardHost(run({}, database), 'db')?.placement).toBe(
      'each target pinned to 1 vCPU (CPUs 1); wrk on CPUs 0; PostgreSQL on CPUs 0, shared with wrk',
    )
  })
})
