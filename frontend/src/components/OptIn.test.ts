// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import OptIn from './OptIn.vue'

describe('OptIn', () => {
  it('is a checkbox in an .opt-in label with its words, its id on the box and the class on the label', () => {
    const wrapper = mount(OptIn, {
      props: { id: 'rank-flagged', checked: true },
      attrs: { class: 'every-column-opt' },
      slots: { default: 'Rank rows with no honest order too' },
    })
    expect(wrapper.classes()).toEqual(['opt-in', 'every-column-opt'])
    const input = wrapper.get('input')
    expect(input.attributes('id')).toBe('rank-flagged')
    expect(input.element.checked).toBe(true)
    expect(input.attributes('disabled')).toBeUndefined()
    expect(wrapper.text()).toBe('Rank rows with no honest order too')
  })
  it('says the new state on a click, and can be disabled', async () => {
    const wrapper = mount(OptIn, { props: { checked: false } })
    expect(wrapper.get('input').attributes('id')).toBeUndefined()
    await wrapper.get('input').setValue(true)
    expect(wrapper.emitted('toggle')).toEqual([[true]])
    await wrapper.setProps({ disabled: true })
    expect(wrapper.get('input').attributes('disabled')).toBeDefined()
  })
})
