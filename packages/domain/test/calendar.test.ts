import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  CALENDAR_MAX_DAYS,
  calendarAnswerSchema,
  calendarColorIndex,
  calendarDateText,
  calendarQueryErrors,
  calendarQuerySchema,
  calendarWindowDays,
  calendarWindowSchema,
  compareCalendarSpaces,
  expandCalendarAnswer,
} from '../src/calendar/schemas.ts'
import { messages } from '../src/messages.ts'
import { addDays } from '../src/time.ts'

describe('calendar rules', () => {
  it('orders spaces by display order, 0 or missing as 10000, then name', () => {
    const spaces = [
      { id: 1, name: 'Zeta', displayOrder: 0 },
      { id: 2, name: 'Beta', displayOrder: 3 },
      { id: 3, name: 'Alpha', displayOrder: null },
      { id: 4, name: 'Gamma', displayOrder: 10001 },
      { id: 5, name: 'Delta', displayOrder: 1 },
    ]
    expect([...spaces].sort(compareCalendarSpaces).map((s) => s.name)).toEqual([
      'Delta',
      'Beta',
      'Alpha',
      'Zeta',
      'Gamma',
    ])
  })

  it('gives every space one of 53 colours, the same whatever else is shown', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), (id) => {
        const index = calendarColorIndex(id)
        expect(index).toBeGreaterThanOrEqual(0)
        expect(index).toBeLessThan(53)
        expect(calendarColorIndex(id)).toBe(index)
      }),
    )
  })

  it('writes dates MM/DD/YYYY for mm/dd organizations, otherwise DD/MM/YYYY', () => {
    expect(calendarDateText('2026-03-07', 'mm/dd')).toBe('03/07/2026')
    expect(calendarDateText('2026-03-07', 'dd/mm')).toBe('07/03/2026')
  })

  it('counts both ends of the window and caps it', () => {
    expect(calendarWindowDays('2026-03-01', '2026-03-01')).toBe(1)
    expect(calendarWindowDays('2026-03-01', '2026-03-31')).toBe(31)
    const query = (start: string, end: string) =>
      calendarQuerySchema.parse({ start_date: start, end_date: end })
    expect(
      calendarQueryErrors(query('2026-01-01', addDays('2026-01-01', CALENDAR_MAX_DAYS - 1)), false),
    ).toEqual({})
    expect(calendarQueryErrors(query('2026-01-01', addDays('2026-01-01', CALENDAR_MAX_DAYS)), false)).toEqual(
      {
        end_date: messages.calendarWindowTooLong(CALENDAR_MAX_DAYS),
      },
    )
    expect(calendarQueryErrors(query('2026-01-02', '2026-01-01'), false)).toEqual({
      start_date: messages.startBeforeEnd,
    })
    expect(calendarQueryErrors(calendarQuerySchema.parse({ start_date: '', end_date: '' }), true)).toEqual({
      start_date: messages.calendarDatesRequired,
      end_date: messages.calendarDatesRequired,
      org_id: messages.selectOrganizationForFilter,
    })
  })

  it('expands the lean answer into the bookings the calendar shows', () => {
    const answer = calendarAnswerSchema.parse({
      organizationId: 7,
      time_format: 'dd/mm',
      start_date: '2026-03-07',
      end_date: '2026-03-07',
      spaces: [],
      names: ['Coral Tech', 'Carlos Diaz'],
      bookings: [
        [
          4242,
          'HB-',
          12,
          0,
          1,
          'tentative',
          Date.parse('2026-03-06T23:00:00Z') / 60_000,
          Date.parse('2026-03-07T01:30:00Z') / 60_000,
          '150.00',
          'aud',
          0,
        ],
        [
          4243,
          'HB-',
          13,
          0,
          0,
          'confirmed',
          Date.parse('2026-03-07T02:00:00Z') / 60_000,
          Date.parse('2026-03-07T03:00:00Z') / 60_000,
          '80.00',
          'aud',
          1,
        ],
      ],
      blackouts: [{ spaceId: null, startDate: '2026-03-07', endDate: null }],
    })
    const window = calendarWindowSchema.parse(expandCalendarAnswer(answer))
    expect(window.bookings).toEqual([
      {
        id: 4242,
        reference: 'HB-4242',
        spaceId: 12,
        clientName: 'Coral Tech',
        bookerName: 'Carlos Diaz',
        status: 'tentative',
        start: '2026-03-06T23:00:00Z',
        end: '2026-03-07T01:30:00Z',
        total: '150.00',
        currency: 'aud',
        imported: false,
      },
      expect.objectContaining({ id: 4243, bookerName: 'Coral Tech', imported: true }),
    ])
    expect(window).toMatchObject({ organizationId: 7, blackouts: answer.blackouts })
    expect(window).not.toHaveProperty('names')
  })
})
