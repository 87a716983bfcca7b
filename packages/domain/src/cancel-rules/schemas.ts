import { z } from 'zod'
import { listQuerySchema } from '../list.ts'
import { messages } from '../messages.ts'
import { requiredError } from '../validation-messages.ts'

export const cancelRuleOrderKeys = [
  'min_day',
  'max_day',
  'max_attendee',
  'refund_percent',
  'updated_at',
] as const
export const cancelRuleListQuerySchema = listQuerySchema(cancelRuleOrderKeys).extend({
  organization_id: z.coerce.number().int().positive().optional(),
})

const digits = z
  .union([z.string(), z.number()], { error: requiredError(messages.fieldRequired) })
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .min(1, messages.fieldRequired)
      .regex(/^\d{1,11}$/, messages.cancelRuleDigits),
  )
  .transform(Number)

export const cancelRuleSchema = z
  .strictObject({
    organization_id: z.coerce.number().int().positive().nullable().optional(),
    min_day: digits,
    max_day: digits,
    max_attendee: digits,
    refund_percent: z
      .union([z.string(), z.number()], { error: requiredError(messages.fieldRequired) })
      .transform((v) => String(v).trim())
      .pipe(
        z
          .string()
          .min(1, messages.fieldRequired)
          .regex(/^\d{1,3}(\.\d{1,2})?$/, messages.refundPercentRange),
      )
      .transform(Number)
      .refine((v) => v <= 100, messages.refundPercentRange),
  })
  .refine((r) => r.max_day >= r.min_day, { message: messages.invalidDayRange, path: ['max_day'] })
export type CancelRuleInput = z.infer<typeof cancelRuleSchema>

export interface CancelRuleRange {
  min_day: number
  max_day: number
  max_attendee: number
}

/**
 * Whether a rule clashes with an existing one (spec 1 §5): day ranges that overlap or share a
 * boundary clash, except the very same day range with another max_attendee.
 */
export function cancelRulesClash(a: CancelRuleRange, b: CancelRuleRange): boolean {
  const overlap = a.min_day <= b.max_day && b.min_day <= a.max_day
  if (!overlap) return false
  const sameRange = a.min_day === b.min_day && a.max_day === b.max_day
  return !(sameRange && a.max_attendee !== b.max_attendee)
}
