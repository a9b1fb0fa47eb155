// @vitest-environment happy-dom
// The board's table renders what a first screen shows first: the first rows at once and the others after the first
// paint, the columns behind "Show every column" only when asked; the rows and their cells are the same in the end.
import { describe, expect, it } from 'vitest'
import { mount, RouterLinkStub } from '@vue/test-utils'
import type { Leaderboard } from '../../api/types'
import { row } from '../../charts/options/fixtures'
import BoardTable from './BoardTable.vue'

/** A board of `n` ranked rows, best first. */
function board(n: number): Leaderboard {
  const rows = Array.from({ length: n }, (_, i) =>
    row({ rank: i + 1, framework: `Framework ${i + 1}`, slaThroughput: 100_000 - i * 1000, repeatCount: 3 + i }),
  )
  return { rows, rank: 'throughput', vcpus: 2 } as unknown as Leaderboard
}

function table(n: number) {
  return mount(BoardTable, {
    props: { board: board(n), scenario: 'plaintext', sort: undefined },
    global: { stubs: { RouterLink: RouterLinkStub } },
  })
}

const names = (w: ReturnType<typeof table>) => w.findAll('tbody .fw-name').map((e) => e.text())
/** Resolves after the next frames and a task: when afterPaint's work has run. */
const painted = () =>
  new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 10))))

describe('BoardTable', () => {
  it('renders the first ten rows at once and all twenty, in rank order, once the first is painted', async () => {
    const w = table(20)
    expect(names(w)).toEqual(Array.from({ length: 10 }, (_, i) => `Framework ${i + 1}`))
    await painted()
    expect(names(w)).toEqual(Array.from({ length: 20 }, (_, i) => `Framework ${i + 1}`))
    // the first row's cells keep their Element Timing mark
    expect(w.findAll('tbody tr')[0].findAll('[elementtiming="first-row"]')).toHaveLength(3)
  })

  it('leaves the columns behind "Show every column" out until it is ticked, then shows them on every row', async () => {
    const w = table(3)
    await painted()
    expect(w.findAll('thead [data-sort]').map((b) => b.attributes('data-sort'))).toEqual([
      'rank',
      'framework',
      'sla',
      'p90',
    ])
    expect(w.findAll('tbody td.repeats')).toHaveLength(0)
    await w.get('caption input[type="checkbox"]').setValue(true)
    expect(w.findAll('thead [data-sort="repeats"]')).toHaveLength(1)
    expect(w.findAll('tbody td.repeats').map((c) => c.text())).toEqual(['3', '4', '5'])
    expect(w.findAll('tbody tr')[0].findAll('td').length).toBeGreaterThan(15)
  })
})
