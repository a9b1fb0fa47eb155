import { describe, expect, it } from 'vitest'
import type { Comparison } from '../api/types'
import { describeComparison } from './compare'

const ref = (framework: string, throughput: number) => ({
  cellId: 1,
  runId: 'r',
  framework,
  frameworkVersion: '1',
  ioModel: 'non-blocking' as const,
  scenario: 'plaintext',
  loadModel: 'closed',
  connections: 256,
  vcpus: 2,
  hostClass: 'h',
  throughput,
  ciLow: throughput * 0.95,
  ciHigh: throughput * 1.05,
  flags: [] as string[],
  topology: 'single',
  forks: 1,
})

/** A decided comparison of a and b (B / A = ratio), the other fields as given. */
const comparison = (a: Comparison['a'], b: Comparison['b'], ratio: number, over: Partial<Comparison>): Comparison => ({
  a,
  b,
  ratio,
  ratioCiLow: ratio,
  ratioCiHigh: ratio,
  confidence: 0.95,
  outcome: ratio > 1 ? 'faster' : 'slower',
  significant: true,
  paired: false,
  verdict: '',
  claim: 'faster',
  comparable: true,
  oneStart: null,
  board: null,
  ...over,
})

describe('describeComparison', () => {
  it('names the faster side when the engine decides the pair', () => {
    const c = comparison(ref('Spring MVC', 50000), ref('Netty', 120000), 2.4, { ratioCiLow: 2.2, ratioCiHigh: 2.6 })
    expect(describeComparison(c)).toBe(
      'Netty 1 is 2.40× as fast as Spring MVC 1 (95% interval 2.20× to 2.60×, the pair judged alone).',
    )
  })
  it('inverts the interval with the factor when A is the faster side', () => {
    const c = comparison(ref('Netty', 120000), ref('Spring MVC', 28000), 0.232, { ratioCiLow: 0.22, ratioCiHigh: 0.25 })
    expect(describeComparison(c)).toBe(
      'Netty 1 is 4.31× as fast as Spring MVC 1 (95% interval 4.00× to 4.55×, the pair judged alone).',
    )
  })
  it('says it cannot tell when the engine does not decide, and names the board whose verdict it is', () => {
    const c = comparison(ref('A', 100), ref('B', 101), 1.01, {
      ratioCiLow: 0.85,
      ratioCiHigh: 1.2,
      outcome: 'cannot-tell',
      significant: false,
      confidence: 0.993,
      board: 'the plaintext leaderboard (closed loop, h, 2 vCPUs): 3 ranked rows, every pair judged at once',
    })
    expect(describeComparison(c)).toBe(
      'B 1 vs A 1: ratio 1.01× (99.3% interval 0.85× to 1.20×, judged with every pair of the plaintext leaderboard (closed loop, h, 2 vCPUs): 3 ranked rows, every pair judged at once); we cannot tell which is faster.',
    )
  })
  it('says at least for a lower bound and leaves its open end open', () => {
    const c = comparison(ref('A', 100), ref('B', 200), 2, { ratioCiLow: 1.5, ratioCiHigh: null, claim: 'at-least' })
    expect(describeComparison(c)).toBe(
      'B 1 is at least 2.00× as fast as A 1 (95% interval 1.50× to no upper end, the pair judged alone).',
    )
  })
})
