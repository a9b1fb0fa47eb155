// Why a view is empty, and the command that fills it: advice only with flags podium-agent really has (advice.test.ts).

/** What the suite's profiles measure (agent/suite/suite.json). */
export const QUICK = { scenarios: ['plaintext', 'db'], connections: [64], vcpus: [1], openLoop: false }
export const FULL = {
  scenarios: ['plaintext', 'json', 'proxy', 'delay', 'db', 'queries', 'updates', 'fortunes'],
  connections: [16, 64, 256, 1024],
  vcpus: [1, 2],
  openLoop: true,
}

/** The scenarios that read the benchmark database (agent/suite/db/README.md). */
export const DB_SCENARIOS = ['db', 'queries', 'updates', 'fortunes']

// make run's agent lives in .podium/agent (agent/README.md, "the agent's home")
const AGENT = 'agent/bin/podium-agent run --home .podium/agent'

export interface Advice {
  /** Ends in its lead-in to the command ("...: run") when there is one. */
  why: string
  command?: string
}

/**
 * Nothing to show for this scenario and load model. measured: every scenario some framework was measured in (an
 * empty list: no run at all).
 */
export function noDataAdvice(scenario: string, loadModel: string | undefined, measured: readonly string[]): Advice {
  if (measured.length === 0) return { why: 'No runs yet: run', command: 'make run' }
  if (loadModel === 'open')
    return {
      why: 'Open-loop results come from the full profile only (the delay scenario at fixed request rates); the quick profile of make run measures closed loop. Run',
      command: `PODIUM_PROFILE=full make run   # or: ${AGENT} --scenario delay --open-loop --push`,
    }
  if (DB_SCENARIOS.includes(scenario) && !measured.includes(scenario))
    return {
      why: `No run measured ${scenario} yet: the database scenarios run against a PostgreSQL the agent starts (apt-get install -y postgresql), on the targets that declare them${QUICK.scenarios.includes(scenario) ? '' : `; the quick profile of make run measures ${QUICK.scenarios.join(' and ')} only`}. Run`,
      command: `${AGENT} --scenario ${scenario} --push`,
    }
  if (!measured.includes(scenario)) {
    const why = QUICK.scenarios.includes(scenario)
      ? `No run measured ${scenario} yet: run`
      : `The quick profile of make run measures ${QUICK.scenarios.join(' and ')} only, not ${scenario}: run`
    return { why, command: `PODIUM_PROFILE=full make run   # or: ${AGENT} --scenario ${scenario} --push` }
  }
  return {
    why: `Nothing in ${scenario} matches these filters: widen them (framework, host class, vCPUs, concurrency).`,
  }
}

/** Scaling needs at least two vCPU counts; efficiency a 1-vCPU point besides. */
export function scalingAdvice(vcpus: readonly number[]): Advice | null {
  if (new Set(vcpus).size >= 2) return null
  return {
    why: `Scaling needs runs at two vCPU counts or more; these runs measured ${vcpus.length ? vcpus[0] : 'no'} vCPU only (the quick profile pins each target to 1), so there is no efficiency to show. Run`,
    command: `${AGENT} --vcpus ${FULL.vcpus.join(',')} --push`,
  }
}

/** A latency-by-concurrency chart needs several concurrencies. */
export function latencyAdvice(connections: readonly number[]): Advice | null {
  if (new Set(connections).size >= 2) return null
  return {
    why: `Latency against concurrency needs two concurrencies or more; these runs measured ${connections.length ? connections[0] : 'no'} connections only (the quick profile measures 64). Run`,
    command: `${AGENT} --connections ${FULL.connections.join(',')} --push`,
  }
}
