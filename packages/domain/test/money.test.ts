import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { centsToDecimal, toCents } from '../src/index.ts'

describe('money', () => {
  it('parses amounts exactly, without floating-point error', () => {
    expect(toCents('0.1')).toBe(10)
    expect(toCents('1234.05')).toBe(123405)
    expect(toCents(0.29)).toBe(29)
    expect(toCents('-7.5')).toBe(-750)
    expect(() => toCents('1.005')).toThrow()
    expect(() => toCents('abc')).toThrow()
  })

  it('round-trips every cent value', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => toCents(centsToDecimal(cents)) === cents),
    )
  })
})
