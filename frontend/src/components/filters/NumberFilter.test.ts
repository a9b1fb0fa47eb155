// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import NumberFilter from './NumberFilter.vue'

describe('NumberFilter', () => {
  it('shows its filter of the URL state and sets that filter alone, clearing it on an empty or zero entry', async () => {
    const wrapper = mount(NumberFilter, {
      props: { filter: 'vcpus', label: 'vCPUs', values: { vcpus: 4, connections: 64 } },
      attrs: { min: '1', placeholder: 'all' },
    })
    const input = wrapper.get('input')
    expect(wrapper.get('label').text()).toContain('vCPUs')
    expect(input.element.value).toBe('4')
    expect(input.attributes('min')).toBe('1')
    expect(input.attributes('placeholder')).toBe('all')
    const entered = async (text: string) => {
      await input.setValue(text)
      await input.trigger('change')
      return wrapper.emitted('update')!.at(-1)
    }
    expect(await entered('8')).toEqual([{ vcpus: 8 }])
    expect(await entered('')).toEqual([{ vcpus: undefined }])
    expect(await entered('0')).toEqual([{ vcpus: undefined }])
  })
})
