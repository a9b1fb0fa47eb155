import { describe, expect, it } from 'vitest'
import { partsSummary, targetLabel } from './parts'
import type { RunPartsView, RunPartTarget } from '../api/types'

const t = (
  target: string,
  vcpus = 1,
  topology = 'single',
  status: RunPartTarget['status'] = null,
  reason: string | null = null,
): RunPartTarget => ({ target, vcpus, topology, status, reason })

function view(status: 'complete' | 'interrupted', done: number, failed: number, notMeasured: number): RunPartsView {
  const targets = [...Array(done + failed + notMeasured).keys()].map((i) => t(`t${i}`))
  return {
    runId: 'r',
    inParts: true,
    status,
    parts: targets.slice(0, done + failed).map((x, i) => ({
      id: `p${i}`,
      index: i + 1,
      receivedAt: '2026-11-26T10:00:00Z',
      finishedAt: '2026-11-26T10:00:00Z',
      cellCount: 2,
      targets: [x],
    })),
    planned: targets,
    done: targets.slice(0, done),
    failed: targets.slice(done, done + failed),
    notMeasured: targets.slice(done + failed),
  }
}

describe('run parts', () => {
  it('says a complete run is complete, with its failed targets', () => {
    expect(partsSummary(view('complete', 2, 1, 0))).toBe('Complete: 2 of 3 planned targets done, 1 failed, in 3 parts.')
  })
  it('says an interrupted run is interrupted and how many targets were not measured', () => {
    expect(partsSummary(view('interrupted', 1, 0, 2))).toMatch(
      /^Interrupted: 1 of 3 planned targets done, 2 not measured, in 1 part so far/,
    )
  })
  it('labels a target with its vCPUs and, when scaled out, its topology', () => {
    expect(targetLabel(t('alpha'))).toBe('alpha (1 vCPU)')
    expect(targetLabel(t('beta', 2, 'nginx-2'))).toBe('beta (2 vCPUs, nginx-2)')
  })
})
