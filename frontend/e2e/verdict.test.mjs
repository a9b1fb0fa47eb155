// Browser tests of one verdict for every pair (issue 40, methodology section 10) on the seeded plaintext board: the
// rank the board's table shows, the framework page's rank and the badge's all give the comparison engine's range;
// no badge says "#1", and the badges that reach rank 1 are exactly the rows the engine says could be first; the
// compare page says "cannot tell" exactly for the pairs whose ranges overlap.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { openPage } from './browser.mjs'
import { devices } from './devices.mjs'
import { base } from './base.mjs'

const [[, desktop]] = devices()
const range = (r) => (r.rankHigh === r.rank ? String(r.rank) : `${r.rank}–${r.rankHigh}`)
// the service's slug rule (src/lib/slug.ts, dev.podium.framework.Slugs)
const slug = (name) =>
  name
    .toLowerCase()
    .replace(/['.’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')

describe('one verdict for every pair', () => {
  test('the board, the framework pages and the badges show the same rank range, and no badge says #1', async () => {
    const board = await (await fetch(`${base}/api/leaderboard?scenario=plaintext`)).json()
    const ranked = board.rows.filter((r) => r.rank !== null)
    assert.ok(ranked.length >= 3, 'the seeded board has rows to compare')
    const page = await openPage(desktop(), `${base}/leaderboard/plaintext`)
    await page.waitForSelector('#leaderboard-table tbody tr')
    const shown = await page.locator('#leaderboard-table tbody tr').evaluateAll((trs) =>
      trs.map((tr) => {
        const cell = tr.querySelector('td.rank').cloneNode(true)
        cell.querySelectorAll('.sr-only').forEach((s) => s.remove())
        return [tr.querySelector('.fw-name').textContent, cell.textContent.trim()]
      }),
    )
    await page.close()
    const firstPossible = ranked.filter((r) => r.rank === 1).length
    let badgesAtOne = 0
    for (const r of ranked) {
      assert.equal(new Map(shown).get(r.framework), range(r), `${r.framework} on the board`)
      const badge = await (await fetch(`${base}/api/badges/${slug(r.framework)}/plaintext.json`)).json()
      if (badge.message.startsWith('rank ')) {
        assert.ok(!badge.message.includes('#1'), badge.message)
        assert.ok(
          badge.message.startsWith(`rank ${range(r).replace('–', '-')} of `),
          `${r.framework}: ${badge.message}`,
        )
        if (r.rank === 1) badgesAtOne++
      }
      const framework = await (await fetch(`${base}/api/frameworks/${slug(r.framework)}`)).json()
      const mine = framework.scenarios.find((s) => s.scenario === 'plaintext')?.rows.find((x) => x.rank !== null)
      if (mine && mine.ioModel === r.ioModel) {
        assert.equal(range(mine), range(r), `${r.framework}'s page`)
      }
    }
    assert.equal(
      badgesAtOne,
      firstPossible,
      'the badges that may say rank 1 are the rows the engine says could be first',
    )
  })

  test('compare says "cannot tell" exactly for the pairs whose rank ranges overlap', async () => {
    const board = await (await fetch(`${base}/api/leaderboard?scenario=plaintext`)).json()
    const ranked = board.rows.filter((r) => r.rank !== null)
    const cell = (r) => r.slaCellId ?? r.bestCellId
    for (let i = 0; i < ranked.length; i++) {
      for (let j = i + 1; j < ranked.length; j++) {
        const [a, b] = [ranked[i], ranked[j]]
        const c = await (await fetch(`${base}/api/compare?a=${cell(b)}&b=${cell(a)}`)).json()
        const apart = a.rankHigh < b.rank
        if (c.outcome === 'cannot-tell') assert.ok(!apart, `${a.framework} ${range(a)} and ${b.framework} ${range(b)}`)
        else assert.equal(c.outcome, 'faster', `${a.framework} above ${b.framework}`)
        if (c.outcome === 'faster') assert.ok(a.rank < b.rank && a.rankHigh < b.rankHigh)
      }
    }
    // one pair in the browser: the compare page says what the API says
    const [a, b] = [ranked[0], ranked[ranked.length - 1]]
    const page = await openPage(
      desktop(),
      `${base}/compare?mode=cells&runA=${b.runId}&cellA=${cell(b)}&runB=${a.runId}&cellB=${cell(a)}`,
    )
    await page.locator('#compare-outcome').waitFor()
    const api = await (await fetch(`${base}/api/compare?a=${cell(b)}&b=${cell(a)}`)).json()
    assert.equal(
      (await page.locator('#compare-outcome').textContent()).trim(),
      api.outcome === 'cannot-tell' ? 'cannot tell' : api.outcome,
    )
    await page.close()
  })
})
