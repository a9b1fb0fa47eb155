// The about page restates docs/methodology.md: every point's evidence must still be in the document.
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { METHOD } from './about'

const methodology = readFileSync(new URL('../../../docs/methodology.md', import.meta.url), 'utf8').replace(/\s+/g, ' ')
const headings = [...methodology.matchAll(/## (\d+)\. /g)].map((m) => m[1])

describe('about page', () => {
  test.each(METHOD.map((p) => [p.title, p] as const))('"%s" is still what docs/methodology.md says', (_t, point) => {
    for (const phrase of point.evidence) expect(methodology).toContain(phrase)
    for (const n of point.section.match(/\d+(?=\.)/g) ?? []) expect(headings).toContain(n)
  })

  test('a phrase the methodology does not say is caught', () => {
    expect(methodology).not.toContain('bootstrap 95% interval of the repeats')
  })
})
