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
  mean: throughput,
  flags: [] as string[],
  topology: 'single',
  forks: 1,
})

/** A significant comparison of a and b (B / A = ratio), the test's other fields as given. */
const comparison = (a: Comparison['a'], b: Comparison['b'], ratio: number, over: Partial<Comparison>): Comparison => ({
  a,
  b,
  ratio,
  ratioCiLow: ratio,
  ratioCiHigh: ratio,
  t: ratio > 1 ? 10 : -10,
  df: 6,
  pValue: 0.0001,
  significant: true,
  verdict: '',
  claim: 'faster',
  comparable: true,
  oneStart: null,
  ...over,
})

describe('describeComparison', () => {
  it('names the faster side when the difference is significant', () => {
    const c = comparison(ref('Spring MVC', 50000), ref('Netty', 120000), 2.4, { ratioCiLow: 2.2, ratioCiHigh: 2.6 })
    expect(describeComparison(c)).toBe(
      'Netty 1 is 2.40× as fast as Spring MVC 1 (95% CI 2.20× to 2.60×), a significant difference (p < 0.001).',
    )
  })
  it('inverts the interval with the factor when A is the faster side', () => {
    const c = comparison(ref('Netty', 120000), ref('Spring MVC', 28000), 0.232, { ratioCiLow: 0.22, ratioCiHigh: 0.25 })
    expect(describeComparison(c)).toBe(
      'Netty 1 is 4.31× as fast as Spring MVC 1 (95% CI 4.00× to 4.55×), a significant difference (p < 0.001).',
    )
  })
  it('says tied when it is not significant', () => {
    const c = comparison(ref('A', 100), ref('B', 101), 1.01, {
      ratioCiLow: 0.95,
      ratioCiHigh: 1.07,
      t: 0.8,
      df: 7,
      pValue: 0.41,
      significant: false,
    })
    expect(describeComparison(c)).toMatch(/not significant \(p = 0.410\), treat them as tied/)
  })
  it('says "at least" when the faster figure is a lower bound', () => {
    const c = comparison(ref('Tomcat', 70000), { ...ref('Vert.x Web', 114000), flags: ['generator-saturated'] }, 1.64, {
      ratioCiLow: 1.5,
      ratioCiHigh: 1.8,
      claim: 'at-least',
    })
    expect(describeComparison(c)).toMatch(/^Vert.x Web 1 is at least 1.64× as fast as Tomcat 1/)
  })
  it('claims no order when the slower figure is only a lower bound', () => {
    const c = comparison(ref('Tomcat', 70000), { ...ref('Helidon SE', 42000), flags: ['generator-saturated'] }, 0.6, {
      ratioCiLow: 0.55,
      ratioCiHigh: 0.65,
      verdict: 'no verdict: Helidon SE measured 1.67x slower, but its figure is a lower bound',
      claim: 'none',
    })
    const text = describeComparison(c)
    expect(text).not.toMatch(/as fast as/)
    expect(text).toMatch(/a flag keeps it from saying which is faster/)
  })
})
