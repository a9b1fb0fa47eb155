// useResource: loads data whenever its key changes, with loading and error states; stale answers are dropped.
import { ref, shallowRef, watch, type Ref, type ShallowRef, type WatchSource } from 'vue'

export interface Resource<T> {
  data: ShallowRef<T | null>
  loading: Ref<boolean>
  error: Ref<string | null>
  reload: () => Promise<void>
}

export function useResource<K, T>(
  key: WatchSource<K>,
  load: (key: K, signal: AbortSignal) => Promise<T>,
  options: { skip?: (key: K) => boolean } = {},
): Resource<T> {
  const data = shallowRef<T | null>(null)
  const loading = ref(false)
  const error = ref<string | null>(null)
  let controller: AbortController | null = null
  let current: K
  let currentJson: string | null = null

  async function run(k: K, force = false) {
    // A new key object with the same content (another part of the URL changed) is not a new request.
    const json = JSON.stringify(k) ?? 'undefined'
    if (!force && json === currentJson) return
    currentJson = json
    current = k
    controller?.abort()
    if (options.skip?.(k)) {
      loading.value = false
      data.value = null
      error.value = null
      return
    }
    const mine = new AbortController()
    controller = mine
    loading.value = true
    error.value = null
    try {
      const result = await load(k, mine.signal)
      if (controller !== mine) return
      data.value = result
    } catch (e) {
      if (controller !== mine || (e as Error).name === 'AbortError') return
      error.value = (e as Error).message || String(e)
      data.value = null
    } finally {
      if (controller === mine) loading.value = false
    }
  }

  watch(key, (k) => void run(k), { immediate: true, deep: true })
  return { data, loading, error, reload: () => run(current, true) }
}
