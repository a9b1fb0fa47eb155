import { describe, expect, it } from 'vitest'
import type { RunDetail } from '../api/types'
import { boardHost, cpuSet } from './boardHost'

function run(host: Partial<RunDetail['host']>, database: RunDetail['database'] = null): RunDetail {
  return {
    host: { cpuModel: 'AMD EPYC 7B13 64-Core Processor', vcpus: 2, serverCpus: '1', loadGeneratorCpus: '0', ...host },
    loadGenerator: { tool: 'wrk', version: '4.2.0' },
    cells: [
      { scenario: 'plaintext', baseline: true, vcpus: 1, durationSeconds: 4, warmupSeconds: 8, repeats: [{}, {}] },
      {
        scenario: 'plaintext',
        baseline: false,
        vcpus: 1,
        durationSeconds: 4,
        warmupSeconds: 10,
        repeats: [{}, {}, {}],
      },
      { scenario: 'db', baseline: false, vcpus: 1, durationSeconds: 4, warmupSeconds: 10, repeats: [{}, {}, {}] },
    ],
    database,
    // no envelope: the database comes from the API's field
    envelope: '',
  } as unknown as RunDetail
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
    const database = { server: 'PostgreSQL', version: '15.8', cpus: '0', settings: {} }
    expect(boardHost(run({}, database), 'db')?.placement).toBe(
      'each target pinned to 1 vCPU (CPUs 1); wrk on CPUs 0; PostgreSQL on CPUs 0, shared with wrk',
    )
  })
})
