// Why a view is empty, and the command that fills it: advice only with flags podium-agent really has (advice.test.ts).

/** What the suite's profiles measure (agent/suite/suite.json). */
export const QUICK = { scenarios: ['plaintext', 'json'], connections: [64], vcpus: [1], openLoop: false }
export const FULL = { scenarios: ['plaintext', 'json', 'proxy', 'delay'], connections: [16, 64, 256, 1024], vcpus: [1, 2], openLoop: true }

// make run's agent lives in .podium/agent (agent/README.md, "the agent's home")
const AGENT = 'agent/bin/podium-agent run --home .podium/agent'

export interface Advice {
  why: string
  command: string
}

/** No cell of this scenario (and load model) at all. */
export function noDataAdvice(scenario: string, loadModel = 'closed'): Advice {
  if (loadModel === 'open')
    return {
      why: 'Open-loop results come from the full profile only (the delay scenario at fixed request rates); the quick profile of make run measures closed loop.',
      command: `PODIUM_PROFILE=full make run   # or: ${AGENT} --scenario delay --open-loop --push`,
    }
  if (!QUICK.scenarios.includes(scenario))
    return {
      why: `The quick profile of make run measures ${QUICK.scenarios.join(' and ')} only, not ${scenario}.`,
      command: `PODIUM_PROFILE=full make run   # or: ${AGENT} --scenario ${scenario} --push`,
    }
  return { why: 'No run has been pushed yet.', command: 'make run' }
}

/** Scaling needs at least two vCPU counts; efficiency a 1-vCPU point besides. */
export function scalingAdvice(vcpus: readonly number[]): Advice | null {
  if (new Set(vcpus).size >= 2) return null
  return {
    why: `Scaling needs runs at two vCPU counts or more; these runs measured ${vcpus.length ? vcpus[0] : 'no'} vCPU only (the quick profile pins each target to 1), so there is no efficiency to show.`,
    command: `${AGENT} --vcpus ${FULL.vcpus.join(',')} --push`,
  }
}

/** A latency-by-concurrency chart needs several concurrencies. */
export function latencyAdvice(connections: readonly number[]): Advice | null {
  if (new Set(connections).size >= 2) return null
  return {
    why: `Latency against concurrency needs two concurrencies or more; these runs measured ${connections.length ? connections[0] : 'no'} connections only (the quick profile measures 64).`,
    command: `${AGENT} --connections ${FULL.connections.join(',')} --push`,
  }
}
