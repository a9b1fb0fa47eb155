// The browsers a browser test file runs its tests on (a desktop, the 390 px phone), launched and closed by node:test
// hooks.
import { after, before } from 'node:test'
import { launch, launchPhone } from './browser.mjs'

/**
 * Registers the hooks that launch a browser with `open` (default: the 1366 px desktop) before the first test of the
 * file (or of the describe it is called in), after the hooks registered before it, and close it after the last;
 * returns the browser, whose context is there once the hooks ran.
 */
export function browserFor(open = launch) {
  let launched
  before(async () => {
    launched = await open()
  })
  after(async () => {
    await launched?.close()
  })
  return {
    get context() {
      return launched.context
    },
  }
}

/**
 * Registers the hooks that launch a desktop browser and a phone before the file's first test and close both after
 * its last; returns them as [name, () => browser] pairs, desktop first (the browsers exist once the hooks ran).
 */
export function devices() {
  const desktop = browserFor()
  const phone = browserFor(launchPhone)
  return [
    ['desktop', () => desktop],
    ['phone', () => phone],
  ]
}
