import { z } from 'zod'
import { calendarPreferenceSchema } from './calendar/schemas.ts'

const centerId = z.number().int().positive().max(2_147_483_647).nullable()

/**
 * What a screen may remember for its user, by key (GET/PUT /api/preference/{key}). Each value has
 * its schema here, so a preference is never a free-form blob: a screen that wants to remember
 * something adds its key.
 */
export const preferenceSchemas = {
  /** The bookings list: the location a non-super user last filtered on (spec 2 §2). */
  'booking-list': z.strictObject({ business_center_id: centerId }),
  /** The Booking Calendar: a non-super user's region, location, space, date and view (spec 2, issue 16). */
  calendar: calendarPreferenceSchema,
  /** The billing list: the same, for its own filter (spec 2 §2). */
  'billing-list': z.strictObject({ business_center_id: centerId }),
} as const

export type PreferenceKey = keyof typeof preferenceSchemas
export type PreferenceValue<K extends PreferenceKey> = z.output<(typeof preferenceSchemas)[K]>

export function isPreferenceKey(key: string): key is PreferenceKey {
  return Object.hasOwn(preferenceSchemas, key)
}
