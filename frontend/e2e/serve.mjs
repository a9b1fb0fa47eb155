// A seeded backend for looking at the site by hand: prints its URL and runs until Ctrl-C (or SIGTERM).
import { startBackend } from './backend.mjs'
import { seed } from './seed.mjs'

const backend = await startBackend()
await seed(backend.url, backend.adminToken)
console.log(`seeded backend at ${backend.url} (data in ${backend.dir})`)
const stop = async () => {
  await backend.stop()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
setInterval(() => {}, 1 << 30)
