import { describe, expect, it } from 'vitest'
import type { Repeat } from '../api/types'
import { FIGURE_LABELS, figureValue, formatFigure } from './figures'

describe('figures', () => {
  it('reads a repeat figure by name, null where the repeat has none', () => {
    const r = { figures: { minorFaultsPerRequest: 0.25 } } as unknown as Repeat
    expect(figureValue(r, 'minorFaultsPerRequest')).toBe(0.25)
    expect(figureValue(r, 'other')).toBeNull()
    expect(figureValue({} as Repeat, 'minorFaultsPerRequest')).toBeNull()
  })

  it('formats with the label digits and shows a dash for none', () => {
    expect(formatFigure(1234.5678, 2)).toBe('1,234.57')
    expect(formatFigure(null, 2)).toBe('—')
  })

  it('labels each figure once', () => {
    const names = FIGURE_LABELS.map((f) => f.name)
    expect(new Set(names).size).toBe(names.length)
  })
})
