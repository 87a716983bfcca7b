import { describe, expect, it } from 'vitest'
import { bookingListFilterErrors, bookingListQuerySchema } from '../src/bookings/list.ts'
import { messages } from '../src/messages.ts'

describe('bookings list query (spec 2 §2, §5, §7)', () => {
  it('sorts newest first by default and reads the filters', () => {
    const query = bookingListQuerySchema.parse({
      booking: '1',
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      org_id: '7',
      business_center_id: '12',
      random: '0.123',
    })
    expect(query).toMatchObject({
      direct: 'desc',
      order: '',
      page: 1,
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      org_id: 7,
      business_center_id: 12,
    })
    // Empty filters are no filters.
    expect(bookingListQuerySchema.parse({ start_date: '', org_id: '' })).toMatchObject({
      start_date: undefined,
      org_id: undefined,
    })
  })

  it('refuses dates that are not YYYY-MM-DD days and unknown sort keys', () => {
    for (const start_date of ['01/03/2026', '2026-3-1']) {
      const result = bookingListQuerySchema.safeParse({ start_date })
      expect(result.success).toBe(false)
      expect(result.error?.issues[0]?.message).toBe(messages.filterDateFormat)
    }
    expect(bookingListQuerySchema.safeParse({ start_date: '2026-02-30' }).error?.issues[0]?.message).toBe(
      'Start date must be a real date: 2026-02-30 does not exist.',
    )
    expect(bookingListQuerySchema.safeParse({ start_date: '9999-01-01' }).error?.issues[0]?.message).toBe(
      'Start date must be between 1900-01-01 and 9998-12-31.',
    )
    expect(bookingListQuerySchema.safeParse({ order: 'password' }).success).toBe(false)
    expect(bookingListQuerySchema.safeParse({ order: 'clientName', direct: 'asc' }).success).toBe(true)
  })

  it("says the spec's messages: dates in order, and super's location needs an organization", () => {
    expect(bookingListFilterErrors({ start_date: '2026-03-02', end_date: '2026-03-01' }, false)).toEqual({
      start_date: 'Start date should be less than end date.',
    })
    // The same day is a one-day range.
    expect(bookingListFilterErrors({ start_date: '2026-03-01', end_date: '2026-03-01' }, false)).toEqual({})
    expect(bookingListFilterErrors({ business_center_id: 3 }, true)).toEqual({
      org_id: 'Select organization.',
    })
    expect(bookingListFilterErrors({ business_center_id: 3, org_id: 1 }, true)).toEqual({})
    // Everyone else is locked to their own organization.
    expect(bookingListFilterErrors({ business_center_id: 3 }, false)).toEqual({})
  })
})
