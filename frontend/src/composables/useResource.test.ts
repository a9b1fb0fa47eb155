import { describe, expect, it } from 'vitest'
import { effectScope, nextTick, ref } from 'vue'
import { useResource } from './useResource'

function deferred<T>() {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}
const flush = async () => {
  for (let i = 0; i < 5; i++) await nextTick()
}

describe('useResource', () => {
  it('shows loading, then the data', async () => {
    const d = deferred<string>()
    const scope = effectScope()
    const r = scope.run(() => useResource(ref(1), () => d.promise))!
    expect(r.loading.value).toBe(true)
    d.resolve('rows')
    await flush()
    expect(r.loading.value).toBe(false)
    expect(r.data.value).toBe('rows')
    scope.stop()
  })
  it('reports an error in words', async () => {
    const scope = effectScope()
    const r = scope.run(() =>
      useResource(ref(1), async () => {
        throw new Error('the server had a problem')
      }),
    )!
    await flush()
    expect(r.error.value).toBe('the server had a problem')
    expect(r.data.value).toBeNull()
    expect(r.loading.value).toBe(false)
    scope.stop()
  })
  it('drops a stale answer that arrives after a newer key', async () => {
    const key = ref('a')
    const answers: Record<string, ReturnType<typeof deferred<string>>> = { a: deferred(), b: deferred() }
    const aborted: string[] = []
    const scope = effectScope()
    const r = scope.run(() =>
      useResource(key, (k, signal) => {
        signal.addEventListener('abort', () => aborted.push(k))
        return answers[k].promise
      }),
    )!
    key.value = 'b'
    await flush()
    answers.b.resolve('B')
    await flush()
    answers.a.resolve('A')
    await flush()
    expect(r.data.value).toBe('B')
    expect(aborted).toEqual(['a'])
    scope.stop()
  })
  it('does not fetch again for an equal key, but does on reload', async () => {
    const key = ref({ scenario: 'json' })
    let calls = 0
    const scope = effectScope()
    const r = scope.run(() => useResource(key, async () => ++calls))!
    await flush()
    key.value = { scenario: 'json' }
    await flush()
    expect(calls).toBe(1)
    await r.reload()
    expect(calls).toBe(2)
    expect(r.data.value).toBe(2)
    scope.stop()
  })
  it('skips keys it is told to skip', async () => {
    let calls = 0
    const scope = effectScope()
    const r = scope.run(() => useResource(ref<string | null>(null), async () => ++calls, { skip: (k) => k === null }))!
    await flush()
    expect(calls).toBe(0)
    expect(r.loading.value).toBe(false)
    scope.stop()
  })
})
