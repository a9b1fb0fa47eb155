// What a visitor meets in the first minute: unknown pages answer 404, titles name their subject, the run page fits
// every width (its tables too, at 1366 px), every badge a page offers loads, the API reference opens, a failing or stalled API says so with a retry.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, test } from 'node:test'
import { launch } from './browser.mjs'
import { AB_ID, LATEST_RUN_ID } from './seed.mjs'
import { tablesCut } from './layout.mjs'
import { base } from './base.mjs'
import { browserFor } from './devices.mjs'

const PATHS = JSON.parse(readFileSync(new URL('../src/router/paths.json', import.meta.url), 'utf8'))
const HTML = { headers: { Accept: 'text/html' } }

const browser = browserFor()

describe('HTTP status of pages', () => {
  test('every route of the site answers 200; unknown pages and unknown frameworks answer 404', async () => {
    for (const path of Object.values(PATHS)) {
      const url = path
        .replace(':scenario', 'plaintext')
        .replace(':slug', path.startsWith('/snapshots') ? '2026-round-1' : 'netty')
        .replace(':id', path.startsWith('/ab/') ? AB_ID : LATEST_RUN_ID)
      assert.equal((await fetch(`${base}${url}`, HTML)).status, 200, url)
    }
    for (const url of ['/nonexistent', '/leaderboard/plaintext/more', '/frameworks/nonexistent', '/frameworks/nginx']) {
      const res = await fetch(`${base}${url}`, HTML)
      assert.equal(res.status, 404, url)
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/, url)
    }
  })

  test('the browser shows what is missing on a 404 page', async () => {
    const page = await browser.context.newPage()
    const res = await page.goto(`${base}/no-such-page`)
    assert.equal(res.status(), 404)
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    const unknown = await page.goto(`${base}/frameworks/nonexistent`)
    assert.equal(unknown.status(), 404)
    await page.getByRole('heading', { name: 'No such framework' }).waitFor()
    assert.match(await page.locator('main').textContent(), /no results of a framework called “nonexistent”/)
    await page.getByRole('link', { name: 'See every framework with results' }).click()
    await page.waitForURL(/\/frameworks$/)
    await page.close()
  })
})

describe('titles and links', () => {
  test('a framework, a run and a scenario name their page', async () => {
    const page = await browser.context.newPage()
    await page.goto(`${base}/frameworks/netty`)
    await page.waitForFunction(() => document.title === 'Netty · Podium')
    await page.goto(`${base}/runs/${LATEST_RUN_ID}`)
    await page.waitForFunction(() => /^Run of .+ · Podium$/.test(document.title))
    await page.goto(`${base}/leaderboard/json`)
    await page.waitForFunction(() => document.title === 'json leaderboard · Podium')
    assert.equal(await page.locator('link[rel="icon"]').getAttribute('href'), '/favicon.svg')
    assert.equal((await fetch(`${base}/favicon.svg`)).status, 200)
    assert.ok(await page.locator('meta[property="og:title"]').getAttribute('content'))
    await page.close()
  })

  test('the frameworks index lists every framework, each a link to its page', async () => {
    const page = await browser.context.newPage()
    await page.goto(`${base}/frameworks`)
    await page.locator('.framework-list li').first().waitFor()
    const api = await (await fetch(`${base}/api/frameworks`)).json()
    const names = [...new Set(api.items.map((f) => f.framework))].sort((a, b) => a.localeCompare(b))
    assert.deepEqual(await page.locator('.framework-list li a.name').allTextContents(), names)
    await page.getByRole('link', { name: 'Netty', exact: true }).click()
    await page.waitForURL(/\/frameworks\/netty$/)
    await page.getByRole('heading', { name: 'Netty', level: 1 }).waitFor()
    await page.close()
  })
})

describe('run page layout', () => {
  for (const width of [390, 1366, 1920]) {
    test(`no horizontal overflow at ${width} px, and the host panel reads line by line`, async () => {
      const ctx = await launch({ width, height: 900 })
      try {
        const page = await ctx.context.newPage()
        await page.goto(`${base}/runs/${LATEST_RUN_ID}`)
        await page.locator('#cells-table tbody tr').first().waitFor()
        await page.locator('details').evaluateAll((ds) => ds.forEach((d) => (d.open = true)))
        const layout = await page.evaluate(() => ({
          pageWidth: document.documentElement.scrollWidth,
          viewport: window.innerWidth,
          hostValues: [...document.querySelectorAll('section[aria-labelledby="host-title"] dd')].map(
            (dd) => dd.getBoundingClientRect().width,
          ),
          panelsRight: Math.max(
            ...[...document.querySelectorAll('main .panel')].map((p) => p.getBoundingClientRect().right),
          ),
        }))
        assert.ok(layout.pageWidth <= layout.viewport, `the page is ${layout.pageWidth} px wide at ${width}`)
        assert.ok(layout.panelsRight <= layout.viewport, `a panel ends at ${layout.panelsRight} px`)
        assert.ok(layout.hostValues.length > 5)
        // a value column narrower than ~12 characters is the "one character per line" bug
        assert.ok(Math.min(...layout.hostValues) >= 150, `host values ${layout.hostValues.join(', ')} px wide`)
      } finally {
        await ctx.close()
      }
    })
  }
})

