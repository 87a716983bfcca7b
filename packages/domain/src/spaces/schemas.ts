import { z } from 'zod'
import { listQuerySchema } from '../list.ts'
import { messages } from '../messages.ts'
import { spaceTypes } from '../organizations/constants.ts'
import { blackoutPeriodSchema } from '../organizations/schemas.ts'
import { wallTime } from '../time.ts'
import { requiredError } from '../validation-messages.ts'

export const spaceOrderKeys = [
  'name',
  'centerName',
  'organizationName',
  'capacity',
  'type',
  'display_order',
] as const
export const spaceListQuerySchema = listQuerySchema(spaceOrderKeys).extend({
  centerId: z.coerce.number().int().positive().optional(),
  organization_id: z.coerce.number().int().positive().optional(),
})

export const rateUnits = [
  { unit: 'hour', label: 'Hour', hours: 1 },
  { unit: 'halfday', label: 'Half day', hours: 4 },
  { unit: 'day', label: 'Day', hours: 8 },
] as const
export type RateUnit = (typeof rateUnits)[number]['unit']
export const chargeTypes = [
  { value: 'flat', label: 'Flat' },
  { value: 'attendee', label: 'Per attendee' },
  { value: 'hour', label: 'Per hour' },
] as const

/** Photos per space: 1 on the free plan, 5 on the others (spec 3 §6). */
export function maxSpacePhotos(plan: string): number {
  return plan === 'free' ? 1 : 5
}

/** Spaces sort by display order, 0 or missing counting as 10000 (spec 2 §9). */
export function displayOrderRank(order: number | null | undefined): number {
  return order ? order : 10000
}

const amount = (required: string) =>
  z
    .union([z.string(), z.number(), z.null()], { error: requiredError(required) })
    .transform((v) => (v === null ? '' : String(v).trim()))
    .pipe(
      z
        .string()
        .min(1, required)
        .regex(/^\d{1,10}(\.\d{1,2})?$/, messages.securityBondDecimals),
    )
    .transform(Number)

const hours = z.coerce
  .number({ error: requiredError(messages.selectRequired) })
  .int()
  .min(0)
  .max(24)
const quarter = z.coerce
  .number({ error: requiredError(messages.selectRequired) })
  .int()
  .refine((m) => [0, 15, 30, 45].includes(m), messages.selectRequired)
const spaceTypeKeys = spaceTypes.map((t) => t.key) as [string, ...string[]]

export const spaceRateSchema = z.strictObject({
  unit: z.enum(rateUnits.map((r) => r.unit) as [RateUnit, ...RateUnit[]], {
    error: () => messages.selectUnit,
  }),
  amount: amount(messages.fillAmount),
})

export const spaceAmenitySchema = z.strictObject({
  amenity_id: z.number().int().positive(),
  type: z.enum(['flat', 'attendee', 'hour'], { error: requiredError(messages.selectChargedAt) }),
  amount: amount(messages.fillAmount),
})

