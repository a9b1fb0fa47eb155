// useFrameworks: the framework targets for pickers, fetched once per page load and shared.
import { computed, shallowRef } from 'vue'
import { fetchFrameworks } from '../api/frameworks'
import type { FrameworkEntry } from '../api/types'

const cache = shallowRef<FrameworkEntry[] | null>(null)
const failure = shallowRef<string | null>(null)
let pending: Promise<void> | null = null

/** "Name|io-model": how a framework target is written into a URL. */
export function targetKey(t: { framework: string; ioModel: string }): string {
  return `${t.framework}|${t.ioModel}`
}

export function parseTargetKey(key: string | undefined): { framework: string; ioModel: string } | null {
  if (!key) return null
  const i = key.lastIndexOf('|')
  return i <= 0 ? { framework: key, ioModel: '' } : { framework: key.slice(0, i), ioModel: key.slice(i + 1) }
}

/** Asks for the list unless it is here or on its way (a failed ask may be asked again). */
function load(): void {
  if (cache.value || pending) return
  pending = fetchFrameworks()
    .then((r) => {
      cache.value = [...r.items].sort((a, b) => a.framework.localeCompare(b.framework))
    })
    .catch((e) => {
      failure.value = (e as Error).message
      pending = null
    })
}

/** The list and what derives from it; asked for at once unless `lazy`, when `load` asks for it once it is needed. */
export function useFrameworks({ lazy = false }: { lazy?: boolean } = {}) {
  if (!lazy) load()
  return {
    load,
    frameworks: computed(() => cache.value ?? []),
    /** Every host class any framework was measured on, sorted: the host-class pickers' choices. */
    hostClasses: computed(() => [...new Set((cache.value ?? []).flatMap((f) => f.hostClasses))].sort()),
    /** Every scenario any framework was measured in, sorted (empty: no run at all). */
    scenarios: computed(() => [...new Set((cache.value ?? []).flatMap((f) => f.scenarios))].sort()),
    error: computed(() => failure.value),
    loading: computed(() => !cache.value && !failure.value),
  }
}
