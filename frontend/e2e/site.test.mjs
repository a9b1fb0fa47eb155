// Browser tests of the leaderboard site against the real backend seeded by run.mjs.
/* eslint-disable max-lines -- over 400 lines on purpose: the pages a visitor walks through in one browser, launched
   once for them all (a file of its own launches its own Chromium); pages with a seed of their own have their files
   (board, warmup, ...). */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, test } from 'node:test'
import {
  ALLOCATION,
  COST,
  EXPECTED_PLAINTEXT_ORDER,
  GC,
  HISTORY_RUN_ID,
  LATEST_RUN_ID,
  MINOR_FAULTS,
  XSS_NAME,
} from './seed.mjs'
import { base } from './base.mjs'
import { browserFor } from './devices.mjs'
import { columnTexts } from './leaderboard.mjs'

const browser = browserFor()
let dialogs = 0

async function open(path) {
  const page = await browser.context.newPage()
  page.setDefaultTimeout(15_000)
  page.on('dialog', async (d) => {
    dialogs++
    await d.dismiss()
  })
  await page.goto(`${base}${path}`)
  return page
}

const frameworks = (page) => page.locator('#leaderboard-table tbody .fw-name').allTextContents()
const ranks = (page) => page.locator('#leaderboard-table tbody tr td:first-child').allTextContents()
async function tableSettled(page, expectedRows) {
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('#leaderboard-table tbody tr').length === n &&
      !document.body.textContent.includes('Updating…'),
    expectedRows,
  )
}

