// The first minute of a visitor (issue 41), on a desktop (1366 x 768) and a phone (390 x 844): the home page's first
// screen, unscrolled, says what Podium is in one sentence, shows the ranking with its rank ranges and figures and a
// one-line "how sure" linked to the method; the flag legend explains only the flags the rows carry; no text runs
// together ("17,500req/s", "Vert.x Web5.0.7").
import assert from 'node:assert/strict'
import { before, describe, test } from 'node:test'
import { fitsWidth, launch, launchPhone } from './browser.mjs'
import { tablesCut } from './layout.mjs'
import { base } from './base.mjs'
import { browserFor } from './devices.mjs'

// a laptop's first screen is 768 px high, not the 900 px the other desktop tests use
const screens = {
  desktop: browserFor(() => launch({ width: 1366, height: 768 })),
  phone: browserFor(launchPhone),
}

let board
before(async () => {
  board = await (await fetch(`${base}/api/leaderboard?scenario=plaintext`)).json()
})

const rps = (v) => Math.round(v).toLocaleString('en-US')
const rankText = (r) => (r.rankHigh === null || r.rankHigh === r.rank ? String(r.rank) : `${r.rank}–${r.rankHigh}`)

async function home(device, path = '/') {
  const page = await screens[device].context.newPage()
  page.setDefaultTimeout(15_000)
  await page.goto(`${base}${path}`)
  await page.locator('#leaderboard-table tbody tr').first().waitFor()
  await page.locator('#how-sure').waitFor()
  return page
}

/**
 * Where an element's content is on the unscrolled first screen (its text, not its box: a table cell stretches to its
 * row's height): whether it lies wholly within the viewport.
 */
function onFirstScreen(locator) {
  return locator.evaluate((e) => {
    const range = document.createRange()
    range.selectNodeContents(e)
    const r = range.getBoundingClientRect()
    return {
      inside: window.scrollY === 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0,
      top: Math.round(r.top),
      bottom: Math.round(r.bottom),
      viewport: window.innerHeight,
    }
  })
}

/**
 * The places where text runs together in what a visitor reads (innerText: as laid out, cells apart); the frameworks'
 * names are left out (the seed has a hostile one, "<img src=x onerror=alert(1)>").
 */
function runTogether(shown) {
  const text = board.rows.reduce((t, r) => t.replaceAll(r.framework, 'NAME'), shown)
  return [
    ...text.matchAll(/\d(?:req\/s|ms\b|vCPU)/g), // "17,500req/s"
    ...text.matchAll(/[a-z]{2}[.:;][A-Z][a-z]/g), // "opt in.How"
    ...text.matchAll(/×\d+[a-z]/g), // "plaintext ×1json"
    ...text.matchAll(/[a-z]\((?!s\))/g), // "nginx1.22.1(baseline)", not "row(s)"
  ].map((m) => text.slice(Math.max(0, m.index - 12), m.index + 14))
}

