// Every unknown subject of a page (a run, a snapshot, a scenario, a framework) and every unknown path is a real 404:
// the service answers the page with status 404, and the browser shows what is missing with a link to what there is,
// never "Could not load ... Try again", on a desktop and on a 390 px phone.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { fitsWidth } from './browser.mjs'
import { devices } from './devices.mjs'
import { base } from './base.mjs'

const UNKNOWN_RUN = '00000000-0000-4000-8000-00000000dead'

/** path, the page's heading, what it says, the link it offers and where that leads. */
const PAGES = [
  ['/runs/nope', 'No such run', /There is no run “nope” here/, 'See every run', /\/runs$/],
  [`/runs/${UNKNOWN_RUN}`, 'No such run', new RegExp(`no run “${UNKNOWN_RUN}”`), 'See every run', /\/runs$/],
  ['/snapshots/nope', 'No such snapshot', /No snapshot called “nope”/, 'See every snapshot', /\/snapshots$/],
  [
    '/leaderboard/nope',
    'No such leaderboard',
    /no scenario called “nope”: the scenarios are plaintext, json/,
    'See the plaintext leaderboard',
    /\/leaderboard\/plaintext$/,
  ],
  [
    '/frameworks/nope',
    'No such framework',
    /no results of a framework called “nope”/,
    'See every framework with results',
    /\/frameworks$/,
  ],
  ['/nope', 'Page not found', /There is no page at \/nope/, 'Go to the leaderboard', /\/leaderboard\/plaintext$/],
]

describe('HTTP status of unknown pages', () => {
  test('each answers 404 with the site page, to a browser and to curl', async () => {
    for (const [path] of PAGES) {
      for (const accept of ['text/html', '*/*']) {
        const res = await fetch(`${base}${path}`, { headers: { Accept: accept } })
        assert.equal(res.status, 404, `${path} (${accept})`)
        assert.match(res.headers.get('content-type') ?? '', /^text\/html/, path)
        assert.equal(res.headers.get('cache-control'), 'no-cache', path)
        assert.match(await res.text(), /<div id="app">/, path)
      }
    }
  })
})

for (const [name, browser] of devices()) {
  describe(`unknown pages, ${name}`, () => {
    for (const [path, heading, says, link, leadsTo] of PAGES) {
      test(`${path} says what is missing and links on`, async () => {
        const page = await browser().context.newPage()
        page.setDefaultTimeout(15_000)
        const failed = []
        page.on('response', (r) => r.url().includes('/api/') && r.status() >= 400 && failed.push(r.url()))
        const res = await page.goto(`${base}${path}`)
        assert.equal(res.status(), 404)
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
        assert.match(await page.locator('main').textContent(), says)
        assert.equal(await page.locator('.state.error').count(), 0, 'no "Could not load" on a 404 page')
        assert.equal(await page.getByRole('button', { name: 'Try again' }).count(), 0)
        assert.match(await page.title(), /(No such|Not found).* · Podium$/)
        assert.ok(await fitsWidth(page), `${path} scrolls sideways`)
        // the leaderboard knows its scenarios: it asks the API nothing it would refuse
        if (path.startsWith('/leaderboard/')) assert.deepEqual(failed, [])
        await page.getByRole('link', { name: link }).click()
        await page.waitForURL(leadsTo)
        await page.close()
      })
    }
  })
}
