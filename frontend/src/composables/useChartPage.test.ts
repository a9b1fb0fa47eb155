// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { defineComponent, h, nextTick } from 'vue'
import { mount } from '@vue/test-utils'
import { createMemoryHistory, createRouter } from 'vue-router'
import { toCsv } from '../lib/csv'
import { seriesRows, targetQuery, useChartPage } from './useChartPage'

const flush = async () => {
  for (let i = 0; i < 5; i++) await nextTick()
}

interface Point {
  connections: number
  p99: number
}
const schema = {
  scenario: { kind: 'string', default: 'plaintext' },
  target: { kind: 'string' },
  vcpus: { kind: 'int' },
} as const

async function page(url: string, answer: (q: ReturnType<typeof targetQuery> & { vcpus?: number }) => Point[]) {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [{ path: '/latency', component: { render: () => null } }],
  })
  await router.push(url)
  const sent: unknown[] = []
  let state!: ReturnType<typeof setup>
  function setup() {
    return useChartPage({
      schema,
      query: (v) => ({ ...targetQuery(v), vcpus: v.vcpus }),
      fetch: async (q) => {
        sent.push(q)
        return { points: answer(q) }
      },
      skip: (q) => q.scenario === 'none',
      rows: (d) => d.points,
      columns: [
        { header: 'connections', value: (r: Point) => r.connections },
        { header: 'p99Ms', value: (r: Point) => r.p99 },
      ],
      filename: (v) => `podium-latency-${v.scenario}.csv`,
      first: 2,
      step: 2,
    })
  }
  mount(
    defineComponent({
      setup() {
        state = setup()
        return () => h('div')
      },
    }),
    { global: { plugins: [router] } },
  )
  await router.isReady()
  await flush()
  return { router, sent, state: () => state }
}

const points = (n: number) => Array.from({ length: n }, (_, i) => ({ connections: 2 ** i, p99: i + 0.5 }))

describe('useChartPage', () => {
  it('asks the API what the shared URL says, and the CSV holds the rows it answers', async () => {
    const { sent, state } = await page('/latency?scenario=json&target=Javalin|blocking&vcpus=4', () => points(2))
    expect(sent).toEqual([{ scenario: 'json', framework: 'Javalin', ioModel: 'blocking', vcpus: 4 }])
    const { csv, rows } = state()
    expect(rows.value).toHaveLength(2)
    expect(csv.value.filename).toBe('podium-latency-json.csv')
    expect(toCsv(csv.value.rows, csv.value.columns)).toBe('connections,p99_ms\r\n1,0.5\r\n2,1.5\r\n')
  })
  it('a changed filter goes into the URL and fetches again; the other filters stay', async () => {
    const { router, sent, state } = await page('/latency?scenario=json&vcpus=4', () => points(1))
    await state().update({ vcpus: 8 })
    await flush()
    expect(router.currentRoute.value.query).toEqual({ scenario: 'json', vcpus: '8' })
    expect(sent).toHaveLength(2)
    expect(sent[1]).toMatchObject({ scenario: 'json', vcpus: 8 })
    expect(state().loading.value).toBe(false)
  })
  it('the table shows its first rows, more on request; the CSV has every row all along', async () => {
    const { state } = await page('/latency', () => points(5))
    const s = state()
    expect(s.visible.value.map((r) => r.connections)).toEqual([1, 2])
    expect(s.next.value).toBe(2)
    expect(s.csv.value.rows).toHaveLength(5)
    s.more()
    s.more()
    expect(s.visible.value).toHaveLength(5)
    expect(s.next.value).toBe(0)
  })
  it('a failed request shows its message and leaves no rows to download', async () => {
    const { state } = await page('/latency', () => {
      throw new Error('the server had a problem')
    })
    expect(state().error.value).toBe('the server had a problem')
    expect(state().csv.value.rows).toEqual([])
  })
  it('sends no request for a query it is told to skip', async () => {
    const { sent, state } = await page('/latency?scenario=none', () => points(1))
    expect(sent).toEqual([])
    expect(state().rows.value).toEqual([])
  })
})

describe('targetQuery', () => {
  it('splits the target into framework and I/O model, plaintext when no scenario is chosen', () => {
    expect(targetQuery({})).toEqual({ scenario: 'plaintext', framework: undefined, ioModel: undefined })
    expect(targetQuery({ scenario: 'db', target: 'Spring Boot|virtual-threads' })).toEqual({
      scenario: 'db',
      framework: 'Spring Boot',
      ioModel: 'virtual-threads',
    })
    expect(targetQuery({ target: 'Helidon' })).toMatchObject({ framework: 'Helidon', ioModel: undefined })
  })
})

describe('seriesRows', () => {
  it('gives each point its series fields, ordered within its series', () => {
    const series = [
      { framework: 'A', points: [{ connections: 64 }, { connections: 8 }] },
      { framework: 'B', points: [{ connections: 16 }] },
    ]
    expect(
      seriesRows(
        series,
        (s) => ({ framework: s.framework }),
        (a, b) => a.connections - b.connections,
      ),
    ).toEqual([
      { framework: 'A', connections: 8 },
      { framework: 'A', connections: 64 },
      { framework: 'B', connections: 16 },
    ])
    expect(series[0].points[0].connections).toBe(64) // the answer itself is left as it came
  })
})