describe('leaderboard', () => {
  test('renders the frameworks in figure order with the rank ranges of the comparison engine', async () => {
    const page = await open('/leaderboard/plaintext')
    await tableSettled(page, EXPECTED_PLAINTEXT_ORDER.length)
    assert.deepEqual(await frameworks(page), EXPECTED_PLAINTEXT_ORDER)
    assert.deepEqual(
      (await ranks(page)).map((r) => r.replace('(rank range)', '').trim()),
      ['1', '2–3', '2–3', '4', '5'],
    )
    await page.close()
  })

  test('shows a framework name containing HTML as text', async () => {
    const page = await open('/leaderboard/plaintext')
    await tableSettled(page, EXPECTED_PLAINTEXT_ORDER.length)
    const cell = page.locator('#leaderboard-table tbody .fw-name', { hasText: XSS_NAME })
    assert.equal(await cell.textContent(), XSS_NAME)
    assert.equal(await page.locator('#leaderboard-table img').count(), 0)
    assert.equal(dialogs, 0)
    // the chart's HTML tooltip shows it as text too: hover along the last bar until the tooltip names it (a fifth of
    // the way in: past the names on the axis, within the shortest bar, whether the filters stand beside the chart or not)
    const chart = page.locator('.chart svg').first()
    await chart.scrollIntoViewIfNeeded()
    const box = await chart.boundingBox()
    const tip = () =>
      page.evaluate(() => [...document.querySelectorAll('.chart div')].map((d) => d.textContent).join(' '))
    for (let y = box.height * 0.55; y < box.height - 30 && !(await tip()).includes(XSS_NAME); y += 5) {
      await page.mouse.move(box.x + box.width * 0.2, box.y + y)
      await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))) // tooltip drawn
    }
    assert.ok((await tip()).includes(XSS_NAME), 'the tooltip named the framework')
    assert.equal(await page.locator('.chart img').count(), 0)
    assert.equal(dialogs, 0)
    await page.close()
  })

  test('a filter changes the URL and the table', async () => {
    const page = await open('/leaderboard/plaintext')
    await tableSettled(page, EXPECTED_PLAINTEXT_ORDER.length)
    await page.locator('select[name=ioModel]').selectOption('blocking')
    await page.waitForURL(/ioModel=blocking/)
    await tableSettled(page, 2)
    assert.deepEqual(await frameworks(page), ['Spring MVC', XSS_NAME])
    await page.close()
  })

  test('the SLA is adjustable', async () => {
    const page = await open('/leaderboard/plaintext?ioModel=blocking')
    await tableSettled(page, 2)
    const spring = page.locator('#leaderboard-table tbody tr', { hasText: 'Spring MVC' }).locator('td').nth(3)
    assert.match(await spring.textContent(), /50,000\s*@256/)
    await page.locator('input[name=sla]').fill('500')
    await page.locator('input[name=sla]').press('Tab')
    await page.waitForURL(/sla=500/)
    // the SLA column of the first row (Spring MVC) moves to its 1024-connection cell, p90 300 ms < 500 ms
    await page.waitForFunction(() =>
      /60,000\s*@1024/.test(document.querySelectorAll('#leaderboard-table tbody tr td')[3]?.textContent ?? ''),
    )
    assert.match(await spring.textContent(), /60,000\s*@1024/)
    await page.close()
  })

  test('downloads the table as CSV', async () => {
    const page = await open('/leaderboard/plaintext')
    await tableSettled(page, EXPECTED_PLAINTEXT_ORDER.length)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Download CSV/ }).click(),
    ])
    assert.equal(download.suggestedFilename(), 'podium-leaderboard-plaintext.csv')
    const lines = readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\r\n')
    assert.match(lines[0], /^rank,rank_high,tied,framework,framework_version,io_model,sla_throughput/)
    assert.deepEqual(
      lines.slice(1).map((l) => l.split(',')[3]),
      EXPECTED_PLAINTEXT_ORDER,
    )
    await page.close()
  })

  test('the date range keeps older runs only', async () => {
    const page = await open('/leaderboard/plaintext')
    await tableSettled(page, EXPECTED_PLAINTEXT_ORDER.length)
    await page.locator('input[name=to]').fill('2026-11-05')
    await page.locator('input[name=to]').press('Tab')
    await page.waitForURL(/to=2026-11-05/)
    await tableSettled(page, 1)
    assert.deepEqual(await frameworks(page), ['Netty'])
    // the figure pools Netty's five runs up to 2026-11-05 (no change point among them): the mean of their figures
    assert.match(await page.locator('#leaderboard-table tbody tr td').nth(3).textContent(), /134,900/)
    await page.close()
  })

  test('a shared URL restores the view', async () => {
    const page = await open(`/leaderboard/plaintext?ioModel=blocking&sla=500`)
    await tableSettled(page, 2)
    assert.equal(await page.locator('select[name=ioModel]').inputValue(), 'blocking')
    assert.equal(await page.locator('input[name=sla]').inputValue(), '500')
    assert.deepEqual(await frameworks(page), ['Spring MVC', XSS_NAME])
    await page.close()
  })

  test('scenario tabs switch the table', async () => {
    const page = await open('/leaderboard/plaintext')
    await tableSettled(page, EXPECTED_PLAINTEXT_ORDER.length)
    await page.getByRole('navigation', { name: 'Scenario' }).getByRole('link', { name: 'json', exact: true }).click()
    await page.waitForURL(/\/leaderboard\/json/)
    await tableSettled(page, 2)
    assert.deepEqual(await frameworks(page), ['Netty', 'Spring MVC'])
    await page.close()
  })
})

describe('states', () => {
  test('a scenario without runs says what is missing and why, without an operator command', async () => {
    const page = await open('/leaderboard/db')
    await page.getByText('No run published here measured db yet').waitFor()
    const text = await page.locator('.state').textContent()
    assert.match(text, /database scenarios need a PostgreSQL beside the target/)
    assert.doesNotMatch(text, /make run|podium-agent|--[a-z]|PODIUM_/)
    await page.close()
  })

  test('an answer the service rejects is explained in words', async () => {
    const page = await open('/leaderboard/plaintext?vcpus=0')
    await page.locator('.state.error').waitFor()
    assert.match(
      await page.locator('.state.error').textContent(),
      /Could not load this: request rejected \(400\).*vcpus/,
    )
    await page.close()
  })
})

