import { describe, expect, it } from 'vitest'
import { compareVersions, orderedVersions } from './versions'

// the order backend/src/test/java/dev/podium/version/FrameworkVersionsTest.java asserts for the service
const ORDERED = [
  '1.0',
  '1.0.1',
  '2.4.0.Alpha1',
  '2.4.0.Beta2',
  '2.4.0.RC1',
  '2.4.0.Final',
  '2.4.1.Final',
  '2.4.10.Final',
  '6.0.0-M3',
  '6.0.0',
  '9.4.46.v20220331',
  '12.1.9',
  '12.1.10',
]

describe('compareVersions', () => {
  it('orders releases as they follow one another, not as text', () => {
    ORDERED.forEach((a, i) =>
      ORDERED.forEach((b, j) => expect(compareVersions(a, b), `${a} vs ${b}`).toBe(Math.sign(i - j))),
    )
  })
  it('lists each version once, oldest first', () => {
    expect(orderedVersions(['12.1.10', '12.1.9', '12.1.10', '12.1.14'])).toEqual(['12.1.9', '12.1.10', '12.1.14'])
  })
})
