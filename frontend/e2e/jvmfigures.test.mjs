// Browser tests of issue 28's JVM figures where a reader looks for them: the board's allocation and GC columns
// (sortable, in its CSV download, folded into the framework's cell on a 390 px phone). The seed's v2 run is the
// default plaintext board: every JVM repeat allocates ALLOCATION[framework] (else 2,048) bytes per request with GC
// at GC.gcCpuShare of the target's CPU; nginx records none.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, test } from 'node:test'
import { fitsWidth, openPage } from './browser.mjs'
import { devices } from './devices.mjs'
import { ALLOCATION, EXPECTED_PLAINTEXT_ORDER, GC } from './seed.mjs'
import { base } from './base.mjs'

const [[, desktop], [, phone]] = devices()
const SHARE = `${(GC.gcCpuShare * 100).toFixed(2)}%`

async function openBoard(browser, path = '/leaderboard/plaintext') {
  const page = await openPage(browser, `${base}${path}`)
  await page.waitForFunction(
    (n) => document.querySelectorAll('#leaderboard-table tbody tr').length === n,
    EXPECTED_PLAINTEXT_ORDER.length,
  )
  return page
}
const names = (page) => page.locator('#leaderboard-table tbody .fw-name').allTextContents()
const rowOf = (page, framework) => page.locator(`#leaderboard-table tbody tr[data-framework="${framework}"]`)

/** RFC 4180 lines to arrays of values (quoted values may hold commas). */
function parseCsv(text) {
  return text
    .trim()
    .split('\r\n')
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((m) => m[1]))
}

describe('the board shows allocation and GC per request', () => {
  test('each JVM row shows its allocation per request and GC share, and sorts by them, least first', async () => {
    const page = await openBoard(desktop())
    // the columns wait behind "Show every column" (the table fits a 1366 px screen without them)
    await page.getByRole('checkbox', { name: 'Show every column' }).check()
    assert.deepEqual(
      await page
        .locator('#leaderboard-table thead [data-sort="alloc"], #leaderboard-table thead [data-sort="gc"]')
        .allTextContents(),
      ['Alloc per req', 'GC CPU'],
    )
    const netty = rowOf(page, 'Netty')
    assert.equal((await netty.locator('td.allocation').textContent()).trim(), `${ALLOCATION.Netty} B`)
    assert.equal((await netty.locator('td.gc-share').textContent()).trim(), SHARE)
    // 9,000 bytes in binary units
    assert.equal((await rowOf(page, 'Spring MVC').locator('td.allocation').textContent()).trim(), '8.8 KiB')
    assert.equal((await rowOf(page, 'Helidon SE').locator('td.allocation').textContent()).trim(), '2.0 KiB')

    await page.locator('#leaderboard-table thead [data-sort="alloc"]').click()
    await page.waitForURL(/sort=alloc/)
    // Netty 400 B first, Spring MVC 9,000 B last; the 2,048 B rows keep their ranking order between them
    const sorted = await names(page)
    assert.equal(sorted[0], 'Netty')
    assert.equal(sorted.at(-1), 'Spring MVC')
    assert.deepEqual(
      sorted.slice(1, -1),
      EXPECTED_PLAINTEXT_ORDER.filter((n) => n !== 'Netty' && n !== 'Spring MVC'),
    )
    await page.close()
  })

  test('the CSV download carries them under the API names, as the service’s CSV does', async () => {
    const page = await openBoard(desktop())
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Download CSV/ }).click(),
    ])
    const site = parseCsv(readFileSync(await download.path(), 'utf8'))
    const api = parseCsv(await (await fetch(`${base}/api/leaderboard?scenario=plaintext&format=csv`)).text())
    for (const table of [site, api]) {
      const [header, ...rows] = table
      const col = (name) => {
        const at = header.indexOf(name)
        assert.ok(at >= 0, `${name} in ${header.join(',')}`)
        const fw = header.indexOf('framework')
        return Object.fromEntries(rows.map((r) => [r[fw], r[at]]))
      }
      const alloc = col('allocated_bytes_per_request')
      const share = col('gc_cpu_share')
      assert.equal(Number(alloc.Netty), ALLOCATION.Netty)
      assert.equal(Number(alloc['Spring MVC']), ALLOCATION['Spring MVC'])
      assert.equal(Number(share.Netty), GC.gcCpuShare)
      assert.equal(col('allocated_bytes_per_request_repeats').Netty, '5')
    }
    await page.close()
  })

  test('on a 390 px phone the columns fold into the framework’s cell, and the page does not scroll sideways', async () => {
    const page = await openBoard(phone())
    const netty = rowOf(page, 'Netty')
    assert.equal(await netty.locator('td.allocation').isVisible(), false)
    const folded = netty.locator('.gc-narrow')
    assert.equal(await folded.isVisible(), true)
    assert.equal(
      (await folded.textContent()).replace(/\s+/g, ' ').trim(),
      `${ALLOCATION.Netty} B per request · GC ${SHARE} of CPU`,
    )
    assert.equal(await fitsWidth(page), true)
    await page.close()
  })
})
