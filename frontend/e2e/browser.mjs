// Debian's Chromium driven by playwright-core: never a downloaded browser.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** A browser context with a fresh user-data dir; close() removes it. */
export async function launch(viewport = { width: 1366, height: 900 }, options = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'podium-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
    ...options,
  })
  return {
    context,
    close: async () => {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/** A phone: 390 x 844 CSS px, touch, twice the pixels. */
export function launchPhone() {
  return launch({ width: 390, height: 844 }, { isMobile: true, hasTouch: true, deviceScaleFactor: 2 })
}

/** A new page of the browser at `url`, each wait bounded by 15 s. */
export async function openPage(browser, url) {
  const page = await browser.context.newPage()
  page.setDefaultTimeout(15_000)
  await page.goto(url)
  return page
}

/** Whether the page fits its viewport's width: it does not scroll sideways (a pixel of rounding allowed). */
export function fitsWidth(page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)
}
