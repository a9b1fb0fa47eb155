// Site settings fixed at build time (Vite env): where the source lives, for the about page and the footer.

/** The source repository, `VITE_PODIUM_SOURCE_URL` at build time. */
export const SOURCE_URL: string =
  (import.meta.env.VITE_PODIUM_SOURCE_URL as string | undefined) || 'https://github.com/podium-bench/podium'
/** The branch the about page's links to files point into (`VITE_PODIUM_SOURCE_BRANCH`). */
export const SOURCE_BRANCH: string = (import.meta.env.VITE_PODIUM_SOURCE_BRANCH as string | undefined) || 'main'

/** A file or folder of the repository on the source host, e.g. sourceFile('docs/methodology.md'). */
export function sourceFile(path: string): string {
  return `${SOURCE_URL.replace(/\/+$/, '')}/blob/${SOURCE_BRANCH}/${path}`
}
