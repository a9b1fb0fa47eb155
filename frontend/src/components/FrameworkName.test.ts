// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { mount, RouterLinkStub } from '@vue/test-utils'
import FrameworkName from './FrameworkName.vue'

// mounted into a cell of its own: the component is a fragment, and what a reader sees is the cell's text
function cell(props: { name: string; ioModel?: string; baseline?: boolean }) {
  const td = document.createElement('td')
  document.body.appendChild(td)
  const wrapper = mount(FrameworkName, { props, attachTo: td, global: { stubs: { RouterLink: RouterLinkStub } } })
  return { wrapper, text: () => td.textContent }
}

describe('FrameworkName', () => {
  it('links the name to its page and names the I/O model after it, a space apart, muted', () => {
    const { wrapper, text } = cell({ name: 'Vert.x', ioModel: 'non-blocking' })
    expect(wrapper.getComponent(RouterLinkStub).props('to')).toBe('/frameworks/vertx')
    expect(text()).toBe('Vert.x (non-blocking)')
    expect(wrapper.get('.muted').text()).toBe('(non-blocking)')
  })

  it('is the name alone without an I/O model, and plain text for a baseline', () => {
    expect(cell({ name: 'Helidon' }).text()).toBe('Helidon')
    const baseline = cell({ name: 'nginx', baseline: true })
    expect(baseline.wrapper.findComponent(RouterLinkStub).exists()).toBe(false)
    expect(baseline.text()).toBe('nginx')
  })
})
