import { z } from 'zod'
import { messages } from '../messages.ts'
import {
  addDays,
  addMonths,
  type IsoDate,
  isIsoDate,
  isoDateSchema,
  parseDayMonthYear,
  wallTimeSchema,
} from '../time.ts'
import { requiredError } from '../validation-messages.ts'

/** The most bookings one recurring series may create. */
export const MAX_SERIES_OCCURRENCES = 100

export const recurringFrequencies = ['daily', 'weekly', 'monthly'] as const
export type RecurringFrequency = (typeof recurringFrequencies)[number]

const id = (required: string) =>
  z.coerce
    .number({ error: requiredError(required) })
    .int(required)
    .positive(required)

const optionalId = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? null : v),
  z.coerce.number().int().positive().nullable(),
)

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).default('')

export const recurringRuleSchema = z
  .strictObject({
    frequency: z.enum(recurringFrequencies, { error: requiredError(messages.selectRequired) }),
    until_date: z.preprocess(
      (v) => (v === '' ? null : v),
      isoDateSchema(messages.selectDate).nullable().optional(),
    ),
    occurrences: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce
        .number()
        .int()
        .min(2, messages.recurringEndRequired)
        .max(MAX_SERIES_OCCURRENCES, messages.recurringTooMany(MAX_SERIES_OCCURRENCES))
        .optional(),
    ),
  })
  .refine((r) => Boolean(r.until_date) !== (r.occurrences !== undefined), {
    message: messages.recurringEndRequired,
    path: ['until_date'],
  })
export type RecurringRule = z.infer<typeof recurringRuleSchema>

/** A new booking (or series), as RoomDetail sends it. Times are the center's wall clock. */
export const bookingCreateSchema = z
  .strictObject({
    organization_id: optionalId.optional(),
    center_id: id(messages.selectLocation),
    meeting_room_id: id(messages.selectRequired),
    booking_date: isoDateSchema(messages.selectDate),
    start_time: wallTimeSchema(messages.selectStartTime),
    end_time: wallTimeSchema(messages.selectEndTime),
    client_id: id(messages.selectRequired),
    user_id: id(messages.selectRequired),
    attendees: z.coerce
      .number({ error: requiredError(messages.attendeesRequired) })
      .int(messages.attendeesRequired)
      .min(1, messages.attendeesRequired)
      .max(99999, messages.attendeesRequired),
    package_id: optionalId.optional(),
    amenity_ids: z.array(z.coerce.number().int().positive()).max(100).default([]),
    voucher_code: z.string().trim().toUpperCase().max(30).default(''),
    /** A room amount typed by staff instead of the rate table's; empty keeps the rate table's. */
    room_amount: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? null : String(v).trim()),
      z
        .string()
        .regex(/^\d{1,10}(\.\d{1,2})?$/, messages.securityBondDecimals)
        .nullable(),
    ),
    use_gratis: z.boolean().default(true),
    payment_status: z.enum(['invoice', 'card'], { error: requiredError(messages.selectRequired) }),
    transaction_id: text(100),
    notes: text(5000),
    special_requirement: text(5000),
    /** Yes to "This room needs preparation time of … Do you still want to continue?" */
    confirm_preparation_time: z.boolean().default(false),
    /** The booking's e-mails are not sent for this call (spec 2 §7). */
    dontSendEmail: z.union([z.boolean(), z.number()]).optional(),
    recurring: recurringRuleSchema.nullable().optional(),
    /** Dates of a series left out after its conflicts were listed. */
    skip_dates: z.array(isoDateSchema(messages.selectDate)).max(MAX_SERIES_OCCURRENCES).default([]),
  })
  .superRefine((b, ctx) => {
    if (b.end_time <= b.start_time)
      ctx.addIssue({ code: 'custom', message: messages.invalidTimeRange, path: ['end_time'] })
    if (b.payment_status === 'card' && !b.transaction_id)
      ctx.addIssue({ code: 'custom', message: messages.transactionIdRequired, path: ['transaction_id'] })
    if (b.recurring?.until_date && b.recurring.until_date <= b.booking_date)
      ctx.addIssue({ code: 'custom', message: messages.invalidTimeRange, path: ['recurring', 'until_date'] })
  })
export type BookingCreateInput = z.infer<typeof bookingCreateSchema>

/**
 * The dates of a series starting on `first`: every day, week or month (a month's day kept, or
 * the month's last day when it is shorter), until a date or for a number of bookings. Each is
 * counted from the first date, so a series never drifts. It stops at the last date taken from
 * outside (LAST_YEAR): the instants after it cannot be stored.
 */
export function occurrenceDates(first: IsoDate, rule: RecurringRule): IsoDate[] {
  const dates: IsoDate[] = []
  for (let i = 0; i < MAX_SERIES_OCCURRENCES + 1; i++) {
    const date =
      rule.frequency === 'daily'
        ? addDays(first, i)
        : rule.frequency === 'weekly'
          ? addDays(first, 7 * i)
          : addMonths(first, i)
    if (!isIsoDate(date) || (rule.until_date && date > rule.until_date)) break
    if (rule.occurrences !== undefined && dates.length >= rule.occurrences) break
    dates.push(date)
  }
  return dates
}

/** Room detail (spec 2 §3 Room detail for a date) query: the client and the date YYYY-MM-DD. */
export const roomDetailQuerySchema = z.object({
  clientId: optionalId.optional(),
  bookingDate: isoDateSchema(messages.selectDate),
})

/** Already booked slots query: the date as DD/MM/YYYY (spec 2 §7). */
export const bookedSlotsQuerySchema = z.object({
  date: z
    .string({ error: requiredError(messages.selectDate) })
    .refine((v) => parseDayMonthYear(v) !== null, messages.selectDate)
    .meta({ pattern: '^\\d{2}/\\d{2}/\\d{4}$', example: '24/12/2026' }),
  excludeBookingId: optionalId.optional(),
})
