import { describe, expect, it } from 'vitest'
import {
  timeValueAfterUnitChange,
  workflowDueAt,
  workflowMessages,
  workflowSchema,
  workflowTimeLabel,
} from '../src/index.ts'

const before = (time_value: number, time_unit: 'Minutes' | 'Hours' | 'Days') =>
  ({ time_value, time_unit, direction: 'Before' }) as const
const after = (time_value: number, time_unit: 'Minutes' | 'Hours' | 'Days') =>
  ({ time_value, time_unit, direction: 'After' }) as const

describe('when a workflow send is due', () => {
  it('keeps the wall time across Sydney\'s DST start: "3 days before 09:00" is 09:00 three days earlier', () => {
    // 5 October 2026 09:00 AEDT (+11) is 4 October 22:00 UTC; DST began on the 4th, so
    // 2 October 09:00 is AEST (+10): 1 October 23:00 UTC, not 72 elapsed hours earlier (22:00).
    const event = new Date('2026-10-04T22:00:00Z')
    expect(workflowDueAt(event, 'Australia/Sydney', before(3, 'Days')).toISOString()).toBe(
      '2026-10-01T23:00:00.000Z',
    )
  })

  it('counts hours and minutes as elapsed time across a DST change', () => {
    const event = new Date('2026-10-06T22:00:00Z')
    expect(workflowDueAt(event, 'Australia/Sydney', before(24, 'Hours')).toISOString()).toBe(
      '2026-10-05T22:00:00.000Z',
    )
    expect(workflowDueAt(event, 'Australia/Sydney', after(60, 'Minutes')).toISOString()).toBe(
      '2026-10-06T23:00:00.000Z',
    )
  })

  it("keeps the wall time across New York's DST end", () => {
    // 3 November 2026 09:00 EST (-5) is 14:00 UTC; DST ended 1 November, so 31 October is EDT (-4).
    const event = new Date('2026-11-03T14:00:00Z')
    expect(workflowDueAt(event, 'America/New_York', before(3, 'Days')).toISOString()).toBe(
      '2026-10-31T13:00:00.000Z',
    )
  })

  it('is plain calendar arithmetic in a zone without DST', () => {
    const event = new Date('2026-03-10T01:30:00Z')
    expect(workflowDueAt(event, 'Asia/Singapore', after(3, 'Days')).toISOString()).toBe(
      '2026-03-13T01:30:00.000Z',
    )
    expect(workflowDueAt(event, 'Asia/Singapore', before(1, 'Minutes')).toISOString()).toBe(
      '2026-03-10T01:29:00.000Z',
    )
  })

  it('falls back to elapsed days when the wall time does not exist that day (spring forward)', () => {
    // 02:30 on 8 March 2026 does not exist in New York; an event at 02:30 EST on 7 March, 1 day after.
    const event = new Date('2026-03-07T07:30:00Z')
    expect(workflowDueAt(event, 'America/New_York', after(1, 'Days')).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    )
  })
})

describe('the workflow form rules', () => {
  const valid = {
    organization_id: 1,
    name: 'Reminder',
    action_type: 'Send Email',
    email_template_type: 'booking_reminder_3_days_before',
    time_value: 1,
    time_unit: 'Minutes',
    direction: 'Before',
    event_variable: 'event_date',
  }
  const messagesOf = (input: object) => {
    const result = workflowSchema.safeParse(input)
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
  }

  it('accepts a complete form', () => {
    expect(messagesOf(valid)).toEqual([])
  })

  it("answers each missing field with the spec's message", () => {
    expect(messagesOf({ ...valid, name: ' ' })).toEqual([`name: ${workflowMessages.enterName}`])
    expect(messagesOf({ ...valid, time_value: '' })).toEqual([
      `time_value: ${workflowMessages.enterTimeValue}`,
    ])
    expect(messagesOf({ ...valid, event_variable: undefined })).toEqual([
      `event_variable: ${workflowMessages.selectEventVariable}`,
    ])
    expect(messagesOf({ ...valid, organization_id: -1 })).toEqual([
      `organization_id: ${workflowMessages.selectOrganization}`,
    ])
  })

  it('keeps the time value within the unit maximum', () => {
    expect(messagesOf({ ...valid, time_value: 61 })).toEqual([
      'time_value: Value must be less than or equal to 60',
    ])
    expect(messagesOf({ ...valid, time_unit: 'Hours', time_value: 25 })).toEqual([
      'time_value: Value must be less than or equal to 24',
    ])
    expect(messagesOf({ ...valid, time_unit: 'Days', time_value: 365 })).toEqual([])
    expect(messagesOf({ ...valid, time_unit: 'Days', time_value: 366 })).toEqual([
      'time_value: Value must be less than or equal to 365',
    ])
  })

  it('resets the value to 1 when a unit change leaves it above the new maximum', () => {
    expect(timeValueAfterUnitChange(300, 'Hours')).toBe(1)
    expect(timeValueAfterUnitChange(24, 'Hours')).toBe(24)
    expect(timeValueAfterUnitChange(60, 'Days')).toBe(60)
  })
})

describe('workflowTimeLabel', () => {
  it('reads the unit singular for one and plural otherwise', () => {
    expect(workflowTimeLabel(1, 'Hours', 'Before')).toBe('1 Hour Before')
    expect(workflowTimeLabel(1, 'Minutes', 'After')).toBe('1 Minute After')
    expect(workflowTimeLabel(3, 'Days', 'After')).toBe('3 Days After')
  })
})
