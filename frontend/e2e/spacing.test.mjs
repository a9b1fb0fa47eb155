// Text that runs together (issue 41): a name and its version or unit, drawn touching ("Vert.x Web5.0.7",
// "17,500req/s", "nginx1.22.1(baseline)", "vertx-webversion"), on every page but the leaderboard's, desktop and phone.
// Vue drops the whitespace between two tags on separate lines, so a template that prettier wraps between a name and
// its version glues them; the page must put a real space (or a visible gap) there.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { openPage } from './browser.mjs'
import { devices } from './devices.mjs'
import { HISTORY_RUN_ID, LATEST_RUN_ID, SNAPSHOT } from './seed.mjs'
import { touchingWords } from './layout.mjs'
import { base } from './base.mjs'

const HOST_A_CLASS = encodeURIComponent('Podium Test CPU @ 3.00GHz · 4 vCPU · 16 GiB')
const PAGES = [
  [`/runs/${LATEST_RUN_ID}`, '#cells-table tbody tr'],
  ['/runs', 'main table tbody tr'],
  ['/frameworks', '.framework-list li'],
  ['/frameworks/netty', '.scenario[data-scenario="json"] .figure'],
  ['/frameworks/spring-mvc', '.scenario[data-scenario="json"] .figure'],
  ['/cost?scenario=plaintext', '#cost-table tbody tr'],
  ['/scaling?scenario=plaintext', 'main table tbody tr'],
  ['/latency?scenario=plaintext', 'main table tbody tr'],
  ['/history?scenario=plaintext&target=Netty%7Cnon-blocking', 'main table tbody tr'],
  ['/changes', '#changes-table tbody tr'],
  [
    `/compare?scenario=plaintext&hostClass=${HOST_A_CLASS}&a=Spring%20MVC%7Cblocking&b=Netty%7Cnon-blocking`,
    '#compare-verdict',
  ],
  [`/compare?mode=cells&runA=${HISTORY_RUN_ID}&runB=${LATEST_RUN_ID}`, '#run-diff'],
  ['/snapshots', 'main table tbody tr'],
  [`/snapshots/${SNAPSHOT.slug}`, '[data-testid="board"] tbody tr'],
  ['/leaderboard/composite', '#composite-weights .weight'],
]

for (const [name, browser] of devices()) {
  describe(`words keep their spaces (${name})`, () => {
    for (const [path, ready] of PAGES) {
      test(path, async () => {
        const page = await openPage(browser(), `${base}${path}`)
        await page.locator(ready).first().waitFor()
        await page.waitForLoadState('networkidle') // the sections that load after the first
        await page.locator('main details').evaluateAll((ds) => ds.forEach((d) => (d.open = true)))
        assert.deepEqual(await touchingWords(page), [], `${path}: words drawn touching`)
        await page.close()
      })
    }
  })
}
