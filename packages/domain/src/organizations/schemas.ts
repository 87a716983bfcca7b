import { z } from 'zod'
import { EMAIL_EXAMPLE } from '../auth/schemas.ts'
import { listQuerySchema } from '../list.ts'
import { messages } from '../messages.ts'
import { plans } from '../roles.ts'
import { isoDateSchema } from '../time.ts'
import { requiredError } from '../validation-messages.ts'
import {
  billingSheetColumns,
  colors,
  currencies,
  featureFlags,
  MAX_BLACKOUT_PERIODS,
  MAX_NOTICE_DAYS,
  paymentMethods,
  spaceTypes,
  taxTypes,
  timeFormats,
} from './constants.ts'

export const URL_EXAMPLE_HOST = 'https://www.example.com'

export const organizationOrderKeys = ['name', 'contact_number', 'contact_email', 'created_at'] as const
export const organizationListQuerySchema = listQuerySchema(organizationOrderKeys)

/** A required text: empty gets the spec's message, too long `tooLong` or the rule naming the limit. */
const required = (max: number, tooLong?: string) =>
  z
    .string({ error: requiredError(messages.fieldRequired) })
    .trim()
    .min(1, messages.fieldRequired)
    .max(max, tooLong)
const optionalText = (max: number) => z.string().trim().max(max).optional().default('')
const select = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: requiredError(messages.selectRequired) })
const requiredId = z.coerce
  .number({ error: requiredError(messages.selectRequired) })
  .int(messages.selectRequired)
  .positive(messages.selectRequired)

export const orgEmail = z
  .string({ error: requiredError(messages.fieldRequired) })
  .trim()
  .min(1, messages.fieldRequired)
  .max(255)
  .pipe(z.email({ error: requiredError(messages.invalidEmailEg(EMAIL_EXAMPLE)) }))
const httpUrl = z
  .string()
  .trim()
  .max(255)
  .regex(/^https?:\/\/\S+$/i, messages.urlMustStartWithHttp(URL_EXAMPLE_HOST))
const optionalHttpUrl = z
  .union([z.literal(''), httpUrl])
  .optional()
  .default('')
const lettersMax100 = z
  .string()
  .trim()
  .regex(/^[\p{L} ]{0,100}$/u, messages.alphabetsMax100)
  .optional()
  .default('')
export const contactNumber = z
  .string({ error: requiredError(messages.fieldRequired) })
  .trim()
  .min(1, messages.fieldRequired)
  .max(30, messages.contactNumberCharacters)
  .regex(/^[\d\-+() ]+$/, messages.contactNumberCharacters)

/** A blackout date, YYYY-MM-DD (a real one: 2026-02-30 is refused). */
const blackoutDate = isoDateSchema()

export const blackoutPeriodSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  blackout_period_start_date: z.union([z.literal(''), z.null(), blackoutDate]).optional(),
  blackout_period_end_date: z.union([z.literal(''), z.null(), blackoutDate]).optional(),
})
export type BlackoutPeriodInput = z.infer<typeof blackoutPeriodSchema>

/**
 * Blackout period rules shared by organizations and spaces (spec 1 §5). `today` is YYYY-MM-DD;
 * dates of new rows may not be before it. Returns the messages by row index.
 */
export function blackoutPeriodErrors(rows: BlackoutPeriodInput[], today: string): Record<string, string> {
  const errors: Record<string, string> = {}
  if (rows.length > MAX_BLACKOUT_PERIODS) errors.blackoutPeriods = messages.blackoutMaximum
  rows.forEach((row, index) => {
    const start = row.blackout_period_start_date || ''
    const end = row.blackout_period_end_date || ''
    const key = `blackoutPeriods.${index}`
    if (!start && (rows.length > 1 || end))
      errors[`${key}.blackout_period_start_date`] = messages.blackoutStartRequired
    else if (start && end && start > end) errors[`${key}.blackout_period_end_date`] = messages.startBeforeEnd
    else if (!row.id && start && start < today)
      errors[`${key}.blackout_period_start_date`] = messages.blackoutInPast
  })
  return errors
}

