// A run kept target by target (issue 24) arrives as parts; GET /api/runs/{id}/parts shows them as one run.
import type { RunPartsView, RunPartTarget } from '../api/types'

/** "alpha (1 vCPU)", "beta (2 vCPUs, nginx-2)": a planned target as the run page lists it. */
export function targetLabel(t: RunPartTarget): string {
  const vcpus = `${t.vcpus} vCPU${t.vcpus === 1 ? '' : 's'}`
  return t.topology && t.topology !== 'single' ? `${t.target} (${vcpus}, ${t.topology})` : `${t.target} (${vcpus})`
}

/** One sentence on the run's completeness: "Complete: 3 of 3 planned targets done, in 3 parts." */
export function partsSummary(v: RunPartsView): string {
  const planned = v.planned.length
  const parts = `${v.parts.length} part${v.parts.length === 1 ? '' : 's'}`
  const failed = v.failed.length ? `, ${v.failed.length} failed` : ''
  if (v.status === 'complete') {
    return `Complete: ${v.done.length} of ${planned} planned targets done${failed}, in ${parts}.`
  }
  return (
    `Interrupted: ${v.done.length} of ${planned} planned targets done${failed}, ${v.notMeasured.length} not measured, ` +
    `in ${parts} so far (a resumed run completes when its remaining parts arrive).`
  )
}
