import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { messages, voucherAppliesOn, voucherMessages, voucherSchema } from '../src/index.ts'

const voucher = (isActive: boolean, validFrom: string, validTo: string) => ({ isActive, validFrom, validTo })

describe('voucherAppliesOn', () => {
  it('applies from valid_from to valid_to, both days included', () => {
    const v = voucher(true, '2026-03-01', '2026-03-31')
    expect(voucherAppliesOn(v, '2026-02-28')).toBe(false)
    expect(voucherAppliesOn(v, '2026-03-01')).toBe(true)
    expect(voucherAppliesOn(v, '2026-03-15')).toBe(true)
    expect(voucherAppliesOn(v, '2026-03-31')).toBe(true)
    expect(voucherAppliesOn(v, '2026-04-01')).toBe(false)
  })

  it('a one-day voucher applies on that day only; an inactive one never', () => {
    expect(voucherAppliesOn(voucher(true, '2026-12-24', '2026-12-24'), '2026-12-24')).toBe(true)
    expect(voucherAppliesOn(voucher(true, '2026-12-24', '2026-12-24'), '2026-12-25')).toBe(false)
    expect(voucherAppliesOn(voucher(false, '2026-01-01', '2026-12-31'), '2026-06-01')).toBe(false)
  })

  it('agrees with comparing the days as dates, across years and months', () => {
    const day = fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2099-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10))
    fc.assert(
      fc.property(fc.boolean(), day, day, day, (active, a, b, date) => {
        const [from, to] = a <= b ? [a, b] : [b, a]
        const time = (s: string) => Date.parse(`${s}T00:00:00Z`)
        const expected = active && time(from) <= time(date) && time(date) <= time(to)
        expect(voucherAppliesOn(voucher(active, from, to), date)).toBe(expected)
      }),
    )
  })
})

describe('voucher fields', () => {
  const valid = {
    code: 'SAVE10',
    type: 'percent',
    value: '10',
    valid_from: '2026-01-01',
    valid_to: '2026-01-31',
  }
  const first = (change: object) => {
    const issue = voucherSchema.safeParse({ ...valid, ...change }).error?.issues[0]
    return issue ? [issue.path.join('.'), issue.message] : null
  }

  it('reads a valid voucher: code trimmed, value a number, active by default', () => {
    expect(voucherSchema.parse({ ...valid, code: '  SAVE-10 ', value: ' 12.5 ' })).toEqual({
      code: 'SAVE-10',
      type: 'percent',
      value: 12.5,
      valid_from: '2026-01-01',
      valid_to: '2026-01-31',
      is_active: true,
    })
    expect(voucherSchema.parse({ ...valid, type: 'fixed', value: 250.75, is_active: false })).toMatchObject({
      value: 250.75,
      is_active: false,
    })
    expect(voucherSchema.parse({ ...valid, valid_to: valid.valid_from }).valid_to).toBe('2026-01-01')
  })

  it.each([
    [{ code: '' }, 'code', messages.fieldRequired],
    [{ code: 'AB' }, 'code', voucherMessages.codeCharacters],
    [{ code: 'save10' }, 'code', voucherMessages.codeCharacters],
    [{ code: 'SAVE 10' }, 'code', voucherMessages.codeCharacters],
    [{ code: 'A'.repeat(31) }, 'code', voucherMessages.codeCharacters],
    [{ type: undefined }, 'type', messages.selectRequired],
    [{ type: 'gift' }, 'type', messages.selectRequired],
    [{ value: '' }, 'value', messages.fieldRequired],
    [{ value: 'ten' }, 'value', messages.securityBondDecimals],
    [{ value: '0' }, 'value', voucherMessages.valueGreaterThan0],
    [{ value: '-5' }, 'value', voucherMessages.valueGreaterThan0],
    [{ value: '10.125' }, 'value', messages.securityBondDecimals],
    [{ value: '100.01' }, 'value', messages.valueAtMost100],
    [{ type: 'fixed', value: '10000000000' }, 'value', voucherMessages.valueTooLarge],
    [{ valid_from: '' }, 'valid_from', messages.fieldRequired],
    [
      { valid_from: '2026-02-30' },
      'valid_from',
      'Valid from must be a real date: 2026-02-30 does not exist.',
    ],
    [{ valid_to: '31-01-2026' }, 'valid_to', voucherMessages.invalidDate],
    [{ valid_to: '2025-12-31' }, 'valid_to', messages.invalidDateRange],
  ])('%o → %s: %s', (change, path, message) => {
    expect(first(change)).toEqual([path, message])
  })

  it('allows 100 percent and fixed values above 100', () => {
    expect(voucherSchema.safeParse({ ...valid, value: '100.00' }).success).toBe(true)
    expect(voucherSchema.safeParse({ ...valid, type: 'fixed', value: '150' }).success).toBe(true)
  })
})
