// Starts the real backend jar (embedded PostgreSQL, fresh data in a temp folder) on a free loopback port.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, openSync, existsSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const here = new URL('.', import.meta.url).pathname
export const FRONTEND = resolve(here, '..')
export const BACKEND = resolve(FRONTEND, '../backend')

export function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => ok(port))
    })
  })
}

/**
 * `make -C ../backend build` packages ../frontend/dist into the jar. PODIUM_BACKEND_BUILD_DIR builds into another
 * folder (the backend Makefile's BUILD_DIR), so a test run does not race a backend build in backend/target;
 * PODIUM_BACKEND_JAR skips the build and uses that jar as it is.
 */
export function backendJar() {
  if (process.env.PODIUM_BACKEND_JAR) return process.env.PODIUM_BACKEND_JAR
  const buildDir = process.env.PODIUM_BACKEND_BUILD_DIR ?? join(BACKEND, 'target')
  const made = spawnSync('make', ['-C', BACKEND, 'build', `BUILD_DIR=${buildDir}`], {
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  if (made.status !== 0) throw new Error(`make -C ../backend build failed (exit ${made.status})`)
  return join(buildDir, 'quarkus-app/quarkus-run.jar')
}

/** A JDK 21+: $JAVA, else $JAVA_HOME, else what ci/find-jdk.sh finds (the root Makefile's choice), else PATH. */
function javaCommand() {
  if (process.env.JAVA) return process.env.JAVA
  if (process.env.JAVA_HOME) return join(process.env.JAVA_HOME, 'bin/java')
  const found = spawnSync(resolve(FRONTEND, '../ci/find-jdk.sh'), { encoding: 'utf8' })
  const home = found.status === 0 ? found.stdout.trim() : ''
  return home ? join(home, 'bin/java') : 'java'
}

async function waitReady(url, child, deadlineMs) {
  const deadline = Date.now() + deadlineMs
  let last = ''
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the backend exited with ${child.exitCode} before it was ready`)
    try {
      const r = await fetch(`${url}/q/health/ready`)
      if (r.ok) return
      last = `status ${r.status}`
    } catch (e) {
      last = e.message
    }
    await new Promise((ok) => setTimeout(ok, 250)) // poll interval, bounded by the deadline
  }
  throw new Error(`the backend was not ready within ${deadlineMs / 1000}s (${last})`)
}

/** Returns {url, adminToken, stop}. */
export async function startBackend({ jar = backendJar(), readyMs = 180_000, dataDir = null } = {}) {
  if (!existsSync(jar)) throw new Error(`no backend jar at ${jar}`)
  const dir = mkdtempSync(join(tmpdir(), 'podium-e2e-'))
  const port = await freePort()
  const adminToken = `e2e-${Math.random().toString(36).slice(2)}`
  const log = openSync(join(dir, 'backend.log'), 'a')
  const child = spawn(javaCommand(), ['-Xmx512m', '-jar', jar], {
    cwd: dir,
    env: {
      ...process.env,
      PODIUM_PORT: String(port),
      PODIUM_HOST: '127.0.0.1',
      PODIUM_ADMIN_TOKEN: adminToken,
      PODIUM_DATA_DIR: dataDir ?? join(dir, '.podium'),
    },
    stdio: ['ignore', log, log],
  })
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((ok) => {
        const t = setTimeout(() => (child.kill('SIGKILL'), ok()), 20_000)
        child.once('exit', () => (clearTimeout(t), ok()))
      })
    }
    if (!process.env.PODIUM_E2E_KEEP) rmSync(dir, { recursive: true, force: true })
  }
  try {
    await waitReady(url, child, readyMs)
  } catch (e) {
    await stop()
    throw new Error(`${e.message}; log in ${join(dir, 'backend.log')}`, { cause: e })
  }
  return { url, adminToken, dir, stop }
}