describe('run page', () => {
  test('verifies a good signature in the browser', async () => {
    const page = await open(`/runs/${LATEST_RUN_ID}`)
    const button = page.getByRole('button', { name: 'Verify signature' })
    await page.waitForFunction(() => !document.querySelector('button.primary')?.disabled)
    await button.click()
    await page.locator('#verify-result', { hasText: 'verified' }).waitFor()
    assert.match(await page.locator('#verify-result').textContent(), /✔ verified/)
    assert.match(await page.locator('#envelope').textContent(), /application\/vnd\.podium\.run\.v2\+json/)
    await page.close()
  })

  test('flags a tampered envelope', async () => {
    const page = await browser.context.newPage()
    await page.route(`**/api/runs/${LATEST_RUN_ID}`, async (route) => {
      const response = await route.fetch()
      const run = await response.json()
      const env = JSON.parse(run.envelope)
      const payload = Buffer.from(env.payload, 'base64').toString('utf8').replace('120000', '999999')
      env.payload = Buffer.from(payload, 'utf8').toString('base64')
      run.envelope = JSON.stringify(env)
      await route.fulfill({ response, json: run })
    })
    await page.goto(`${base}/runs/${LATEST_RUN_ID}`)
    await page.waitForFunction(() => !document.querySelector('button.primary')?.disabled)
    await page.getByRole('button', { name: 'Verify signature' }).click()
    await page.locator('#verify-result', { hasText: 'NOT' }).waitFor()
    assert.match(await page.locator('#verify-result').textContent(), /signature does NOT match/)
    await page.close()
  })
})

describe('run page, swapped envelope', () => {
  test('a valid signature over another run is not shown as verified', async () => {
    const other = await (await fetch(`${base}/api/runs/${HISTORY_RUN_ID}`)).json()
    const page = await browser.context.newPage()
    await page.route(`**/api/runs/${LATEST_RUN_ID}`, async (route) => {
      const response = await route.fetch()
      const run = await response.json()
      run.envelope = other.envelope
      await route.fulfill({ response, json: run })
    })
    await page.goto(`${base}/runs/${LATEST_RUN_ID}`)
    await page.waitForFunction(() => !document.querySelector('button.primary')?.disabled)
    await page.getByRole('button', { name: 'Verify signature' }).click()
    await page.locator('#verify-result', { hasText: 'not this run' }).waitFor()
    assert.match(
      await page.locator('#verify-result').textContent(),
      new RegExp(`signs run ${HISTORY_RUN_ID}, not this run`),
    )
    await page.close()
  })
})

describe('compare', () => {
  test('two cells of two runs, picked from a run page, give a ratio and a verdict in words', async () => {
    const page = await open(`/runs/${LATEST_RUN_ID}`)
    await page
      .getByRole('link', { name: /compare cell \d+ \(Netty, 256 connections\)/ })
      .first()
      .click()
    await page.waitForURL(/\/compare\?.*mode=cells/)
    await page.locator('input[placeholder="run id"]').nth(1).fill(HISTORY_RUN_ID)
    await page.locator('input[placeholder="run id"]').nth(1).press('Tab')
    await page.waitForURL(/runB=/)
    const cellB = page.getByLabel('Cell of run B')
    await page.waitForFunction(() => document.querySelectorAll('select')[1]?.options.length > 1)
    await cellB.selectOption({ index: 1 })
    await page.locator('#compare-verdict').waitFor()
    // A = Netty now (120,000 req/s), B = Netty on 2026-11-05 (135,500): B / A = 1.13, two runs apart, within the
    // host's drift between runs: the engine cannot tell them apart, and the page says so
    assert.match(await page.locator('#compare-verdict').textContent(), /cannot tell/)
    assert.equal((await page.locator('#compare-outcome').textContent()).trim(), 'cannot tell')
    assert.match(await page.locator('.figure').first().textContent(), /1\.13×/)
    await page.close()
  })
})

