import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SCENARIOS } from './types'

describe('the scenario list', () => {
  it('is the run schema enum (schema/run.v2.schema.json), in its order', () => {
    const schema = JSON.parse(readFileSync(new URL('../../../schema/run.v2.schema.json', import.meta.url), 'utf8'))
    const cell = Object.values(
      schema.$defs as Record<string, { properties?: { scenario?: { enum?: string[] } } }>,
    ).find((d) => d.properties?.scenario?.enum)
    expect(cell?.properties?.scenario?.enum).toEqual([...SCENARIOS])
  })
})
