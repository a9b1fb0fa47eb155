// Why a view is empty, said to a visitor: what is missing and why, never an operator's command (advice.test.ts).

/** What the suite's profiles measure (agent/suite/suite.json). */
export const QUICK = { scenarios: ['plaintext'], connections: [64], vcpus: [1], openLoop: false }
export const FULL = {
  scenarios: ['plaintext', 'json', 'proxy', 'delay', 'db', 'queries', 'updates', 'fortunes'],
  connections: [16, 64, 256, 1024],
  vcpus: [1, 2],
  openLoop: true,
}

/** The scenarios that read the benchmark database (agent/suite/db/README.md). */
export const DB_SCENARIOS = ['db', 'queries', 'updates', 'fortunes']

export interface Advice {
  /** What is missing and why, in a visitor's words: no operator command (advice.test.ts checks). */
  why: string
}

/** What the site says when no run at all has been received. */
export const NO_RUNS =
  'No results have been published here yet: the board fills once a benchmark agent sends its first signed run.'

const quickOnly = `the quick profile measures ${QUICK.scenarios.join(' and ')} only`

/**
 * Nothing to show for this scenario and load model. measured: every scenario some framework was measured in (an
 * empty list: no run at all).
 */
export function noDataAdvice(scenario: string, loadModel: string | undefined, measured: readonly string[]): Advice {
  if (measured.length === 0) return { why: NO_RUNS }
  if (loadModel === 'open')
    return {
      why: 'No open-loop results here yet: open-loop figures (the delay scenario at fixed request rates) come from runs of the full profile, and none has been published.',
    }
  if (DB_SCENARIOS.includes(scenario) && !measured.includes(scenario))
    return {
      why: `No run published here measured ${scenario} yet: the database scenarios need a PostgreSQL beside the target and run only on the frameworks that declare them${QUICK.scenarios.includes(scenario) ? '' : `, and ${quickOnly}`}.`,
    }
  if (!measured.includes(scenario))
    return {
      why: QUICK.scenarios.includes(scenario)
        ? `No run published here measured ${scenario} yet.`
        : `No run published here measured ${scenario} yet: ${quickOnly}; ${scenario} comes from runs of the nightly and full profiles.`,
    }
  return {
    why: `Nothing in ${scenario} matches these filters: widen them (framework, host class, vCPUs, concurrency).`,
  }
}

/** Scaling needs at least two vCPU counts; efficiency a 1-vCPU point besides. */
export function scalingAdvice(vcpus: readonly number[]): Advice | null {
  if (new Set(vcpus).size >= 2) return null
  return {
    why: `Scaling needs runs at two vCPU counts or more; the runs here measured ${vcpus.length ? vcpus[0] : 'no'} vCPU only (the quick profile pins each target to 1), so there is no efficiency to show yet: it comes from runs of the full profile (${FULL.vcpus.join(' and ')} vCPUs).`,
  }
}

/** A latency-by-concurrency chart needs several concurrencies. */
export function latencyAdvice(connections: readonly number[]): Advice | null {
  if (new Set(connections).size >= 2) return null
  return {
    why: `Latency against concurrency needs two concurrencies or more; the runs here measured ${connections.length ? connections[0] : 'no'} connections only (the quick profile measures 64): the curve comes from runs of the full profile (${FULL.connections.join(', ')} connections).`,
  }
}

/** The service's defaults for finding a change point (backend ChangesConfig; methodology section 11). */
export const CHANGE_RULE = { minSegmentRuns: 3, minEffectPercent: 5, maxPValue: 0.0001 }

/**
 * No change point to list: what a series needs before a change can be found in it, and, only when the visitor set a
 * filter, that none matches it.
 */
export function noChangesAdvice(filtered: boolean): Advice {
  const { minSegmentRuns: n, minEffectPercent: effect, maxPValue: p } = CHANGE_RULE
  const needs = `A change is found in a series (one framework target in one cell shape on one host class; runs whose cell carries a quality flag are left out) once it has at least ${n + 1} runs, ${n} before the change and at least 1 after, and the step is at least ${effect}% and stands out from the runs' own spread (Student's t-test, p < ${p}).`
  return {
    why: filtered ? `No change point matches these filters. ${needs}` : `No change point has been found yet. ${needs}`,
  }
}
