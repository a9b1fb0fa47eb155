// WCAG 2.1 AA: axe-core (npm, pinned) run in every view, desktop 1366 px and phone 390 px: no serious or critical
// violation. axe is evaluated through the DevTools protocol, so the service's Content-Security-Policy stays on.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, test } from 'node:test'
import { launch } from './browser.mjs'
import { AB_ID, LATEST_RUN_ID, SNAPSHOT } from './seed.mjs'
import { base } from './base.mjs'
import { browserFor } from './devices.mjs'

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Every view of the site, with data (seed.mjs). */
export const VIEWS = [
  '/leaderboard/plaintext',
  '/leaderboard/composite',
  '/cost',
  '/scaling?scenario=plaintext',
  '/latency?scenario=plaintext',
  '/history?scenario=plaintext&target=Netty%7Cnon-blocking',
  '/changes',
  '/compare',
  '/calculator',
  '/frameworks',
  '/frameworks/netty',
  '/runs',
  `/runs/${LATEST_RUN_ID}`,
  `/ab/${AB_ID}`,
  '/snapshots',
  `/snapshots/${SNAPSHOT.slug}`,
  '/about',
  '/no-such-page',
]

/** The serious and critical WCAG 2.0/2.1 A and AA violations axe finds on the page, as readable lines. */
async function violations(page) {
  await page.evaluate(AXE)
  const found = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    })
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }))
  })
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

async function settled(page, path) {
  await page.goto(`${base}${path}`)
  await page.locator('main h1').first().waitFor({ timeout: 15_000 })
  await page.waitForLoadState('networkidle')
  await page.waitForFunction(
    () => !document.querySelector('main [role="status"][aria-live="polite"]')?.textContent?.includes('Loading'),
  )
}

for (const [device, viewport, options] of [
  ['desktop', { width: 1366, height: 900 }, {}],
  ['phone', { width: 390, height: 844 }, { isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
]) {
  describe(`axe-core, ${device}`, () => {
    const browser = browserFor(() => launch(viewport, options))
    for (const path of VIEWS) {
      test(`${path}: no serious or critical WCAG 2.1 AA violation (${device})`, async () => {
        const page = await browser.context.newPage()
        await settled(page, path)
        const found = await violations(page)
        assert.deepEqual(found, [], `${path} (${device}): ${JSON.stringify(found, null, 1)}`)
        await page.close()
      })
    }
  })
}
