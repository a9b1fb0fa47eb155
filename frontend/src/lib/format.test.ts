import { describe, expect, it } from 'vitest'
import {
  formatBytes,
  formatDecimal,
  formatInteger,
  formatDate,
  formatMs,
  formatP,
  formatPercent,
  formatRange,
  formatRank,
  formatRatio,
  formatRps,
  formatRpsShort,
  shortId,
  describeHost,
  describeSetup,
} from './format'

describe('formatters', () => {
  it('formats throughput with thousands separators and a dash for missing values', () => {
    expect(formatRps(123456.7)).toBe('123,457')
    expect(formatRps(12_345_678)).toBe('12.3M')
    expect(formatRps(null)).toBe('—')
    expect(formatRps(Number.NaN)).toBe('—')
  })
  it('shortens axis labels', () => {
    expect(formatRpsShort(130000)).toBe('130k')
    expect(formatRpsShort(1500)).toBe('1.5k')
    expect(formatRpsShort(2_000_000)).toBe('2M')
    expect(formatRpsShort(50)).toBe('50')
  })
  it('formats latency with precision that fits its size', () => {
    expect(formatMs(0.512)).toBe('0.51 ms')
    expect(formatMs(12.34)).toBe('12.3 ms')
    expect(formatMs(1234)).toBe('1,234 ms')
    expect(formatMs(undefined)).toBe('—')
  })
  it('formats shares, ratios, p-values and bytes', () => {
    expect(formatPercent(0.6)).toBe('60.0%')
    expect(formatRatio(2.4)).toBe('2.40×')
    expect(formatP(0.0001)).toBe('< 0.001')
    expect(formatP(0.41)).toBe('0.410')
    expect(formatBytes(16 * 1024 ** 3)).toBe('16.0 GiB')
  })
  it('shows dates in UTC whatever the reader’s zone', () => {
    expect(formatDate('2026-11-02T09:12:30+01:00')).toBe('2026-11-02 08:12 UTC')
    expect(formatDate(null)).toBe('—')
  })
  it('formats an interval, or one dash when it is unknown', () => {
    expect(formatRange(118000, 131000)).toBe('118,000–131,000')
    expect(formatRange(null, 5)).toBe('—')
  })
  it('shows ties as ties', () => {
    expect(formatRank(2, 5)).toBe('2–5')
    expect(formatRank(3, 3)).toBe('3')
    expect(formatRank(3, null)).toBe('3')
  })
  it('shortens UUIDs but not small ids', () => {
    expect(shortId('5d2c9a47-1e3b-4f6a-8c0d-7b9e1f2a3c04')).toBe('5d2c9a47')
    expect(shortId(42)).toBe('42')
  })
})

describe('host class in words', () => {
  it('keeps the machine apart from the vCPUs the cells ran on', () => {
    expect(describeHost('AMD EPYC 7R13 · 2 vCPU · 8 GiB')).toBe('on a 2-vCPU, 8 GiB AMD EPYC 7R13 host')
    expect(describeSetup('AMD EPYC 7R13 · 2 vCPU · 8 GiB', 1)).toBe(
      'on a 2-vCPU, 8 GiB AMD EPYC 7R13 host, targets pinned to 1 vCPU of it',
    )
    expect(describeSetup('odd', 2)).toBe('on odd, targets pinned to 2 vCPUs of it')
  })
})

describe('formatInteger and formatDecimal', () => {
  it('group thousands the same as toLocaleString did, with the decimals asked for', () => {
    expect(formatInteger(123456.7)).toBe('123,457')
    expect(formatDecimal(1234.5, 2)).toBe('1,234.50')
    expect(formatDecimal(0.12345, 3)).toBe('0.123')
    expect(formatDecimal(7, 0)).toBe('7')
  })
})