export const spaceSchema = z
  .strictObject({
    organization_id: z.coerce.number().int().positive().nullable().optional(),
    center_id: z.coerce
      .number({ error: requiredError(messages.selectRequired) })
      .int()
      .positive(messages.selectRequired),
    name: z
      .string({ error: requiredError(messages.fieldRequired) })
      .trim()
      .min(1, messages.fieldRequired)
      .regex(/^[\p{L}\p{N} ]{1,255}$/u, messages.spaceNameCharacters),
    capacity: z
      .union([z.string(), z.number()], { error: requiredError(messages.fieldRequired) })
      .transform((v) => String(v).trim())
      .pipe(
        z
          .string()
          .min(1, messages.fieldRequired)
          .regex(/^\d{1,5}$/, messages.capacityDigits),
      )
      .transform(Number),
    floor: z
      .string()
      .trim()
      .regex(/^[\p{L}\p{N} ]{0,30}$/u, messages.floorCharacters)
      .optional()
      .default(''),
    private_room: z.boolean().optional().default(false),
    minimum_duration_hours: hours,
    minimum_duration_minutes: quarter,
    maximum_duration_hours: hours,
    maximum_duration_minutes: quarter,
    start_time: wallTime,
    end_time: wallTime,
    description: z
      .string({ error: requiredError(messages.fieldRequired) })
      .trim()
      .min(1, messages.fieldRequired)
      .max(5000),
    organization_roomtype_id: z.enum(spaceTypeKeys, { error: requiredError(messages.selectRequired) }),
    status: z.enum(['enabled', 'disabled'], { error: requiredError(messages.selectRequired) }),
    native_meetingroom_id: z.string().trim().max(100).optional().default(''),
    pre_makeup_hours: hours,
    pre_makeup_minutes: quarter,
    post_makeup_hours: hours,
    post_makeup_minutes: quarter,
    selectedAmenities: z.array(spaceAmenitySchema).max(100).optional().default([]),
    selectedRates: z.array(spaceRateSchema).max(3).optional().default([]),
    full_photo: z.array(z.string().max(500)).max(5).optional().default([]),
    childRooms: z.array(z.number().int().positive()).max(50).optional().default([]),
    blackoutPeriods: z.array(blackoutPeriodSchema).max(100).optional().default([]),
    deletedBlackoutPeriods: z.array(z.number().int().positive()).max(100).optional().default([]),
    security_bond_required: z.boolean().optional().default(false),
    security_bond_amount: z.union([z.string(), z.number(), z.null()]).optional(),
    site_access_instructions: z.string().trim().max(5000).optional().default(''),
    calendar_type: z.enum(['GOOGLE_CALENDAR']).optional(),
    google_account_email: z.string().trim().max(255).optional().default(''),
    service_account_email: z.string().trim().max(255).optional().default(''),
    /** Write-only: absent keeps, '' clears, a value replaces. */
    service_account_private_key: z.string().max(10000).optional(),
    ms_365_resource_email: z
      .union([z.literal(''), z.email({ error: requiredError(messages.invalidEmail) })])
      .optional()
      .default(''),
  })
  .superRefine((s, ctx) => {
    const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
    if (s.minimum_duration_hours === 24 && s.minimum_duration_minutes !== 0)
      add('minimum_duration_minutes', messages.selectRequired)
    if (s.maximum_duration_hours === 24 && s.maximum_duration_minutes !== 0)
      add('maximum_duration_minutes', messages.selectRequired)
    const min = s.minimum_duration_hours * 60 + s.minimum_duration_minutes
    const max = s.maximum_duration_hours * 60 + s.maximum_duration_minutes
    if (s.minimum_duration_hours > s.maximum_duration_hours)
      add('maximum_duration_hours', messages.bookingHourRange)
    else if (s.minimum_duration_hours === s.maximum_duration_hours && max <= min && min > 0)
      add('maximum_duration_minutes', messages.bookingHourRange)
    if (s.end_time <= s.start_time) add('end_time', messages.invalidTimeRange)
    if (s.selectedRates.length === 0) add('selectedRates', messages.addSpaceRate)
    const units = s.selectedRates.map((r) => r.unit)
    if (new Set(units).size !== units.length) add('selectedRates', messages.rateUnitTwice)
    const amenityIds = s.selectedAmenities.map((a) => a.amenity_id)
    if (new Set(amenityIds).size !== amenityIds.length) add('selectedAmenities', messages.serviceInPipeline)
    if (s.security_bond_required) {
      const raw =
        s.security_bond_amount === null || s.security_bond_amount === undefined
          ? ''
          : String(s.security_bond_amount).trim()
      if (raw === '') add('security_bond_amount', messages.securityBondAmount)
      else if (!/^\d{1,10}(\.\d{1,2})?$/.test(raw)) add('security_bond_amount', messages.securityBondDecimals)
    }
    if (s.childRooms.length === 1) add('childRooms', messages.combineAtLeastTwo)
    const calendar = [s.google_account_email, s.service_account_email, s.service_account_private_key ?? '']
    if (calendar.some((v) => v !== '')) {
      if (!s.google_account_email) add('google_account_email', messages.googleAccountEmail)
      else if (!z.email().safeParse(s.google_account_email).success)
        add('google_account_email', messages.invalidEmailColon(s.google_account_email))
      if (!s.service_account_email) add('service_account_email', messages.serviceAccountEmail)
      else if (!z.email().safeParse(s.service_account_email).success)
        add('service_account_email', messages.invalidEmailColon(s.service_account_email))
      if (s.service_account_private_key === '')
        add('service_account_private_key', messages.serviceAccountPrivateKey)
    }
  })
export type SpaceInput = z.infer<typeof spaceSchema>

/** The list's actions on PUT /api/meetingroom/{id} (spec 3 §7), told apart by their code. */
export const spaceActionSchema = z.discriminatedUnion('code', [
  z.strictObject({
    code: z.literal('DISPLAY_ORDER'),
    id: z.number().int().positive().optional(),
    display_order: z.coerce
      .number({ error: requiredError(messages.displayOrderInvalid) })
      .int(messages.displayOrderInvalid)
      .min(0, messages.displayOrderInvalid)
      .max(99999, messages.displayOrderInvalid),
  }),
  z.strictObject({
    code: z.literal('ACTIVE_INACTIVE'),
    id: z.number().int().positive().optional(),
    is_active: z.union([z.literal(0), z.literal(1)]),
    status: z.enum(['enabled', 'disabled']).optional(),
  }),
  z.strictObject({
    code: z.literal('RESTORE'),
    id: z.number().int().positive().optional(),
    deleted_at: z.null().optional(),
  }),
  z.strictObject({ code: z.literal('ARCHIVE'), id: z.number().int().positive().optional() }),
])
export type SpaceAction = z.infer<typeof spaceActionSchema>
