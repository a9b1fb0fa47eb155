// useQueryState: typed filters read from and written to the route's query.
import { computed, type ComputedRef } from 'vue'
import { useRoute, useRouter } from 'vue-router'
import { parseQuery, toQuery, type Schema, type Values } from '../lib/query'

export interface QueryState<S extends Schema> {
  values: ComputedRef<Values<S>>
  /** Merges a change into the URL (a new history entry, so Back undoes a filter). */
  update: (change: Partial<Values<S>>) => Promise<void>
  reset: () => Promise<void>
}

export function useQueryState<S extends Schema>(schema: S): QueryState<S> {
  const route = useRoute()
  const router = useRouter()
  const values = computed(() => parseQuery(schema, route.query))
  const others = () => Object.fromEntries(Object.entries(route.query).filter(([k]) => !(k in schema)))
  async function update(change: Partial<Values<S>>) {
    const next = { ...values.value, ...change }
    await router.push({ path: route.path, query: { ...others(), ...toQuery(schema, next) } })
  }
  async function reset() {
    await router.push({ path: route.path, query: others() })
  }
  return { values, update, reset }
}
