// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import DraftInput from './DraftInput.vue'

describe('DraftInput', () => {
  it('keeps half-typed text when the page re-renders, and takes a new value from the URL', async () => {
    const wrapper = mount(DraftInput, { props: { modelValue: 200 }, attrs: { name: 'sla', type: 'number' } })
    const input = wrapper.get('input')
    expect(input.element.value).toBe('200')
    await input.setValue('45')
    await wrapper.setProps({ modelValue: 200 }) // a re-render with the same value (data arrived)
    expect(input.element.value).toBe('45')
    await wrapper.setProps({ modelValue: 500 }) // the URL changed (Back, a shared link)
    expect(input.element.value).toBe('500')
    expect(input.attributes('name')).toBe('sla')
  })
  it('passes change events through with the typed value', async () => {
    const seen: string[] = []
    const wrapper = mount(DraftInput, {
      props: { modelValue: undefined },
      attrs: { onChange: (e: Event) => seen.push((e.target as HTMLInputElement).value) },
    })
    await wrapper.get('input').setValue('2026-11-05')
    await wrapper.get('input').trigger('change')
    expect(seen.at(-1)).toBe('2026-11-05')
  })
})