describe('calculator', () => {
  test('shows servers needed with and without the move, with the ratio from the leaderboard', async () => {
    const q = new URLSearchParams({
      scenario: 'plaintext',
      from: 'Spring MVC|blocking',
      to: 'Netty|non-blocking',
      servers: '10',
      current: '10000',
      required: '30000',
    })
    const page = await open(`/calculator?${q}`)
    await page.locator('#servers-without').waitFor()
    // R = 120,000 / 50,000 = 2.4: per server 1,000 -> 2,400; system 24,000
    assert.equal(await page.locator('#servers-without').textContent(), '20')
    assert.equal(await page.locator('#servers-with').textContent(), '3')
    assert.equal(await page.locator('#servers-saved').textContent(), '17')
    assert.match(await page.locator('#ratio-source').textContent(), /2\.40×[\s\S]*from the leaderboard/)
    // the page computes in the browser: it must agree with the service's own /api/calculator
    const api = await (
      await fetch(
        `${base}/api/calculator?scenario=plaintext&from=Spring%20MVC&fromIoModel=blocking&to=Netty&toIoModel=non-blocking&servers=10&current=10000&required=30000`,
      )
    ).json()
    assert.deepEqual(
      [api.ratio, api.apis[0].serversToAddWithout, api.apis[0].serversToAddWith, api.apis[0].serversSaved],
      [2.4, 20, 3, 17],
    )
    // the servers saved at both ends of the board's interval of the ratio, as the service's engine gives them
    const range = page.locator('#servers-saved-range')
    await range.waitFor()
    const ends = `${api.serversSavedLow ?? '?'} to ${api.serversSavedHigh ?? 'more'}`
    assert.ok((await range.textContent()).replace(/\s+/g, ' ').includes(ends), `${await range.textContent()} / ${ends}`)
    assert.equal(
      /cannot tell/.test(await range.textContent()),
      api.verdict.outcome === 'cannot-tell',
      'the page says "cannot tell" exactly when the engine does',
    )
    // a user-entered ratio replaces it
    await page.locator('input[name=ratio]').fill('1.27')
    await page.locator('input[name=ratio]').press('Tab')
    await page.waitForURL(/ratio=1.27/)
    await page.locator('#ratio-source', { hasText: 'entered by you' }).waitFor()
    assert.equal(await page.locator('#servers-with').textContent(), '14') // ceil((30000 - 12700) / 1270)
    assert.equal(await page.locator('#servers-saved').textContent(), '6')
    // a second API: totals add up (API 2: 5,000 -> 30,000 at ratio 1.27: 50 without, ceil(23650 / 635) = 38 with)
    await page.getByRole('button', { name: 'Add an API' }).click()
    await page.waitForURL(/current=10000(%2C|,)10000/)
    await page.locator('input[name=current-1]').fill('5000')
    await page.locator('input[name=current-1]').press('Tab')
    await page.waitForURL(/current=10000%2C5000|current=10000,5000/)
    await page.locator('input[name=required-1]').fill('30000')
    await page.locator('input[name=required-1]').press('Tab')
    await page.waitForURL(/required=30000%2C30000|required=30000,30000/)
    await page.waitForFunction(() => document.querySelector('#servers-without')?.textContent === '70')
    assert.equal(await page.locator('#servers-with').textContent(), '52')
    await page.close()
  })
})

