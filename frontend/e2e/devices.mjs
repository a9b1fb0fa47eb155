// The desktop and the 390 px phone a browser test file runs its tests on, launched and closed by node:test hooks.
import { after, before } from 'node:test'
import { launch, launchPhone } from './browser.mjs'

/**
 * Registers the hooks that launch a desktop browser and a phone before the file's first test and close both after
 * its last; returns them as [name, () => browser] pairs, desktop first (the browsers exist once the hooks ran).
 */
export function devices() {
  const launched = {}
  before(async () => {
    launched.desktop = await launch()
    launched.phone = await launchPhone()
  })
  after(async () => {
    await launched.desktop?.close()
    await launched.phone?.close()
  })
  return [
    ['desktop', () => launched.desktop],
    ['phone', () => launched.phone],
  ]
}