const codeText = z.string().trim().max(100).optional().default('')
const idRecord = (value: z.ZodType<string>) =>
  z.record(z.string().regex(/^\d+$/), value).optional().default({})
const spaceTypeKeys = spaceTypes.map((t) => t.key) as [string, ...string[]]
const billingColumnName = z
  .string()
  .trim()
  .regex(/^[\p{L}\p{N} ]{0,255}$/u, messages.billingColumnCharacters)

/** Write-only secret: absent keeps the stored value, '' clears it, a string replaces it. */
const secret = z.string().max(4000).optional()

export const organizationSchema = z
  .strictObject({
    // General
    name: required(255),
    mh_url: required(255),
    org_url: z
      .union([
        z.literal(''),
        z
          .string()
          .trim()
          .max(255)
          .regex(/^www\./i, messages.orgUrlMustStartWithWww),
      ])
      .optional()
      .default(''),
    description: optionalText(5000),
    company_registration_number: required(100),
    booking_prefix: z.string().trim().max(20).optional().default(''),
    refund_prefix: z.string().trim().max(20).optional().default(''),
    street: required(100, messages.max100),
    city: lettersMax100,
    state: lettersMax100,
    postcode: z
      .string()
      .trim()
      .max(20, messages.postcodeMax20)
      .regex(/^[\p{L}\p{N} ]*$/u, messages.postcodeCharacters)
      .optional()
      .default(''),
    country_id: requiredId,
    time_format: select(timeFormats),
    currency_code: select(currencies),
    month_id: z.coerce
      .number({ error: requiredError(messages.selectRequired) })
      .int(messages.selectRequired)
      .min(1, messages.selectRequired)
      .max(12, messages.selectRequired),
    organization_region_id: requiredId,
    color: select(colors.map((c) => c.name) as [string, ...string[]]),
    // Contact details
    contact_number: contactNumber,
    contact_email: orgEmail,
    website: z
      .string({ error: requiredError(messages.fieldRequired) })
      .trim()
      .min(1, messages.fieldRequired)
      .pipe(httpUrl),
    contact_us_email: orgEmail,
    booking_email: orgEmail,
    sender_email: orgEmail,
    facebook_url: optionalHttpUrl,
    twitter_url: optionalHttpUrl,
    linkedIn_url: optionalHttpUrl,
    instagram_url: optionalHttpUrl,
    // Accounts / Finance
    banking_details: optionalText(2000),
    taxes_label: z.string().trim().max(100).optional().default(''),
    taxes_percent: z
      .union([z.null(), z.literal(''), z.coerce.number({ error: requiredError(messages.taxPercentRange) })])
      .optional()
      .transform((v) => (v === '' ? null : v))
      .refine(
        (v) => v === null || v === undefined || (v >= 0 && v <= 99 && Math.round(v * 100) === v * 100),
        messages.taxPercentRange,
      ),
    taxes_type: z.string().trim().max(100).optional().default(''),
    tax_type: z.enum(taxTypes.map((t) => t.value) as ['exclusive', 'inclusive']).optional(),
    monthly_billing: z.boolean().optional().default(false),
    invoice_numbering: z.string().trim().max(50).optional().default(''),
    orgBillingSheetColumns: z
      .partialRecord(z.enum(billingSheetColumns), billingColumnName)
      .optional()
      .default({}),
    // Settings
    client_default_payment_method: select(paymentMethods.map((p) => p.value) as ['invoice', 'credit_card']),
    minimum_notice_period: z.coerce
      .number({ error: requiredError(messages.noticePeriodRange) })
      .int(messages.noticePeriodRange)
      .min(0, messages.noticePeriodRange)
      .max(MAX_NOTICE_DAYS, messages.noticePeriodRange)
      .optional()
      .default(0),
    use_email_template: z.boolean().optional(),
    // Lists
    blackoutPeriods: z.array(blackoutPeriodSchema).max(100).optional().default([]),
    deletedBlackoutPeriods: z.array(z.number().int().positive()).max(100).optional().default([]),
    orgClientTypes: z.array(z.number().int().positive()).max(200).optional().default([]),
    removedClientType: z.array(z.number().int().positive()).max(200).optional().default([]),
    orgAmenities: z.array(z.number().int().positive()).max(500).optional().default([]),
    removedAmenity: z.array(z.number().int().positive()).max(500).optional().default([]),
    amenitiesCode: idRecord(z.string().trim().max(100)),
    amenitiesAccountCode: idRecord(z.string().trim().max(100)),
    packagesAccountCode: idRecord(z.string().trim().max(100)),
    packagesInventoryItemCode: idRecord(z.string().trim().max(100)),
    orgRoomTypes: z.array(z.enum(spaceTypeKeys)).max(20).optional().default([]),
    removedOrgRoomTypes: z.array(z.enum(spaceTypeKeys)).max(20).optional().default([]),
    orgRoomTypeCodes: z
      .partialRecord(z.enum(spaceTypeKeys), z.strictObject({ account_code: codeText, code: codeText }))
      .optional()
      .default({}),
    // Super Admin panel
    mh_customer_id: z.string().trim().max(100).optional(),
    exclude_from_reporting: z.boolean().optional(),
    mh_plan: z.enum(plans).optional(),
    licensed_spaces: z.coerce
      .number({ error: requiredError(messages.licensedSpacesRange) })
      .int(messages.licensedSpacesRange)
      .min(0, messages.licensedSpacesRange)
      .max(100_000, messages.licensedSpacesRange)
      .optional(),
    commission_rate: z
      .union([z.string(), z.number()], { error: () => messages.commissionRateRange })
      .transform((v) => String(v).trim() || '0')
      .pipe(z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, messages.commissionRateRange))
      .refine((v) => Number(v) <= 100, messages.commissionRateRange)
      .optional(),
    features: z
      .partialRecord(z.enum(featureFlags.map((f) => f.key) as [string, ...string[]]), z.boolean())
      .optional(),
    charge_amenities: z.literal(1).optional(),
    ms365_tenant_id: z.string().trim().max(255).optional(),
    ms365_client_id: z.string().trim().max(255).optional(),
    ms365_client_secret: secret,
    ms365_proxy_user_email: z.union([z.literal(''), z.email()]).optional(),
    ms365_default_client_name: z.string().trim().max(255).optional(),
    stripe_publishable_key: z.string().trim().max(255).optional(),
    stripe_secret_key: secret,
    google_analytics_code: z.string().trim().max(50).optional(),
    enable_api: z.boolean().optional(),
    generateToken: z.boolean().optional(),
    generateWebToken: z.boolean().optional(),
    third_party_org_code: z.string().trim().max(50).optional(),
    // Third-party credentials
    thirdPartyCredentials: z
      .strictObject({
        customer_name: z.string().trim().max(255).optional().default(''),
        username: z.string().trim().max(255).optional().default(''),
        password: secret,
      })
      .optional(),
    logo: z.string().max(500).nullable().optional(),
  })
  .superRefine((org, ctx) => {
    const add = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: path.split('.'), message })
    if (org.monthly_billing && !org.invoice_numbering)
      add('invoice_numbering', messages.invoiceNumberingRequired)
    if (org.taxes_percent != null && org.taxes_label && !/^[\p{L}\p{N} ]{1,100}$/u.test(org.taxes_label)) {
      add('taxes_label', messages.taxLabelCharacters)
    }
    if (org.features?.enable_ms_365) {
      if (!org.ms365_client_id) add('ms365_client_id', messages.ms365ClientId)
      if (!org.ms365_tenant_id) add('ms365_tenant_id', messages.ms365TenantId)
      if (!org.ms365_default_client_name) add('ms365_default_client_name', messages.ms365DefaultClientName)
    }
  })
export type OrganizationInput = z.infer<typeof organizationSchema>

/** Restore sends the time format back (dd/mm when empty). */
export const organizationRestoreSchema = z.strictObject({
  time_format: z
    .union([z.literal(''), z.enum(timeFormats)])
    .optional()
    .transform((v) => v || 'dd/mm'),
})

/** When the tax percent is empty, the tax label and type are cleared too (spec 1 §4). */
export function normalizeTaxes<
  T extends { taxes_percent?: number | null; taxes_label: string; taxes_type: string },
>(org: T): T {
  return org.taxes_percent === null ? { ...org, taxes_label: '', taxes_type: '' } : org
}