describe('cost', () => {
  test('the cost view lists every target of the v2 run by requests per CPU-second and marks the frontier', async () => {
    const page = await open('/cost?scenario=plaintext')
    await page.waitForFunction(() => document.querySelectorAll('#cost-table tbody tr').length === 5)
    const names = await page.locator('#cost-table tbody th').allTextContents()
    // the seed's requests per CPU-second: Netty 70,000, Undertow 65,000, Helidon SE 60,000, Spring MVC 35,800, the XSS name 30,000
    assert.deepEqual(
      names.map((n) => n.replace(/ \(.*\)$/, '')),
      ['Netty', 'Undertow', 'Helidon SE', 'Spring MVC', XSS_NAME],
    )
    const netty = page.locator('#cost-table tbody tr[data-framework="Netty"]')
    assert.match(await netty.textContent(), /70,000/)
    // allocation and the GC share beside CPU per request
    assert.equal((await netty.locator('td.cost-allocation').textContent()).trim(), `${ALLOCATION.Netty} B`)
    assert.equal((await netty.locator('td.cost-gc').textContent()).trim(), `${(GC.gcCpuShare * 100).toFixed(2)}%`)
    // Netty: the most requests per CPU-second and the most req/s, so on the CPU frontier; Undertow (200 MB for
    // 89,500 req/s: 2.23 MB per 1,000) uses the least memory per request, so on the memory frontier
    assert.match(await netty.locator('td').last().textContent(), /CPU/)
    assert.match(
      await page.locator('#cost-table tbody tr[data-framework="Undertow"] td').last().textContent(),
      /memory/,
    )
    assert.equal((await page.locator('.chart svg').count()) >= 2, true)
    assert.equal(dialogs, 0)
    await page.close()
  })

  test('the leaderboard ranks by requests per CPU-second when asked and shows the repeats behind each figure', async () => {
    const page = await open('/leaderboard/plaintext')
    await tableSettled(page, EXPECTED_PLAINTEXT_ORDER.length)
    // Netty's figure pools its five runs before the latest, whose step waits for confirmation: 25 repeats
    assert.deepEqual(await columnTexts(page, 'repeats'), ['25', '5', '5', '5', '5'])
    await page.locator('select[name="basis"]').selectOption('latest')
    await page.waitForURL(/basis=latest/)
    await page.waitForFunction(() => document.querySelector('#leaderboard-table tbody td.repeats')?.textContent === '5')
    assert.match(await page.locator('#leaderboard-table tbody tr td').nth(3).textContent(), /120,000/)
    await page.locator('select[name="basis"]').selectOption('segment')
    await page.waitForURL((u) => !u.search.includes('basis='))
    await page.locator('select[name="rank"]').selectOption('cpu')
    await page.waitForURL(/rank=cpu/)
    await page.waitForFunction(
      () =>
        document.querySelector('#leaderboard-table tbody .fw-name')?.textContent === 'Netty' &&
        document.querySelectorAll('#leaderboard-table tbody .fw-name')[1]?.textContent === 'Undertow',
    )
    assert.deepEqual(await frameworks(page), ['Netty', 'Undertow', 'Helidon SE', 'Spring MVC', XSS_NAME])
    await page.close()
  })

  test("the run page shows the host settings and each cell's cost", async () => {
    const page = await open(`/runs/${LATEST_RUN_ID}`)
    await page.locator('#host-settings').waitFor()
    const settings = await page.locator('#host-settings').textContent()
    assert.match(settings, /governor\s*performance/)
    assert.match(settings, /somaxconn\s*4096/)
    const cpu = await page.locator('#cells-table tbody tr td.cost-cpu').allTextContents()
    assert.equal(cpu[0].trim(), `${COST.nginx[0].toLocaleString('en-US')}`)
    // allocation and GC beside CPU per request, for the JVM cells only (nginx records none)
    const gcRows = page.locator('#gc-table tbody tr')
    const netty = gcRows.filter({ hasText: 'Netty' }).first()
    assert.equal((await netty.locator('td.gc-cpu').textContent()).trim(), `${(1e6 / COST.Netty[0]).toFixed(1)} µs`)
    assert.equal((await netty.locator('td.gc-allocated').textContent()).trim(), `${ALLOCATION.Netty} B`)
    assert.equal((await netty.locator('td.gc-share').textContent()).trim(), `${(GC.gcCpuShare * 100).toFixed(2)}%`)
    assert.equal((await netty.locator('td.gc-pause').textContent()).trim(), `${GC.gcPauseMaxMs.toFixed(1)} ms`)
    assert.equal(await gcRows.filter({ hasText: 'nginx' }).count(), 0)
    // a declared figure shown by its label alone (lib/figures.ts): every repeat's minor faults per request
    const faults = page.locator('section[aria-labelledby="repeats-title"] td.figure-minorFaultsPerRequest')
    assert.ok((await faults.count()) > 0)
    assert.deepEqual(new Set((await faults.allTextContents()).map((t) => t.trim())), new Set([MINOR_FAULTS.toFixed(3)]))
    await page.close()
    const old = await open(`/runs/${HISTORY_RUN_ID}`)
    await old.getByText('Not recorded').waitFor()
    await old.close()
  })
})

