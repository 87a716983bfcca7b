import { describe, expect, it } from 'vitest'
import { cancelRuleSchema, cancelRulesClash, messages } from '../src/index.ts'

const rule = (min_day: number, max_day: number, max_attendee = 10) => ({ min_day, max_day, max_attendee })

describe('cancellation rule overlap (spec 1 §5)', () => {
  it('refuses overlapping day ranges and shared boundaries', () => {
    expect(cancelRulesClash(rule(0, 5), rule(3, 10))).toBe(true)
    expect(cancelRulesClash(rule(0, 5), rule(5, 10))).toBe(true)
    expect(cancelRulesClash(rule(0, 5), rule(0, 5))).toBe(true)
    expect(cancelRulesClash(rule(2, 3), rule(0, 10, 99))).toBe(true)
  })

  it('allows disjoint ranges and the same range with another max_attendee', () => {
    expect(cancelRulesClash(rule(0, 5), rule(6, 10))).toBe(false)
    expect(cancelRulesClash(rule(0, 5, 10), rule(0, 5, 20))).toBe(false)
  })
})

describe('cancellation rule fields', () => {
  const first = (input: object) => cancelRuleSchema.safeParse(input).error?.issues[0]?.message
  it.each([
    [{ min_day: '', max_day: 2, max_attendee: 5, refund_percent: 50 }, messages.fieldRequired],
    [{ min_day: 'a', max_day: 2, max_attendee: 5, refund_percent: 50 }, messages.cancelRuleDigits],
    [{ min_day: '123456789012', max_day: 2, max_attendee: 5, refund_percent: 50 }, messages.cancelRuleDigits],
    [{ min_day: 5, max_day: 2, max_attendee: 5, refund_percent: 50 }, messages.invalidDayRange],
    [{ min_day: 1, max_day: 2, max_attendee: '', refund_percent: 50 }, messages.fieldRequired],
    [{ min_day: 1, max_day: 2, max_attendee: 5, refund_percent: 100.5 }, messages.refundPercentRange],
    [{ min_day: 1, max_day: 2, max_attendee: 5, refund_percent: -1 }, messages.refundPercentRange],
  ])('%o → %s', (input, message) => {
    expect(first(input)).toBe(message)
  })
})
