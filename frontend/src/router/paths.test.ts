// @vitest-environment happy-dom
// paths.json is the one list of the site's pages: the router serves each of them and the service answers 404 for the rest.
import { describe, expect, it } from 'vitest'
import paths from './paths.json'
import { routes } from './index'

describe('the site route list', () => {
  it('is exactly the paths of the router, besides its not-found catch-all', () => {
    const routed = routes.map((r) => r.path).filter((p) => p !== '/:pathMatch(.*)*')
    expect([...routed].sort()).toEqual(Object.values(paths).sort())
  })

  it('has the frameworks index and a page per framework', () => {
    expect(paths.frameworks).toBe('/frameworks')
    expect(paths.framework).toBe('/frameworks/:slug')
  })
})
