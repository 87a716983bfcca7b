import { z } from 'zod'
import { listQuerySchema } from '../list.ts'
import { messages } from '../messages.ts'
import { dateFormatMessage, isIsoDate, isoDateSchema } from '../time.ts'
import { requiredError } from '../validation-messages.ts'

/** Ours: the spec does not describe vouchers' admin screens, so these texts are our own. */
export const voucherMessages = {
  codeExists: 'Voucher code already exists.',
  codeCharacters: 'Only capital letters, numbers and dashes are allowed. 3 to 30 chars.',
  valueGreaterThan0: 'Value must be greater than 0.',
  valueTooLarge: 'Value must be less than or equal to 9999999999.99.',
  invalidDate: dateFormatMessage,
} as const

export const voucherOrderKeys = [
  'code',
  'type',
  'value',
  'valid_from',
  'valid_to',
  'is_active',
  'updated_at',
] as const
export type VoucherOrder = (typeof voucherOrderKeys)[number]

export const voucherTypes = [
  { value: 'percent', label: 'Percent' },
  { value: 'fixed', label: 'Fixed' },
] as const
export type VoucherType = (typeof voucherTypes)[number]['value']

const calendarDate = isoDateSchema(voucherMessages.invalidDate)

/**
 * The voucher list (GET /api/voucher): super may name an organization; `date` (with `all=1` for
 * pickers) keeps the vouchers that apply on that day.
 */
export const voucherListQuerySchema = listQuerySchema(voucherOrderKeys).extend({
  organization_id: z.coerce.number().int().positive().optional(),
  date: calendarDate.optional(),
})

const requiredDate = z
  .string({ error: requiredError(messages.fieldRequired) })
  .trim()
  .min(1, messages.fieldRequired)
  .pipe(calendarDate)

/** Why a typed value is not a positive amount (or percent) with at most two decimals, or null. */
function valueProblem(text: string): string | null {
  if (text === '') return messages.fieldRequired
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return messages.securityBondDecimals
  if (!(Number(text) > 0)) return voucherMessages.valueGreaterThan0
  if (!/^\+?\d+(\.\d{1,2})?$/.test(text)) return messages.securityBondDecimals
  if (Number(text) > 9_999_999_999.99) return voucherMessages.valueTooLarge
  return null
}

const value = z
  .union([z.string(), z.number()], { error: requiredError(messages.fieldRequired) })
  .transform((v) => String(v).trim())
  .superRefine((text, ctx) => {
    const problem = valueProblem(text)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
  .transform(Number)

export const voucherSchema = z
  .strictObject({
    organization_id: z.coerce.number().int().positive().nullable().optional(),
    code: z
      .string({ error: requiredError(messages.fieldRequired) })
      .trim()
      .min(1, messages.fieldRequired)
      .regex(/^[A-Z0-9-]{3,30}$/, voucherMessages.codeCharacters),
    type: z.enum(['percent', 'fixed'], { error: requiredError(messages.selectRequired) }),
    value,
    valid_from: requiredDate,
    valid_to: requiredDate,
    is_active: z.boolean().optional().default(true),
  })
  .superRefine((v, ctx) => {
    // zod runs this even when a field failed: each rule looks only at fields that passed.
    if (v.type === 'percent' && Number.isFinite(v.value) && v.value > 100) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: messages.valueAtMost100 })
    }
    if (isIsoDate(v.valid_from) && isIsoDate(v.valid_to) && v.valid_to < v.valid_from) {
      ctx.addIssue({ code: 'custom', path: ['valid_to'], message: messages.invalidDateRange })
    }
  })
export type VoucherSaveInput = z.infer<typeof voucherSchema>

/** What decides whether a voucher can be used: its switch and its validity dates (YYYY-MM-DD, inclusive). */
export interface VoucherValidity {
  isActive: boolean
  validFrom: string
  validTo: string
}

/** Whether a voucher applies to a booking on `date` (YYYY-MM-DD): active, and valid_from ≤ date ≤ valid_to. */
export function voucherAppliesOn(voucher: VoucherValidity, date: string): boolean {
  return voucher.isActive && voucher.validFrom <= date && date <= voucher.validTo
}
