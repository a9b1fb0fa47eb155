import { describe, expect, it } from 'vitest'
import { parseTargetKey, targetKey } from './useFrameworks'

describe('framework target keys in URLs', () => {
  it('round-trips a framework and its I/O model', () => {
    const t = { framework: 'Spring MVC', ioModel: 'virtual-threads' }
    expect(targetKey(t)).toBe('Spring MVC|virtual-threads')
    expect(parseTargetKey(targetKey(t))).toEqual(t)
  })
  it('keeps a "|" inside a framework name', () => {
    expect(parseTargetKey('A|B|blocking')).toEqual({ framework: 'A|B', ioModel: 'blocking' })
  })
  it('reads a bare framework name, and nothing from an empty key', () => {
    expect(parseTargetKey('Netty')).toEqual({ framework: 'Netty', ioModel: '' })
    expect(parseTargetKey(undefined)).toBeNull()
  })
})
