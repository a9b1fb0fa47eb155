// useShowMore: a long table shows its first rows, and a button shows `step` more at a time.
import { computed, ref, type Ref } from 'vue'

export function useShowMore<T>(rows: Readonly<Ref<readonly T[]>>, first: number, step = 100) {
  const limit = ref(first)
  return {
    /** How many rows are shown at most. */
    limit,
    visible: computed(() => rows.value.slice(0, limit.value)),
    /** How many the next click adds; 0 once every row is shown. */
    next: computed(() => Math.max(0, Math.min(step, rows.value.length - limit.value))),
    more: () => void (limit.value += step),
  }
}
