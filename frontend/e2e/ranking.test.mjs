// Browser tests of the one ranking rule (methodology.md section 10) over host D's board of clean, noisy, saturated
// and climbing rows: the default order never places a row below one whose interval lies wholly under it, each row
// shows the rank range of the comparison engine (a noisy row judged by its wide interval, a lower bound, shown "≥",
// never decided slower, so its range reaches up to 1); and host C's row whose requests failed is listed unranked with
// the reason beside it. On a desktop and on a phone.
import assert from 'node:assert/strict'
import { before, describe, test } from 'node:test'
import { openPage } from './browser.mjs'
import { devices } from './devices.mjs'
import { HOST_D, HOST_D_AT_LEAST, HOST_D_ORDER, HOST_D_RANKS } from './seed.mjs'
import { base } from './base.mjs'

const DEVICES = devices()
const [[, desktop]] = DEVICES
let hostD
let hostC
before(async () => {
  const board = await (await fetch(`${base}/api/leaderboard?scenario=plaintext`)).json()
  hostD = board.available.hostClasses.find((h) => h.startsWith(HOST_D.cpuModel))
  hostC = board.available.hostClasses.find((h) => h.startsWith('Flag Test CPU'))
  assert.ok(hostD && hostC, 'the seeded host classes are on the board')
})

const boardOf = (hostClass) => `/leaderboard/plaintext?hostClass=${encodeURIComponent(hostClass)}`

async function open(browser, path) {
  const page = await openPage(browser, `${base}${path}`)
  await page.waitForSelector('#leaderboard-table tbody tr')
  return page
}

/** The rows as the page shows them, top to bottom: name, rank text (without screen-reader words), SLA column text. */
async function shownRows(page) {
  return page.locator('#leaderboard-table tbody tr').evaluateAll((trs) =>
    trs.map((tr) => {
      const visible = (el) => {
        const copy = el.cloneNode(true)
        copy.querySelectorAll('.sr-only').forEach((s) => s.remove())
        return copy.textContent.trim()
      }
      return {
        name: tr.querySelector('.fw-name').textContent,
        rank: visible(tr.querySelector('td.rank')),
        sla: visible(tr.querySelectorAll('td.num')[0]),
        why: tr.querySelector('.unranked-why')?.textContent ?? null,
      }
    }),
  )
}

for (const [device, browser] of DEVICES) {
  describe(`the ranking rule (${device})`, () => {
    test('the default order never places a row below one whose interval lies wholly under it', async () => {
      const page = await open(browser(), boardOf(hostD))
      const rows = await shownRows(page)
      const api = await (
        await fetch(`${base}/api/leaderboard?scenario=plaintext&hostClass=${encodeURIComponent(hostD)}`)
      ).json()
      const interval = new Map(api.rows.map((r) => [r.framework, [r.ciLow, r.ciHigh]]))
      for (let above = 0; above < rows.length; above++) {
        for (let below = above + 1; below < rows.length; below++) {
          const [, highAbove] = interval.get(rows[above].name)
          const [lowBelow] = interval.get(rows[below].name)
          assert.ok(
            !(highAbove < lowBelow),
            `${rows[below].name} (interval from ${lowBelow}) is placed below ${rows[above].name} (up to ${highAbove})`,
          )
        }
      }
      // the board mixes every kind of row, each ranked: noisy by its interval, lower bounds as at least their value
      assert.deepEqual(
        rows.map((r) => r.name),
        HOST_D_ORDER,
      )
      assert.deepEqual(
        rows.map((r) => r.rank),
        HOST_D_RANKS,
      )
      const noisy = api.rows.find((r) => r.framework === 'Quarkus REST')
      assert.ok(noisy.flags.includes('noisy'), 'the service found the wide row noisy')
      await page.close()
    })

    test('a lower bound shows “≥” beside its figure and says so to a screen reader', async () => {
      const page = await open(browser(), boardOf(hostD))
      const rows = await shownRows(page)
      for (const r of rows) {
        assert.equal(r.sla.startsWith('≥'), HOST_D_AT_LEAST.includes(r.name), `${r.name}: ${r.sla}`)
      }
      const saturated = page.locator('#leaderboard-table tbody tr', { hasText: 'Spring WebFlux' })
      assert.match(await saturated.locator('td.rank').textContent(), /or better: its figure is a lower bound/)
      assert.match(await saturated.locator('.at-least').textContent(), /at least/)
      await page.close()
    })

    test('a row with no honest order is listed last, unranked, with the reason next to it', async () => {
      const page = await open(browser(), boardOf(hostC))
      const rows = await shownRows(page)
      const last = rows[rows.length - 1]
      assert.equal(last.name, 'Spring WebFlux')
      assert.equal(last.rank, '—')
      assert.equal(last.why, 'Not ranked: more than 1% of its requests failed.')
      assert.ok(
        await page
          .locator('#leaderboard-table tbody tr', { hasText: 'Spring WebFlux' })
          .locator('.unranked-why')
          .isVisible(),
      )
      assert.deepEqual(
        rows.filter((r) => r.rank !== '—').map((r) => r.why),
        rows.slice(0, -1).map(() => null),
        'every other row is ranked',
      )
      await page.close()
    })
  })
}

describe('the calculator page plans only what GET /api/calculator plans', () => {
  const query = (from, to) =>
    new URLSearchParams({
      scenario: 'plaintext',
      hostClass: hostD,
      from,
      to,
      servers: '4',
      current: '1000',
      required: '3000',
    })
  // the API takes the framework and its I/O model apart: "Netty|non-blocking" -> from=Netty&fromIoModel=non-blocking
  const apiQuery = (q) => {
    const out = new URLSearchParams(q)
    for (const side of ['from', 'to']) {
      const [name, io] = q.get(side).split('|')
      out.set(side, name)
      out.set(`${side}IoModel`, io)
    }
    return out
  }

  test('from a lower bound: the API refuses naming from, and the page plans nothing and says why', async () => {
    const q = query('Spring WebFlux|non-blocking', 'Jetty|blocking')
    const api = await fetch(`${base}/api/calculator?${apiQuery(q)}`)
    assert.equal(api.status, 400)
    assert.equal((await api.json()).field, 'from')
    const page = await desktop().context.newPage()
    page.setDefaultTimeout(15_000)
    await page.goto(`${base}/calculator?${q}`)
    const alert = page.locator('[role=alert]', { hasText: 'lower bound' })
    await alert.waitFor()
    assert.match(await alert.textContent(), /Spring WebFlux’s figure is only a lower bound \(generator-saturated\)/)
    assert.equal(await page.locator('#servers-with').count(), 0, 'no plan on the page')
    await page.close()
  })

  test('to a lower bound: both plan the same servers, the page says "at least"', async () => {
    const q = query('Jetty|blocking', 'Spring WebFlux|non-blocking')
    const api = await (await fetch(`${base}/api/calculator?${apiQuery(q)}`)).json()
    assert.equal(api.ratioAtLeast, true)
    const page = await desktop().context.newPage()
    page.setDefaultTimeout(15_000)
    await page.goto(`${base}/calculator?${q}`)
    await page.locator('#servers-with').waitFor()
    assert.equal(Number(await page.locator('#servers-with').textContent()), api.totals.serversToAddWith)
    assert.equal(Number(await page.locator('#servers-without').textContent()), api.totals.serversToAddWithout)
    assert.match(await page.locator('#ratio-source').textContent(), /Ratio R = at least/)
    await page.close()
  })
})