describe('history by version', () => {
  test('the axis toggle reads Netty by framework release, not by date, and keeps it in the URL', async () => {
    const page = await open('/history?scenario=plaintext&target=Netty%7Cnon-blocking')
    const column = (n) => page.locator('.table-wrap tbody tr').locator(`td:nth-child(${n})`).allTextContents()
    await page.getByText('Latest 8 of 8 points').waitFor()
    // by date, newest first: the run on host B (2026-10-20) is the oldest
    assert.match((await column(1))[7], /^2026-10-20/)
    const byVersion = page.waitForResponse(
      (r) => r.url().includes('/api/history?') && r.url().includes('orderBy=version'),
    )
    await page.getByRole('radio', { name: 'version' }).check()
    await byVersion
    await page.getByText('8 of 8 points, oldest release first').waitFor()
    assert.match(page.url(), /axis=version/)
    assert.deepEqual(await column(4), ['4.2.6.Final', '4.2.6.Final', ...Array(6).fill('4.2.7.Final')])
    // within 4.2.7.Final, oldest run first: host B's run of 2026-10-20 comes after the 4.2.6 runs of November
    assert.deepEqual(
      (await column(1)).slice(0, 3).map((d) => d.slice(0, 10)),
      ['2026-11-01', '2026-11-02', '2026-10-20'],
    )
    assert.equal(await page.locator('[aria-label*="by framework version"]').count(), 1)
    await page.goBack()
    await page.getByText('Latest 8 of 8 points').waitFor()
    assert.equal(await page.getByRole('radio', { name: 'date' }).isChecked(), true)
    await page.close()
  })
})

describe('other views', () => {
  for (const [path, text] of [
    ['/scaling?scenario=plaintext', 'Scaling points'],
    ['/latency?scenario=plaintext', 'Latency by concurrency'],
    ['/history?scenario=plaintext&target=Netty%7Cnon-blocking', 'regression'],
    ['/compare?scenario=plaintext&a=Spring%20MVC%7Cblocking&b=Netty%7Cnon-blocking', 'Ratio B / A'],
    ['/runs', 'Runs 1–10 of 10'],
    ['/cost?scenario=plaintext', 'Cost per framework'],
  ]) {
    test(`${path} renders its data`, async () => {
      const page = await open(path)
      await page.getByText(text).first().waitFor()
      const errors = await page.locator('.state.error').allTextContents()
      assert.deepEqual(errors, [])
      await page.close()
    })
  }
})

describe('history regression check', () => {
  test('says that it tests the newest run against the spread of the runs before it, and shows that evidence', async () => {
    const page = await open('/history?scenario=plaintext&target=Netty%7Cnon-blocking')
    const alert = page.locator('.state.alert')
    await alert.waitFor()
    assert.match(
      await page.locator('#regression-rule').textContent(),
      /more than 5% below the median of the previous 5 runs\s+and below what their run-to-run spread predicts/,
    )
    // host A: five runs near 135,000 req/s spreading 0.4% from run to run, then 120,000
    assert.match(
      await alert.textContent(),
      /-11\.0% against the median 134,900 req\/s of the previous 5 runs; run-to-run sd \d{3} req\/s \(0\.\d%\), 95% lower prediction bound 13\d,\d{3} req\/s, t = -\d+\.\d\d, df = 4, one-sided p < 0\.001: regression/,
    )
    await page.close()
  })
})

