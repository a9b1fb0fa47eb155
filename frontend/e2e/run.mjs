// The browser tests' entry: start the real backend (fresh embedded PostgreSQL), seed signed runs, run the
// node:test files against it, stop it. `npm run test:browser`; expects dist/ built (make test-browser does).
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { startBackend } from './backend.mjs'
import { seed } from './seed.mjs'

const all = readdirSync(new URL('.', import.meta.url)).filter((f) => f.endsWith('.test.mjs'))
const path = (f) => new URL(f, import.meta.url).pathname
const emptyFiles = all.filter((f) => f === 'empty.test.mjs').map(path) // run before the seed
// each adds a run the others do not expect
const LAST = [
  'charts.test.mjs',
  'cost.test.mjs',
  'forks.test.mjs',
  'frameworkcost.test.mjs',
  'hostile.test.mjs',
  'jvmmode.test.mjs',
  'scaleout.test.mjs',
  'warmup.test.mjs',
]
const lastFiles = all.filter((f) => LAST.includes(f)).map(path)
const files = all.filter((f) => f !== 'empty.test.mjs' && !LAST.includes(f)).map(path)

function runTests(list, url, adminToken = '') {
  const res = spawnSync(process.execPath, ['--test', '--test-concurrency=1', '--test-timeout=600000', ...list], {
    stdio: 'inherit',
    env: { ...process.env, PODIUM_E2E_URL: url, ...(adminToken ? { PODIUM_E2E_ADMIN_TOKEN: adminToken } : {}) },
  })
  return res.status ?? 1
}

let backend
let status = 1
try {
  let emptyStatus = 0
  if (process.env.PODIUM_E2E_URL) {
    backend = { url: process.env.PODIUM_E2E_URL, stop: async () => {} } // already seeded: the empty-state tests are skipped
  } else {
    backend = await startBackend()
    console.log(`backend ready at ${backend.url}; empty-state tests first`)
    emptyStatus = runTests(emptyFiles, backend.url)
    const agent = await seed(backend.url, backend.adminToken)
    console.log(`test key enrolled as agent ${agent.id}; runs seeded`)
  }
  const mainStatus = runTests(files, backend.url)
  const lastStatus = runTests(lastFiles, backend.url, backend.adminToken)
  status = mainStatus || lastStatus || emptyStatus
} catch (e) {
  console.error(`browser tests could not start: ${e.message}`)
} finally {
  await backend?.stop()
}
process.exit(status)