for (const device of ['desktop', 'phone']) {
  describe(`the home page's first screen (${device})`, () => {
    test('says in one sentence what Podium is', async () => {
      const page = await home(device)
      const intro = page.locator('#what-podium-is')
      const text = (await intro.innerText()).trim()
      assert.match(text, /^Podium is a leaderboard of JVM web frameworks, .*signed runs/)
      assert.match(text, /^[^.]+\.$/, 'one sentence')
      const at = await onFirstScreen(intro)
      assert.ok(at.inside, `the sentence spans ${at.top}-${at.bottom} px of ${at.viewport}`)
      // the statistics that opened the page before are on the about page now, not on the first screen
      assert.doesNotMatch(await page.locator('main').innerText(), /Student's t|Each figure pools every run/)
      await page.close()
    })

    test('shows the first ranked row with its rank range, its figure and its interval', async () => {
      const page = await home(device)
      const first = board.rows.find((r) => r.rank !== null)
      const row = page.locator(`#leaderboard-table tbody tr[data-framework="${first.framework}"]`).first()
      const rank = row.locator('td.rank')
      assert.equal((await rank.innerText()).trim().split(/\s/)[0], rankText(first))
      const figure = row.locator('td.num').first()
      assert.match(await figure.innerText(), new RegExp(`^${rps(first.slaThroughput)} @${first.slaConnections}`))
      // the interval: its range on a desktop, the narrow line under the name on a phone
      const interval =
        device === 'desktop'
          ? row.locator('td', { hasText: `${rps(first.ciLow)}–${rps(first.ciHigh)}` })
          : row.locator('.interval-narrow')
      // its two bounds around the figure, "−0.5% / +0.5% (5 starts)" (the service's interval is not symmetric)
      assert.match(await interval.innerText(), /[−-]\d[\d.]*%\s*\/\s*\+\d/)
      for (const [what, el] of [
        ['the rank', rank],
        ['the name', row.locator('.fw-name')],
        ['the figure', figure],
        ['the interval', interval],
      ]) {
        const at = await onFirstScreen(el)
        assert.ok(at.inside, `${what} of the first row spans ${at.top}-${at.bottom} px of ${at.viewport}`)
      }
      if (device === 'desktop') {
        // a desktop's first screen shows the ranking, not a row: the first five ranks, with the board's ranges ("2–3")
        const five = board.rows.filter((r) => r.rank !== null).slice(0, 5)
        assert.ok(
          five.length === 5 && five.some((r) => r.rankHigh > r.rank),
          'the seeded board has five ranks and a range',
        )
        for (const r of five) {
          const cell = page.locator(`#leaderboard-table tbody tr[data-framework="${r.framework}"] td.rank`)
          assert.equal((await cell.innerText()).trim().split(/\s/)[0], rankText(r))
          const at = await onFirstScreen(cell)
          assert.ok(at.inside, `${r.framework}'s rank ${rankText(r)} spans ${at.top}-${at.bottom} px of ${at.viewport}`)
        }
      }
      await page.close()
    })

    test('says in one line how sure the ranking is, linked to the method', async () => {
      const page = await home(device)
      const line = page.locator('#how-sure')
      const ranked = board.rows.filter((r) => r.rank !== null)
      const decided = ranked.filter((r) => r.rankHigh === null || r.rankHigh === r.rank).length
      const text = (await line.innerText()).replace(/\s+/g, ' ').trim()
      assert.match(text, new RegExp(`^How sure: ${decided} of ${ranked.length} places are decided;`))
      const range = ranked.find((r) => r.rankHigh > r.rank)
      assert.ok(text.includes(`“${rankText(range)}”`), text)
      const at = await onFirstScreen(line)
      assert.ok(at.inside, `the line spans ${at.top}-${at.bottom} px of ${at.viewport}`)
      const link = line.getByRole('link', { name: 'How ranks are decided' })
      assert.equal(await link.getAttribute('href'), '/about#rank-ranges')
      await link.click()
      await page.waitForURL(/\/about#rank-ranges$/)
      const section = page.locator('#rank-ranges')
      await section.waitFor()
      // the link opens the method at its point, not at the top of the about page
      await page.waitForFunction(() => {
        const r = document.getElementById('rank-ranges').getBoundingClientRect()
        return r.top >= 0 && r.top < window.innerHeight / 2
      })
      assert.match(await section.innerText(), /A rank is a range/)
      await page.close()
    })

    test('separates a name from its version and a figure from its unit', async () => {
      const page = await home(device)
      const text = await page.locator('main').innerText()
      assert.deepEqual(runTogether(text), [])
      assert.match(text, /\d req\/s/)
      for (const r of board.rows) {
        assert.ok(!text.includes(`${r.framework}${r.frameworkVersion}`), `${r.framework}${r.frameworkVersion}`)
        const row = page.locator(`#leaderboard-table tbody tr[data-framework="${r.framework}"]`).first()
        if (device === 'phone') {
          // the phone folds the version under the name: "Netty 4.2.7.Final (non-blocking)"
          const name = (await row.locator('th').innerText()).replace(/\s+/g, ' ')
          assert.ok(name.startsWith(`${r.framework} ${r.frameworkVersion} (${r.ioModel})`), name)
        } else {
          const cells = (await row.innerText()).split('\t').map((c) => c.trim())
          assert.ok(cells.includes(r.frameworkVersion), cells.join(' | '))
        }
      }
      await page.close()
    })

    test('the composite weighs "plaintext ×1, json ×2", not "plaintext ×1json ×2"', async () => {
      const page = await screens[device].context.newPage()
      page.setDefaultTimeout(15_000)
      await page.goto(`${base}/leaderboard/composite`)
      await page.locator('#composite-table tbody tr').first().waitFor()
      const weights = await page.locator('#composite-weights').innerText()
      assert.match(weights, /plaintext ×1, json ×2, /)
      assert.deepEqual(runTogether(await page.locator('main').innerText()), [])
      await page.close()
    })
  })
}

describe('the ranked table fits the screen', () => {
  /** The table's shown cells that reach past its frame's right edge or the viewport's. */
  const cellsCut = (page) =>
    page.evaluate(() => {
      const table = document.getElementById('leaderboard-table')
      const frame = table.closest('.table-wrap').getBoundingClientRect()
      return [...table.querySelectorAll('th, td')]
        .filter((c) => c.getClientRects().length > 0)
        .map((c) => ({ text: c.textContent.trim().slice(0, 20), right: Math.round(c.getBoundingClientRect().right) }))
        .filter((c) => c.right > frame.right + 1 || c.right > window.innerWidth)
    })

  test('at 1366 px beside the filters: no column cut, the page does not scroll sideways, every column a click away', async () => {
    const page = await home('desktop')
    // the filters still stand beside the ranking
    const [table, side] = await Promise.all(
      ['#leaderboard-table', '.board-side'].map((s) => page.locator(s).boundingBox()),
    )
    assert.ok(
      side.x >= table.x + table.width,
      `the filters start at ${side.x} px, the table ends at ${table.x + table.width}`,
    )
    assert.deepEqual(await tablesCut(page), [])
    assert.deepEqual(await cellsCut(page), [])
    assert.equal(await fitsWidth(page), true)
    const headers = (await page.locator('#leaderboard-table thead th:visible').allInnerTexts()).map((t) => t.trim())
    for (const h of ['Rank', 'Framework', 'Version', 'I/O model', 'SLA req/s', '95% CI', 'p90'])
      assert.ok(
        headers.some((x) => x.startsWith(h)),
        `${h} in ${headers.join(' | ')}`,
      )
    // the other columns are one click away; then the table scrolls in its frame, not the page
    const alloc = page.locator('#leaderboard-table thead [data-sort="alloc"]')
    assert.equal(await alloc.isVisible(), false)
    await page.getByRole('checkbox', { name: 'Show every column' }).check()
    assert.equal(await alloc.isVisible(), true)
    assert.equal(await fitsWidth(page), true)
    const frame = await page.locator('#leaderboard-table').evaluate((t) => {
      const wrap = t.closest('.table-wrap')
      return { scroll: wrap.scrollWidth, width: wrap.clientWidth }
    })
    assert.ok(frame.scroll > frame.width, `every column: ${frame.scroll} px in a ${frame.width} px frame`)
    await page.close()
    // ranked by a cost, its figure's column joins the others and the table still fits
    for (const [rank, header] of [
      ['cpu', 'req per CPU-s'],
      ['memory', 'MB per 1k req/s'],
    ]) {
      const ranked = await home('desktop', `/leaderboard/plaintext?rank=${rank}`)
      assert.ok(await ranked.locator('#leaderboard-table thead th:visible', { hasText: header }).isVisible(), header)
      assert.deepEqual(await tablesCut(ranked), [], `rank=${rank}`)
      assert.deepEqual(await cellsCut(ranked), [], `rank=${rank}`)
      await ranked.close()
    }
  })

  test('at 390 px on a phone: no column cut, the page does not scroll sideways', async () => {
    const page = await home('phone')
    assert.deepEqual(await tablesCut(page), [])
    assert.deepEqual(await cellsCut(page), [])
    assert.equal(await fitsWidth(page), true)
    await page.close()
  })
})

describe('the chart loads when it is about to be shown', () => {
  test('a phone asks for no chart code until it scrolls to the chart, which then draws', async () => {
    const page = await screens.phone.context.newPage()
    page.setDefaultTimeout(15_000)
    const asked = []
    page.on('request', (r) => asked.push(r.url()))
    await page.goto(`${base}/`)
    await page.locator('#leaderboard-table tbody tr').first().waitFor()
    await page.waitForLoadState('networkidle')
    const chartCode = () => asked.filter((u) => /\/assets\/ChartPanel-[^/]*\.js$/.test(u))
    assert.deepEqual(chartCode(), [], 'the chart chunk before the chart was scrolled near')
    await page.locator('#board-chart').scrollIntoViewIfNeeded()
    await page.locator('#board-chart .chart svg').waitFor()
    assert.equal(chartCode().length, 1)
    await page.close()
  })

  test('a desktop asks for it only after the first ranked row is on screen', async () => {
    const page = await screens.desktop.context.newPage()
    page.setDefaultTimeout(15_000)
    await page.addInitScript(() => {
      window.__firstRow = 0
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.identifier === 'first-row') window.__firstRow ||= e.renderTime
      }).observe({ type: 'element', buffered: true })
    })
    await page.goto(`${base}/`)
    // the seeded board is short: its chart is near the first screen and loads without a scroll
    await page.locator('#board-chart .chart svg').waitFor()
    const { firstRow, chart } = await page.evaluate(() => ({
      firstRow: window.__firstRow,
      chart: performance.getEntriesByType('resource').find((r) => /\/ChartPanel-[^/]*\.js$/.test(r.name))?.startTime,
    }))
    assert.ok(firstRow > 0, 'the first row was timed')
    assert.ok(chart > firstRow, `the chart chunk was asked for at ${chart} ms, the first row shown at ${firstRow} ms`)
    await page.close()
  })
})