describe('run page tables', () => {
  test('at 1366 px every table of the run page fits its frame: no column cut off at the right', async () => {
    const ctx = await launch({ width: 1366, height: 900 })
    try {
      const page = await ctx.context.newPage()
      await page.goto(`${base}/runs/${LATEST_RUN_ID}`)
      await page.locator('#cells-table tbody tr').first().waitFor()
      await page.locator('#gc-table tbody tr').first().waitFor()
      await page.locator('details').evaluateAll((ds) => ds.forEach((d) => (d.open = true)))
      assert.deepEqual(await tablesCut(page), [])
      // the columns left out to fit are a click away, and then the table scrolls in its frame
      const more = page.locator('.run-cells').getByRole('checkbox', { name: /Show every column/ })
      assert.equal(await page.locator('#cells-table th:has-text("start-up")').isVisible(), false)
      await more.check()
      assert.equal(await page.locator('#cells-table th:has-text("start-up")').isVisible(), true)
      // the repeats table likewise: p75 is a click away, and the CSV has it anyway
      const repeats = page.locator('section[aria-labelledby="repeats-title"]')
      assert.equal(await repeats.locator('#repeats-table th:has-text("p75")').count(), 0)
      await repeats.getByRole('checkbox', { name: /Show every column/ }).check()
      assert.equal(await repeats.locator('#repeats-table th:has-text("p75")').isVisible(), true)
    } finally {
      await ctx.close()
    }
  })
})

describe('badges', () => {
  test('every badge a framework page shows answers 200 and is offered as Markdown', async () => {
    const { items } = await (await fetch(`${base}/api/frameworks`)).json()
    const slugs = [...new Set(items.map((f) => f.framework))].map((name) =>
      name
        .toLowerCase()
        .replace(/['.’]/g, '')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    let badges = 0
    for (const slug of slugs) {
      const res = await fetch(`${base}/api/frameworks/${slug}`)
      if (res.status !== 200) continue // a name the slug rule cannot carry (the XSS name) has no page
      for (const s of (await res.json()).scenarios) {
        for (const url of [s.badge.svg, s.badge.json]) {
          assert.equal((await fetch(new URL(url, base))).status, 200, `${slug} ${s.scenario}: ${url}`)
          badges++
        }
      }
    }
    assert.ok(badges >= 10, `${badges} badges checked`)
    const page = await browser.context.newPage()
    await page.goto(`${base}/frameworks/netty`)
    await page.locator('.badge img').first().waitFor()
    await page.locator('.badge textarea').first().waitFor()
    const broken = await page
      .locator('.badge img')
      .evaluateAll((imgs) => imgs.filter((i) => i.complete && i.naturalWidth === 0).length)
    assert.equal(broken, 0)
    await page.close()
  })
})

describe('API reference', () => {
  test('the footer link opens Swagger UI with the service document, under the service CSP', async () => {
    const page = await browser.context.newPage()
    const problems = []
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()))
    page.on('pageerror', (e) => problems.push(e.message))
    await page.goto(`${base}/about`)
    await page.getByRole('link', { name: 'Read API reference' }).click()
    await page.waitForURL(/\/q\/swagger-ui/)
    await page.locator('.swagger-ui .info .title', { hasText: 'Podium results API' }).waitFor({ timeout: 20_000 })
    await page.locator('.opblock-summary-path', { hasText: '/api/leaderboard' }).first().waitFor()
    assert.deepEqual(problems, [])
    await page.close()
  })
})

describe('error and loading states', () => {
  test('a gateway timeout is said in words with a retry that works', async () => {
    const page = await browser.context.newPage()
    let fail = true
    await page.route(
      (url) => url.pathname === '/api/runs',
      (route) =>
        fail
          ? route.fulfill({
              status: 504,
              contentType: 'text/html',
              body: '<html><body><h1>504 Gateway Time-out</h1></body></html>',
            })
          : route.continue(),
    )
    await page.goto(`${base}/runs`)
    const alert = page.locator('.state.error')
    await alert.waitFor()
    assert.match(await alert.textContent(), /the results service did not answer in time \(504\)/)
    assert.doesNotMatch(await alert.textContent(), /<|Gateway Time-out/)
    fail = false
    await alert.getByRole('button', { name: 'Try again' }).click()
    await page.locator('main table tbody tr').first().waitFor()
    await page.close()
  })

  test('a stalled API says so after 15 s, with a retry', async () => {
    const page = await browser.context.newPage()
    let stall = true
    await page.route('**/api/snapshots', (route) => (stall ? undefined : route.continue())) // never answered while stalled
    await page.goto(`${base}/snapshots`)
    const slow = page.locator('.state.alert', { hasText: 'Still loading after 15 s' })
    await slow.waitFor({ timeout: 20_000 })
    stall = false
    await slow.getByRole('button', { name: 'Try again' }).click()
    await page.locator('main table tbody tr').first().waitFor()
    await page.close()
  })
})
