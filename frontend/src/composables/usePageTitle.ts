// usePageTitle: the tab's title names the page's subject ("Vert.x Web · Podium", "Run of 26 Nov 2026 · Podium") once it
// is known; until then (and when it is unknown) the route's own title stays.
import { watch, type WatchSource } from 'vue'

export function pageTitle(subject: string): string {
  return `${subject} · Podium`
}

export function usePageTitle(subject: WatchSource<string | null | undefined>): void {
  watch(
    subject,
    (s) => {
      if (s) document.title = pageTitle(s)
    },
    { immediate: true },
  )
}
