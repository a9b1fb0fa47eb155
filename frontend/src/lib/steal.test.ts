import { describe, expect, it } from 'vitest'
import { stealText } from './steal'

describe('stealText', () => {
  it('gives the steal of a repeat and the tries discarded before it', () => {
    expect(stealText(0.004, null)).toBe('0.4%')
    expect(stealText(0.02, 1)).toBe('2.0%, 1 try discarded')
    expect(stealText(0.083, 2)).toBe('8.3%, 2 tries discarded')
    expect(stealText(null, null)).toBe('—')
  })
})