describe('the flag legend', () => {
  test('explains the flags the rows carry and no others', async () => {
    const page = await home('desktop')
    // the default board carries no flag: the legend says so and explains none
    assert.ok(
      board.rows.every((r) => r.flags.length === 0 && !r.agentRevoked),
      'the seeded default board is clean',
    )
    const legend = page.locator('#flag-legend')
    assert.match(await legend.innerText(), /No row here carries a quality flag\./)
    assert.equal(await legend.locator('dt').count(), 0)
    assert.equal(await legend.locator('#rank-flagged').count(), 0, 'no row to opt in')
    await page.close()

    const hostClass = board.available.hostClasses.find((h) => h.startsWith('Flag Test CPU'))
    const flagged = await (
      await fetch(`${base}/api/leaderboard?scenario=plaintext&hostClass=${encodeURIComponent(hostClass)}`)
    ).json()
    const carried = new Set(flagged.rows.flatMap((r) => r.flags))
    const other = await home('desktop', `/leaderboard/plaintext?hostClass=${encodeURIComponent(hostClass)}`)
    await other.locator('#flag-legend dt').first().waitFor()
    const listed = await other.locator('#flag-legend dt code').allTextContents()
    assert.deepEqual(new Set(listed), carried)
    assert.ok(listed.length < 8, `${listed.length} flags listed`)
    assert.equal(await other.locator('#flag-legend .flag.revoked').count(), 0, 'no revoked agent here')
    await other.close()
  })
})

describe('the about page', () => {
  test('holds what the home page no longer says in full: how the board reads its figures', async () => {
    const page = await screens.desktop.context.newPage()
    page.setDefaultTimeout(15_000)
    await page.goto(`${base}/about#reading-the-board`)
    const point = page.locator('#reading-the-board')
    await point.waitFor()
    const text = await point.innerText()
    assert.match(text, /throughput at the latency SLA/)
    assert.match(text, /since the series' last change point/)
    assert.match(text, /no honest order/)
    await page.close()
  })
})
