// At a phone's 390 px, the run, history, scaling and latency tables keep every number on screen (rows become labelled
// cards, their captions read in lines across them), every filter picker shows its whole choice, the cost charts fit
// the screen, and an empty scenario says why it is empty with a command that works.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { launch } from './browser.mjs'
import { LATEST_RUN_ID } from './seed.mjs'
import { base } from './base.mjs'
import { browserFor } from './devices.mjs'

const WIDTH = 390

const browser = browserFor(() =>
  launch({ width: WIDTH, height: 844 }, { isMobile: true, hasTouch: true, deviceScaleFactor: 2 }),
)

/** Every table cell showing a digit, with where it is; the page's own width. */
async function numbers(page) {
  return page.evaluate(() => ({
    pageWidth: document.documentElement.scrollWidth,
    cells: [...document.querySelectorAll('main table tbody td')]
      .filter((td) => /\d/.test(td.textContent ?? '') && td.getClientRects().length > 0)
      .map((td) => {
        const r = td.getBoundingClientRect()
        const wrap = td.closest('.table-wrap')?.getBoundingClientRect()
        return {
          text: (td.textContent ?? '').trim(),
          left: r.left,
          right: r.right,
          wrapRight: wrap ? wrap.right : r.right,
        }
      }),
  }))
}

for (const [path, table] of [
  [`/runs/${LATEST_RUN_ID}`, '#cells-table'],
  ['/history?scenario=plaintext&target=Netty%7Cnon-blocking', 'main table'],
  ['/scaling?scenario=plaintext', 'main table'],
  ['/latency?scenario=plaintext', 'main table'],
]) {
  test(`${path} at ${WIDTH} px: no number off-screen`, async () => {
    const page = await browser.context.newPage()
    page.setDefaultTimeout(15_000)
    await page.goto(`${base}${path}`)
    await page.locator(`${table} tbody tr`).first().waitFor()
    await page.locator('details:has(table)').evaluateAll((ds) => ds.forEach((d) => (d.open = true)))
    const { pageWidth, cells } = await numbers(page)
    assert.ok(cells.length > 3, `${path}: numbers found ${cells.length}`)
    const off = cells.filter((c) => c.left < 0 || c.right > WIDTH + 0.5 || c.right > c.wrapRight + 0.5)
    assert.deepEqual(off, [], `${path}: cells off-screen`)
    assert.ok(pageWidth <= WIDTH, `${path}: the page is ${pageWidth} px wide`)
    // each card says what its numbers are
    const label = await page.locator(`${table} tbody td`).first().getAttribute('data-label')
    assert.ok(label && label.length > 0, `${path}: cells carry their column's name`)
    // a caption reads in lines across the cards, not one word a line in a narrow column
    for (const c of await captions(page)) {
      assert.ok(c.width >= c.tableWidth * 0.9, `${path}: caption "${c.text}" ${c.width} px of ${c.tableWidth}`)
      assert.ok(c.lines <= 2, `${path}: caption "${c.text}" on ${c.lines} lines`)
    }
    await page.close()
  })
}

/** Each shown table caption of the page: its words, its width against its table's, the lines it takes. */
function captions(page) {
  return page.locator('main table caption').evaluateAll((cs) =>
    cs
      .filter((c) => c.getClientRects().length > 0)
      .map((c) => {
        const range = document.createRange()
        range.selectNodeContents(c)
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)))
        return {
          text: c.textContent.trim().replace(/\s+/g, ' '),
          width: Math.round(c.getBoundingClientRect().width),
          tableWidth: Math.round(c.closest('table').getBoundingClientRect().width),
          lines: tops.size,
        }
      }),
  )
}

test('a scenario the quick profile does not measure says so, without an operator command', async () => {
  const page = await browser.context.newPage()
  page.setDefaultTimeout(15_000)
  await page.goto(`${base}/latency?scenario=proxy`)
  const state = page.locator('.state', { hasText: 'proxy' })
  await state.waitFor()
  const text = await state.textContent()
  assert.match(text, /No run published here measured proxy yet: the quick profile measures plaintext only/)
  assert.doesNotMatch(text, /make run|podium-agent|--[a-z]|PODIUM_/)
  await page.close()
})

/** Each filter picker's width against the width its chosen option needs (measured on a copy holding that option). */
async function pickers(page) {
  return page.locator('main form select').evaluateAll((selects) =>
    selects
      .filter((s) => s.getClientRects().length > 0)
      .map((s) => {
        const copy = s.cloneNode(false)
        if (s.selectedOptions[0]) copy.appendChild(s.selectedOptions[0].cloneNode(true))
        copy.style.width = 'max-content'
        s.parentElement.appendChild(copy)
        const needs = copy.getBoundingClientRect().width
        copy.remove()
        const label = s.closest('label')?.firstChild?.textContent?.trim() ?? s.name
        return {
          label,
          shows: s.selectedOptions[0]?.textContent?.trim(),
          width: s.getBoundingClientRect().width,
          needs,
        }
      }),
  )
}

for (const path of [
  '/leaderboard/plaintext',
  '/latency',
  '/scaling',
  '/history',
  '/cost',
  '/changes',
  '/calculator',
  '/compare',
]) {
  test(`${path} at ${WIDTH} px: every filter shows its whole choice`, async () => {
    const page = await browser.context.newPage()
    page.setDefaultTimeout(15_000)
    await page.goto(`${base}${path}`)
    await page.locator('main form select').first().waitFor({ state: 'attached' })
    await page.waitForLoadState('networkidle') // the choices come with the data
    await page.locator('details.filter-box').evaluateAll((ds) => ds.forEach((d) => (d.open = true)))
    const all = await pickers(page)
    assert.ok(all.length >= 2, `${path}: pickers found ${all.length}`)
    const cut = all.filter((p) => p.needs > p.width + 0.5 || p.width > WIDTH)
    assert.deepEqual(cut, [], `${path}: choices cut short`)
    await page.close()
  })
}

test(`/cost at ${WIDTH} px: both charts fit the screen, the page does not scroll sideways`, async () => {
  const page = await browser.context.newPage()
  page.setDefaultTimeout(15_000)
  await page.goto(`${base}/cost?scenario=plaintext`)
  await page.locator('.chart svg').nth(1).waitFor()
  const { pageWidth, charts } = await page.evaluate(() => ({
    pageWidth: document.documentElement.scrollWidth,
    charts: [...document.querySelectorAll('.chart')].map((c) => {
      const box = c.getBoundingClientRect()
      const drawn = c.querySelector('svg').getBoundingClientRect()
      return { left: Math.min(box.left, drawn.left), right: Math.max(box.right, drawn.right) }
    }),
  }))
  assert.equal(charts.length, 2, 'the CPU and the memory chart')
  for (const c of charts) assert.ok(c.left >= 0 && c.right <= WIDTH, `a chart spans ${c.left}-${c.right} px`)
  assert.ok(pageWidth <= WIDTH, `the page is ${pageWidth} px wide`)
  await page.close()
})
