// The browser tests' entry: start the real backend (fresh embedded PostgreSQL), seed signed runs, run the
// node:test files against it, stop it. `npm run test:browser`; expects dist/ built (make test-browser does).
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { startBackend } from './backend.mjs'
import { seed } from './seed.mjs'

const files = readdirSync(new URL('.', import.meta.url))
  .filter((f) => f.endsWith('.test.mjs'))
  .map((f) => new URL(f, import.meta.url).pathname)

let backend
let status = 1
try {
  if (process.env.PODIUM_E2E_URL) {
    backend = { url: process.env.PODIUM_E2E_URL, stop: async () => {} }
  } else {
    backend = await startBackend()
    const agent = await seed(backend.url, backend.adminToken)
    console.log(`backend ready at ${backend.url}; test key enrolled as agent ${agent.id}; runs seeded`)
  }
  const res = spawnSync(process.execPath, ['--test', '--test-concurrency=1', '--test-timeout=600000', ...files], {
    stdio: 'inherit',
    env: { ...process.env, PODIUM_E2E_URL: backend.url },
  })
  status = res.status ?? 1
} catch (e) {
  console.error(`browser tests could not start: ${e.message}`)
} finally {
  await backend?.stop()
}
process.exit(status)
