import { z } from 'zod'
import { markExportedSchema } from '../billing/export.ts'
import { messages } from '../messages.ts'
import { dateRule, parseWallMoment } from '../time.ts'
import { requiredError } from '../validation-messages.ts'

/** A positive amount with at most two decimals ("Invalid Amount." otherwise, spec 2 §5). */
const refundAmount = z
  .union([z.string(), z.number()], { error: requiredError(messages.invalidAmount) })
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, messages.invalidAmount))
  .refine((v) => Number(v) > 0, messages.invalidAmount)

const reason = z.string().trim().max(2000).default('')

/** Refund percent 0–100 with at most two decimals (spec 2 §5). */
export const refundPercentSchema = z
  .union([z.string(), z.number()], { error: requiredError(messages.refundPercentInvalid) })
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, messages.refundPercentInvalid))
  .refine((v) => Number(v) <= 100, messages.refundPercentInvalid)

/** One ad hoc charge (spec 2 §3, §5: the first failure stops validation). */
export const adhocChargeSchema = z
  .object({
    charge_type: z.enum(['room', 'amenities'], { error: requiredError(messages.selectRequired) }),
    room_code_id: z.string().trim().optional().default(''),
    amenity_code_id: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce.number().int().positive().optional(),
    ),
    additional_booking_charge_value: z
      .union([z.string(), z.number()], { error: requiredError(messages.fieldRequired) })
      .transform((v) => String(v).trim()),
    reason_for_additional_booking_charge: z.string({ error: requiredError(messages.fieldRequired) }).trim(),
  })
  .superRefine((c, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
    if (c.charge_type === 'room' && !c.room_code_id) return fail('room_code_id', messages.selectRequired)
    if (c.charge_type === 'amenities' && !c.amenity_code_id)
      return fail('amenity_code_id', messages.selectRequired)
    const value = c.additional_booking_charge_value
    if (!value) return fail('additional_booking_charge_value', messages.fieldRequired)
    if (!/^\d{1,10}(\.\d{1,2})?$/.test(value))
      return fail('additional_booking_charge_value', messages.chargeAmountInvalid)
    if (!c.reason_for_additional_booking_charge)
      return fail('reason_for_additional_booking_charge', messages.fieldRequired)
  })
export type AdhocChargeInput = z.infer<typeof adhocChargeSchema>

/**
 * A wall-clock "YYYY-MM-DD HH:mm". A date that looks like one but does not exist (2024-13-01) is
 * refused naming the field and that rule; anything else wrong is a bad time range.
 */
const wallDateTime = z
  .string({ error: requiredError(messages.selectDate) })
  .superRefine((v, ctx) => {
    if (parseWallMoment(v)) return
    const params = dateRule(v)
    ctx.addIssue(params ? { code: 'custom', params } : { code: 'custom', message: messages.invalidTimeRange })
  })
  .meta({
    pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}([+-]\\d{2}:\\d{2})?$',
    example: '2026-12-24 09:00',
    description:
      "The location's wall clock; a UTC offset after it (2027-04-04 02:30+10:00) names the second pass of a time the clock repeats.",
  })

/**
 * What PUT /api/userbooking/{id} does, by `code` (spec 2 §7; the spec's flags notesUpdate=1,
 * get_confirm=1 and get_recurring_confirm_all=1 are read as NOTES, CONFIRM and CONFIRM_ALL).
 */
