import { z } from 'zod'
import { listQuerySchema } from '../list.ts'
import { messages } from '../messages.ts'
import { timeFormats } from '../organizations/constants.ts'
import { isIanaTimeZone, type WallTime, wallTime } from '../time.ts'
import { requiredError } from '../validation-messages.ts'

export const centerOrderKeys = ['name', 'organizationName', 'city', 'contact_email', 'created_at'] as const
export const centerListQuerySchema = listQuerySchema(centerOrderKeys).extend({
  organization_id: z.coerce.number().int().positive().optional(),
  /** Pickers: every active center of the current organization (spec: ?all_centers&currentOrganization). */
  all_centers: z.string().max(10).optional(),
  currentOrganization: z.string().max(10).optional(),
  /** The centers of a package deal (spec: GET /api/center/?packageId={id}). */
  packageId: z.coerce.number().int().positive().optional(),
})

export const DEFAULT_OPEN_TIME: WallTime = '09:00'
export const DEFAULT_CLOSE_TIME: WallTime = '20:00'
export const FIRST_TARGET_YEAR = 1990

/** The year list of the Finance panel: 1990 to the current year + 10. */
export function revenueTargetYears(currentYear: number): number[] {
  return Array.from({ length: currentYear + 10 - FIRST_TARGET_YEAR + 1 }, (_, i) => FIRST_TARGET_YEAR + i)
}

const required = (max: number, tooLong: string) =>
  z
    .string({ error: requiredError(messages.fieldRequired) })
    .trim()
    .min(1, messages.fieldRequired)
    .max(max, tooLong)
const email = z
  .string({ error: requiredError(messages.fieldRequired) })
  .trim()
  .min(1, messages.fieldRequired)
  .max(255)
  .pipe(z.email({ error: requiredError(messages.invalidEmail) }))
const singleEmail = z.email()

export const revenueTargetSchema = z.strictObject({
  month_id: z.number().int().min(1).max(12),
  revenue: z.coerce.number().min(0).max(9_999_999_999.99).multipleOf(0.01),
})

export const centerSchema = z
  .strictObject({
    organization_id: z.coerce.number().int().positive().nullable().optional(),
    name: required(255, messages.alphabetsAndNumbers).regex(
      /^[\p{L}\p{N} ]+$/u,
      messages.alphabetsAndNumbers,
    ),
    site_id: z.string().trim().max(100).optional().default(''),
    booking_confirm_email: email,
    booking_confirm_emails: z
      .string()
      .trim()
      .max(2000)
      .refine(
        (v) => v === '' || v.split(',').every((e) => singleEmail.safeParse(e).success),
        messages.ccEmailsSeparated,
      )
      .optional()
      .default(''),
    contact_email: email,
    contact_number: z
      .string({ error: requiredError(messages.fieldRequired) })
      .trim()
      .min(1, messages.fieldRequired)
      .max(30, messages.centerContactNumber)
      .regex(/^[\d+\-() ]+$/, messages.centerContactNumber),
    street: required(100, messages.max100),
    city: required(100, messages.max100),
    state: required(100, messages.max100),
    postcode: required(10, messages.centerPostcode).regex(/^[\p{L}\p{N} ]+$/u, messages.centerPostcode),
    country_id: z.coerce
      .number({ error: requiredError(messages.selectRequired) })
      .int()
      .positive(messages.selectRequired),
    timezone_id: z
      .string({ error: requiredError(messages.selectRequired) })
      .refine(isIanaTimeZone, messages.selectRequired),
    open_time: wallTime.optional().default(DEFAULT_OPEN_TIME),
    close_time: wallTime.optional().default(DEFAULT_CLOSE_TIME),
    time_format: z
      .enum(timeFormats, { error: requiredError(messages.selectRequired) })
      .optional()
      .default('dd/mm'),
    open_after_hours: z.boolean().optional().default(false),
    description: z.string().trim().max(5000).optional().default(''),
    native_center_id: z.string().trim().max(100).optional().default(''),
    lat: z.coerce.number().min(-90).max(90).nullable().optional(),
    lon: z.coerce.number().min(-180).max(180).nullable().optional(),
    regionId: z.array(z.coerce.number().int().positive()).min(1, messages.selectRequired).max(100),
    taxes_label: z.string().trim().max(100).optional().default(''),
    taxes_percent: z
      .union([
        z.null(),
        z.literal(''),
        z.coerce.number().min(0, messages.taxPercentRange).max(99, messages.taxPercentRange),
      ])
      .optional()
      .transform((v) => (v === '' || v === undefined || v === null ? null : Math.round(v * 100) / 100)),
    taxes_type: z.string().trim().max(100).optional().default(''),
    stripe_publishable_key: z.string().trim().max(255).optional(),
    /** Write-only: absent keeps, '' clears, a value replaces. */
    stripe_secret_key: z.string().max(4000).optional(),
    year: z.number().int().min(FIRST_TARGET_YEAR).max(9999).optional(),
    monthRevenue: z.array(revenueTargetSchema).max(12).optional().default([]),
  })
  .refine((c) => c.open_time < c.close_time, { message: messages.invalidDateRange, path: ['close_time'] })
export type CenterInput = z.infer<typeof centerSchema>

/** PUT /api/center/{id} also carries the status changes of the list (spec 1 §7). */
export const centerStatusSchema = z.union([
  z.strictObject({
    id: z.number().int().positive().optional(),
    is_active: z.union([z.literal(0), z.literal(1)]),
  }),
  z.strictObject({
    id: z.number().int().positive().optional(),
    deleted_at: z.union([z.null(), z.string().max(40)]),
  }),
  z.strictObject({ id: z.number().int().positive().optional(), code: z.literal('PERMENANT') }),
])
