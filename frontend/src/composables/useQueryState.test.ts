// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { defineComponent, h, nextTick } from 'vue'
import { mount } from '@vue/test-utils'
import { createMemoryHistory, createRouter } from 'vue-router'
import { leaderboardSchema } from '../lib/query'
import { useQueryState, type QueryState } from './useQueryState'

async function setup(url: string) {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [{ path: '/leaderboard/:scenario', component: { render: () => null } }],
  })
  await router.push(url)
  let state!: QueryState<typeof leaderboardSchema>
  const Probe = defineComponent({
    setup() {
      state = useQueryState(leaderboardSchema)
      return () => h('div')
    },
  })
  mount(Probe, { global: { plugins: [router] } })
  await router.isReady()
  return { router, state: () => state }
}

describe('useQueryState', () => {
  it('restores filters from a shared URL', async () => {
    const { state } = await setup('/leaderboard/json?vcpus=2&ioModel=blocking&sla=50')
    expect(state().values.value).toMatchObject({ vcpus: 2, ioModel: 'blocking', sla: 50, loadModel: 'closed' })
  })
  it('writes a change into the URL, keeping other filters and dropping defaults', async () => {
    const { router, state } = await setup('/leaderboard/json?vcpus=2')
    await state().update({ ioModel: 'virtual-threads', sla: 200 })
    await nextTick()
    expect(router.currentRoute.value.fullPath).toBe('/leaderboard/json?vcpus=2&ioModel=virtual-threads')
    await state().update({ vcpus: undefined })
    expect(router.currentRoute.value.query).toEqual({ ioModel: 'virtual-threads' })
  })
  it('clears every filter', async () => {
    const { router, state } = await setup('/leaderboard/json?vcpus=2&jvmMajor=21')
    await state().reset()
    expect(router.currentRoute.value.fullPath).toBe('/leaderboard/json')
  })
})
