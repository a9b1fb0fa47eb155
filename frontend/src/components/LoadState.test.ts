// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mount } from '@vue/test-utils'
import LoadState from './LoadState.vue'

afterEach(() => vi.useRealTimers())

describe('LoadState', () => {
  it('says a load is taking too long after 15 s, and "Try again" retries it', async () => {
    vi.useFakeTimers()
    const onRetry = vi.fn()
    const wrapper = mount(LoadState, { props: { loading: true, onRetry } })
    expect(wrapper.text()).toBe('Loading…')
    vi.advanceTimersByTime(14_900)
    await wrapper.vm.$nextTick()
    expect(wrapper.text()).toBe('Loading…')
    vi.advanceTimersByTime(200)
    await wrapper.vm.$nextTick()
    expect(wrapper.get('[role="alert"]').text()).toMatch(/^Still loading after 15 s/)
    await wrapper.get('button').trigger('click')
    expect(onRetry).toHaveBeenCalledTimes(1)
    expect(wrapper.text()).toBe('Loading…') // the retry starts the clock again
  })

  it('offers "Try again" with an error only when the view can retry', async () => {
    const onRetry = vi.fn()
    const withRetry = mount(LoadState, {
      props: { error: 'the results service did not answer in time (504)', onRetry },
    })
    expect(withRetry.get('[role="alert"]').text()).toMatch(/^Could not load this: the results service did not answer/)
    await withRetry.get('button').trigger('click')
    expect(onRetry).toHaveBeenCalledTimes(1)
    const without = mount(LoadState, { props: { error: 'not found' } })
    expect(without.find('button').exists()).toBe(false)
  })

  it('says what is missing when empty, never an operator command', () => {
    const wrapper = mount(LoadState, { props: { empty: true } })
    expect(wrapper.text()).toBe('No results have been published here yet.')
    expect(wrapper.text()).not.toMatch(/make run/)
  })
})
