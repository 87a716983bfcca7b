import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { centsToDecimal, roundMoneyText, toCents } from '../src/index.ts'

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

describe('money inputs round half-up in decimal, never on a binary float (issue 15 item 6)', () => {
  it('rounds typed amounts to the cent on their digits', () => {
    expect(roundMoneyText('5.555')).toBe('5.56')
    expect(roundMoneyText('1.005')).toBe('1.01')
    expect(roundMoneyText('1.004')).toBe('1.00')
    expect(roundMoneyText('0.125')).toBe('0.13')
    expect(roundMoneyText('-2.345')).toBe('-2.35')
    expect(roundMoneyText('7')).toBe('7.00')
    expect(roundMoneyText('.5')).toBe('0.50')
    expect(roundMoneyText('9.995')).toBe('10.00')
    expect(roundMoneyText(5.555)).toBe('5.56')
    expect(roundMoneyText(1e-7)).toBe('0.00')
    expect(roundMoneyText('abc')).toBeNull()
    expect(roundMoneyText('')).toBeNull()
    expect(roundMoneyText('1.2.3')).toBeNull()
  })

  it('turns a number into cents on its decimal digits', () => {
    expect(toCents(5.555)).toBe(556)
    expect(toCents(1.005)).toBe(101)
    expect(toCents(8.345)).toBe(835)
  })

  it('agrees with exact decimal rounding for any amount of three decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (mills) => {
        const text = `${Math.floor(mills / 1000)}.${String(mills % 1000).padStart(3, '0')}`
        const expected = Math.floor(mills / 10) + (mills % 10 >= 5 ? 1 : 0)
        return toCents(roundMoneyText(text) as string) === expected
      }),
    )
  })
})