export const bookingOperationSchema = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== 'object') return raw
    const body = raw as Record<string, unknown>
    if (body.code) return body
    if (Number(body.notesUpdate) === 1) return { ...body, code: 'NOTES' }
    if (Number(body.get_recurring_confirm_all) === 1) return { ...body, code: 'CONFIRM_ALL' }
    if (Number(body.get_confirm) === 1) return { ...body, code: 'CONFIRM' }
    return body
  },
  z.discriminatedUnion(
    'code',
    [
      z.object({ code: z.literal('NOTES'), post_booking_notes: z.string().trim().max(5000).default('') }),
      z.object({ code: z.literal('CONFIRM') }),
      z.object({ code: z.literal('CONFIRM_ALL') }),
      /** Names its target (DESIGN §4): marking paid twice, or two people at once, leaves it paid. */
      z.object({
        code: z.literal('CHANGE_PAYMENT_STATUS'),
        is_paid: z.preprocess(
          (v) => (v === true || v === '1' ? 1 : v === false || v === '0' ? 0 : v),
          z.union([z.literal(0), z.literal(1)], { error: messages.selectRequired }),
        ),
      }),
      z.object({
        code: z.literal('full'),
        dontSendEmail: z.union([z.boolean(), z.number()]).optional(),
        bookingType: z.enum(['single', 'recurring']).default('single'),
        refundPercent: z.preprocess(
          (v) => (v === '' || v === null ? undefined : v),
          refundPercentSchema.optional(),
        ),
        /** Recurring: [{ bookingId, refundPercent }] as JSON text, one entry per booking to cancel. */
        data: z.string().max(100_000).optional(),
        currency: z.string().max(10).optional(),
      }),
      z.object({
        code: z.literal('partial'),
        dontSendEmail: z.union([z.boolean(), z.number()]).optional(),
        roomAmountRefund: z.preprocess(
          (v) => (v === '' || v === null || v === 0 ? undefined : v),
          refundAmount.optional(),
        ),
        roomNotes: reason,
        amenityPartialRefund: z
          .array(
            z.object({
              booking_amenity_id: z.coerce.number().int().positive(),
              amount: refundAmount,
              /** This amenity's reason; amenityRefundNotes when left out. */
              reason: z.string().trim().max(2000).optional(),
            }),
          )
          .max(100)
          .default([]),
        amenityRefundNotes: reason,
        additionalChargeRefund: z
          .array(
            z.object({
              additional_charge_id: z.coerce.number().int().positive(),
              amount: refundAmount,
              reason,
            }),
          )
          .max(100)
          .default([]),
      }),
      z.object({
        code: z.literal('additional_charges'),
        dontSendEmail: z.union([z.boolean(), z.number()]).optional(),
        adhocCharges: z.array(adhocChargeSchema).min(1, messages.fieldRequired).max(50),
      }),
      z.object({
        code: z.literal('CHARGE_COMMISSION'),
        additionalCommissionAmount: z
          .union([z.string(), z.number()])
          .transform((v) => String(v).trim())
          .pipe(z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, messages.chargeAmountInvalid)),
      }),
      z.object({
        code: z.literal('RESCHEDULE_BOOKING'),
        newMeetingRoomId: z.coerce
          .number({ error: requiredError(messages.selectRequired) })
          .int()
          .positive(),
        /** Wall-clock "YYYY-MM-DD HH:mm" of the room's center. */
        newStartTime: wallDateTime,
        newEndTime: wallDateTime,
        /** The room amount of the Charge/Refund dialog; the computed one when left out. */
        amount: z.preprocess(
          (v) => (v === '' || v === null ? undefined : v),
          z
            .union([z.string(), z.number()])
            .transform((v) => String(v).trim())
            .pipe(z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, messages.onlyDecimal))
            .optional(),
        ),
        reason: reason,
        confirm_preparation_time: z.boolean().default(false),
        dontSendEmail: z.union([z.boolean(), z.number()]).optional(),
      }),
      markExportedSchema,
    ],
    { error: () => messages.unknownOperation },
  ),
)
export type BookingOperation = z.infer<typeof bookingOperationSchema>

/** The reschedule dialog's preview: GET /api/userbooking/{id}/reschedule-quote. */
export const rescheduleQuoteQuerySchema = z.object({
  newMeetingRoomId: z.coerce
    .number({ error: requiredError(messages.selectRequired) })
    .int()
    .positive(),
  newStartTime: wallDateTime,
  newEndTime: wallDateTime,
})

/** Recurring cancellation data: which bookings of the series, at which refund percent. */
export const recurringCancellationDataSchema = z
  .array(z.object({ bookingId: z.coerce.number().int().positive(), refundPercent: refundPercentSchema }))
  .min(1)
  .max(200)
