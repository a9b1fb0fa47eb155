import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DB_SCENARIOS, FULL, latencyAdvice, noDataAdvice, QUICK, scalingAdvice } from './advice'

const repo = (p: string) => new URL(`../../../${p}`, import.meta.url)
const suite = JSON.parse(readFileSync(repo('agent/suite/suite.json'), 'utf8'))
// every flag podium-agent declares, persistent (main.go) or of run (run.go)
const declared = new Set(
  ['agent/cmd/podium-agent/main.go', 'agent/cmd/podium-agent/run.go'].flatMap((f) =>
    [...readFileSync(repo(f), 'utf8').matchAll(/Var\(&[\w.]+, "([a-z-]+)"/g)].map((m) => m[1]),
  ),
)

function flagsOf(command: string): string[] {
  return [...command.matchAll(/--([a-z-]+)/g)].map((m) => m[1])
}

const quick = ['plaintext', 'db']
const every = [
  noDataAdvice('proxy', 'closed', quick),
  noDataAdvice('delay', 'closed', quick),
  noDataAdvice('delay', 'open', quick),
  noDataAdvice('plaintext', 'closed', []),
  noDataAdvice('plaintext', 'closed', ['json']),
  scalingAdvice([1])!,
  latencyAdvice([64])!,
]

describe('empty-state advice', () => {
  it('knows what the suite profiles really measure', () => {
    expect(suite.profiles.quick).toMatchObject(QUICK)
    expect(suite.profiles.full).toMatchObject(FULL)
  })
  it('names only flags podium-agent has, so the command works', () => {
    for (const a of every)
      for (const f of flagsOf(a.command ?? '')) expect(declared, `${a.command}: --${f}`).toContain(f)
    expect(declared).toContain('home')
  })
  it('sends a visitor to the targets that declare the database scenarios, with a command that works', () => {
    for (const scenario of DB_SCENARIOS) {
      const a = noDataAdvice(scenario, 'closed', ['plaintext']) // a run that measured no database scenario
      expect(a.command).toBe(`agent/bin/podium-agent run --home .podium/agent --scenario ${scenario} --push`)
      for (const f of flagsOf(a.command ?? '')) expect(declared, `--${f}`).toContain(f)
      const declaring = suite.targets.filter((t: { scenarios: string[] }) => t.scenarios.includes(scenario))
      expect(declaring.length, `targets declaring ${scenario}`).toBeGreaterThan(0)
    }
  })
  it('says why proxy is empty after make run, and how to measure it', () => {
    const a = noDataAdvice('proxy', 'closed', quick)
    expect(a.why).toBe('The quick profile of make run measures plaintext and db only, not proxy: run')
    expect(a.command).toContain('--scenario proxy')
    expect(noDataAdvice('proxy', 'closed', [])).toEqual({ why: 'No runs yet: run', command: 'make run' })
    expect(noDataAdvice('db', 'closed', quick).command).toBeUndefined() // measured: the filters exclude it
    expect(noDataAdvice('fortunes', 'closed', quick).why).toMatch(
      /quick profile of make run measures plaintext and db only/,
    )
  })
  it('gives no advice where there is data enough', () => {
    expect(scalingAdvice([1, 2])).toBeNull()
    expect(latencyAdvice([16, 64])).toBeNull()
    expect(scalingAdvice([1, 1])?.why).toMatch(/1 vCPU only/)
  })
})