describe('changes', () => {
  test("the changes page lists Netty's step with its evidence, the runs either side and the feed of the filter", async () => {
    const page = await open('/changes?target=Netty%7Cnon-blocking&metric=throughput')
    const row = page.locator('#changes-table tbody tr').first()
    await row.waitFor()
    const text = await row.textContent()
    // five runs near 134,900 req/s, 300 apart, then 120,000: -11.0%
    assert.match(text, /Netty/)
    assert.match(text, /−11\.0%/)
    // the evidence: the p of the runs' t-test with its magnitude, the step in run-to-run standard deviations, each
    // segment's mean, interval, runs and spread (the five runs spread about 0.35%; the newest segment is one run)
    assert.match(await row.locator('.p-value').textContent(), /^\d\.\de−\d+$/)
    assert.match(await row.locator('.effect-size').textContent(), /^d = −\d\d\.\d$/)
    assert.match(await row.locator('.segment.before .mean').textContent(), /^134,9\d\d req\/s$/)
    assert.match(
      await row.locator('.segment.before .interval').textContent(),
      /–.* · over 5 runs: spans several JVM starts$/,
    )
    assert.match(await row.locator('.segment.before .spread').textContent(), /^sd \d{3} req\/s \(0\.[34]%\)$/)
    assert.match(await row.locator('.segment.after .mean').textContent(), /^120,\d{3} req\/s$/)
    assert.match(
      await row.locator('.segment.after .interval').textContent(),
      /–.* · over one run’s repeats: between-start noise not included$/,
    )
    assert.equal(await row.locator('.segment.after .spread').textContent(), 'sd one run')
    assert.equal(await row.locator(`a[href="/runs/${LATEST_RUN_ID}"]`).count(), 1)
    assert.equal(await row.locator(`a[href="/runs/${HISTORY_RUN_ID}"]`).count(), 1)
    const feed = await page.locator('#changes-feed').getAttribute('href')
    assert.match(feed, /^\/api\/changes\.atom\?/)
    assert.match(feed, /framework=Netty/)
    const atom = await (await fetch(`${base}${feed}`)).text()
    assert.match(atom, /<entry>/)
    // a regression filter keeps it, an improvement filter does not
    await page.locator('select[name=direction]').selectOption('improvement')
    await page.waitForURL(/direction=improvement/)
    // a filter is set: the page says so, and what a series needs before a change can be found
    const empty = page.locator('main .state', { hasText: 'No change point matches these filters.' })
    await empty.waitFor()
    assert.match(await empty.textContent(), /A change is found in a series .* at least 4 runs, 3 before the change/)
    assert.equal(await page.locator('#changes-table').count(), 0)
    await page.close()
  })

  test('the history chart marks the change point of the series with a step', async () => {
    const page = await open('/history?scenario=plaintext&target=Netty%7Cnon-blocking')
    await page.locator('#history-changes li').first().waitFor()
    assert.match(await page.locator('#history-changes').textContent(), /−11\.0%/)
    const labels = await page.locator('.chart').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))
    assert.ok(
      labels.some((l) => /1 change point and regressions marked/.test(l)),
      labels.join(' | '),
    )
    await page.close()
  })

  test('the compare view diffs any two runs cell by cell', async () => {
    const page = await open(`/compare?mode=cells&runA=${HISTORY_RUN_ID}&runB=${LATEST_RUN_ID}`)
    // Netty 256 conn. 2 vCPU: 135,500 -> 120,000 req/s, -11.4% between two runs of one start each: within the host's
    // drift between runs, so the engine does not call it a move, and the page says why
    await page.locator('#run-diff-none').waitFor()
    assert.match(await page.locator('#run-diff-none').textContent(), /host’s drift/)
    assert.equal(await page.locator('#run-diff-table').count(), 0)
    assert.match(await page.locator('#run-diff-fields').textContent(), /frameworkVersion:Helidon SE/)
    await page.close()
  })
})

describe('content security policy', () => {
  test('every view renders under the policy the service sends, with no violation', async () => {
    for (const path of [
      '/?scenario=plaintext',
      '/scaling?scenario=plaintext',
      '/latency?scenario=plaintext',
      `/runs/${LATEST_RUN_ID}`,
      '/compare?scenario=plaintext&a=Spring%20MVC%7Cblocking&b=Netty%7Cnon-blocking',
      '/frameworks/netty',
    ]) {
      const page = await browser.context.newPage()
      page.setDefaultTimeout(15_000)
      const violations = []
      page.on('console', (m) => {
        if (/Content[- ]Security[- ]Policy/i.test(m.text())) violations.push(m.text())
      })
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI}`),
        )
      })
      const response = await page.goto(`${base}${path}`)
      assert.match(response.headers()['content-security-policy'] ?? '', /script-src 'self';/)
      await page.locator('main').first().waitFor()
      await page.waitForLoadState('networkidle')
      assert.deepEqual(violations, [], path)
      await page.close()
    }
  })
})
