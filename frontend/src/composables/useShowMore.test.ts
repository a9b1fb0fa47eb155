import { describe, expect, it } from 'vitest'
import { ref } from 'vue'
import { useShowMore } from './useShowMore'

describe('useShowMore', () => {
  it('shows the first rows, then a step more per click', () => {
    const rows = ref(Array.from({ length: 250 }, (_, i) => i))
    const t = useShowMore(rows, 40)
    expect(t.visible.value).toHaveLength(40)
    expect(t.next.value).toBe(100)
    t.more()
    expect(t.limit.value).toBe(140)
    expect(t.visible.value).toHaveLength(140)
    t.more()
    expect(t.visible.value).toHaveLength(240)
    expect(t.next.value).toBe(10)
    t.more()
    expect(t.visible.value).toHaveLength(250)
    expect(t.next.value).toBe(0)
  })
  it('follows the rows when they change', () => {
    const rows = ref([1, 2, 3])
    const t = useShowMore(rows, 2)
    expect(t.next.value).toBe(1)
    rows.value = [1]
    expect(t.visible.value).toEqual([1])
    expect(t.next.value).toBe(0)
  })
})
