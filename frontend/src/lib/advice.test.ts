import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  CHANGE_RULE,
  DB_SCENARIOS,
  FULL,
  latencyAdvice,
  NO_RUNS,
  noChangesAdvice,
  noDataAdvice,
  QUICK,
  scalingAdvice,
} from './advice'

const repo = (p: string) => new URL(`../../../${p}`, import.meta.url)
const suite = JSON.parse(readFileSync(repo('agent/suite/suite.json'), 'utf8'))

const quick = ['plaintext']
const every = [
  noDataAdvice('proxy', 'closed', quick),
  noDataAdvice('delay', 'closed', quick),
  noDataAdvice('delay', 'open', quick),
  noDataAdvice('plaintext', 'closed', []),
  noDataAdvice('plaintext', 'closed', ['json']),
  noDataAdvice('fortunes', 'closed', quick),
  noDataAdvice('db', 'closed', ['plaintext']),
  scalingAdvice([1])!,
  latencyAdvice([64])!,
  noChangesAdvice(false),
  noChangesAdvice(true),
]

describe('empty-state advice', () => {
  it('knows what the suite profiles really measure', () => {
    expect(suite.profiles.quick).toMatchObject(QUICK)
    expect(suite.profiles.full).toMatchObject(FULL)
  })
  it('speaks to a visitor: no operator command, make target, agent flag or environment variable', () => {
    for (const a of every) {
      expect(a.why).not.toMatch(/make run|podium-agent|--[a-z]|PODIUM_|apt-get|`/)
      expect(a.why).toMatch(/[.:]$/)
    }
  })
  it('says what is missing and why', () => {
    expect(noDataAdvice('proxy', 'closed', [])).toEqual({ why: NO_RUNS })
    expect(noDataAdvice('proxy', 'closed', quick).why).toBe(
      'No run published here measured proxy yet: the quick profile measures plaintext only; proxy comes from runs of the nightly and full profiles.',
    )
    expect(noDataAdvice('plaintext', 'closed', ['json']).why).toBe('No run published here measured plaintext yet.')
    expect(noDataAdvice('delay', 'open', quick).why).toMatch(/^No open-loop results here yet/)
    expect(noDataAdvice('plaintext', 'closed', quick).why).toMatch(/^Nothing in plaintext matches these filters/) // measured
    for (const scenario of DB_SCENARIOS) {
      expect(noDataAdvice(scenario, 'closed', ['plaintext']).why).toMatch(/need a PostgreSQL beside the target/)
      const declaring = suite.targets.filter((t: { scenarios: string[] }) => t.scenarios.includes(scenario))
      expect(declaring.length, `targets declaring ${scenario}`).toBeGreaterThan(0)
    }
    expect(noDataAdvice('fortunes', 'closed', quick).why).toMatch(/the quick profile measures plaintext only\.$/)
  })
  it('gives no advice where there is data enough', () => {
    expect(scalingAdvice([1, 2])).toBeNull()
    expect(latencyAdvice([16, 64])).toBeNull()
    expect(scalingAdvice([1, 1])?.why).toMatch(/1 vCPU only/)
  })
})

describe('an empty changes page', () => {
  it('says what a series needs before a change can be found, with the service’s own defaults', () => {
    const config = readFileSync(repo('backend/src/main/java/dev/podium/changes/ChangesConfig.java'), 'utf8')
    const setting = (name: string) => Number(config.match(new RegExp(`${name} = "([\\d.]+)"`))?.[1])
    expect(CHANGE_RULE).toEqual({
      minSegmentRuns: setting('MIN_SEGMENT_RUNS'),
      minEffectPercent: setting('MIN_EFFECT_PERCENT'),
      maxPValue: setting('MAX_P_VALUE'),
    })
    expect(noChangesAdvice(false).why).toMatch(/^No change point has been found yet\. A change is found in a series/)
    expect(noChangesAdvice(false).why).toMatch(/at least 4 runs, 3 before the change and at least 1 after/)
    expect(noChangesAdvice(false).why).not.toMatch(/filter/)
  })
  it('speaks of filters only when one is set', () => {
    expect(noChangesAdvice(true).why).toMatch(/^No change point matches these filters\. A change is found/)
  })
})
