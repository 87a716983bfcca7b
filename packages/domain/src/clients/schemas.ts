import { z } from 'zod'
import { listQuerySchema } from '../list.ts'
import { messages } from '../messages.ts'
import { paymentMethods } from '../organizations/constants.ts'
import { contactNumber, orgEmail } from '../organizations/schemas.ts'
import { requiredError } from '../validation-messages.ts'

export const clientOrderKeys = [
  'external_client_id',
  'organizationName',
  'name',
  'registeredUser',
  'alterUserName',
] as const
export const clientListQuerySchema = listQuerySchema(clientOrderKeys).extend({
  organization_id: z.coerce.number().int().positive().optional(),
})

const rate = z
  .union([z.literal(''), z.null(), z.coerce.number({ error: requiredError(messages.valueAtLeast0) })])
  .optional()
  .transform((v) => (v === '' || v === null || v === undefined ? 0 : v))
  .pipe(z.number().min(0, messages.valueAtLeast0).max(100, messages.valueAtMost100))
  .transform((v) => Math.round(v * 100) / 100)

const letters100 = z.union([
  z.literal(''),
  z
    .string()
    .trim()
    .regex(/^[\p{L} ]{1,100}$/u, messages.alphabetsMax100),
])

export const clientSchema = z.strictObject({
  organization_id: z.coerce.number().int().positive().nullable().optional(),
  name: z
    .string({ error: requiredError(messages.fieldRequired) })
    .trim()
    .min(1, messages.fieldRequired)
    .max(255),
  external_client_id: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^[\p{L}\p{N} ]{1,255}$/u, messages.externalClientIdCharacters),
    ])
    .optional()
    .default(''),
  street: z.string().trim().max(255).optional().default(''),
  city: letters100.optional().default(''),
  state: letters100.optional().default(''),
  country_id: z.coerce.number().int().positive().nullable().optional(),
  postcode: z
    .string()
    .trim()
    .max(20, messages.postcodeMax20)
    .regex(/^[\p{L}\p{N}]*$/u, messages.postcodeCharacters)
    .optional()
    .default(''),
  contact_email: z
    .union([z.literal(''), orgEmail])
    .optional()
    .default(''),
  contact_number: z
    .union([z.literal(''), contactNumber])
    .optional()
    .default(''),
  website: z.string().trim().max(255).optional().default(''),
  payment_method: z.enum(paymentMethods.map((p) => p.value) as ['invoice', 'credit_card'], {
    error: () => messages.selectRequired,
  }),
  company_number: z.string().trim().max(100).optional().default(''),
  send_confirmation_only: z.boolean().optional().default(false),
  access_to_private_room: z.boolean().optional().default(false),
  notes: z.string().trim().max(5000).optional().default(''),
  internal_percent_discount_rate: rate,
  additional_discount_rate: rate,
  gartisMinutes: z
    .union([z.literal(''), z.null(), z.coerce.string()])
    .optional()
    .transform((v) => (v === '' || v === null || v === undefined ? '0' : v))
    .pipe(z.string().regex(/^\d{1,10}$/, messages.gratisDigits))
    .transform(Number)
    .refine((v) => v % 15 === 0, messages.gratisMultipleOf15),
  clientClientTypes: z.array(z.number().int().positive()).min(1, messages.checkOneClientType).max(100),
  removedClientType: z.array(z.number().int().positive()).max(100).optional().default([]),
})
export type ClientInput = z.infer<typeof clientSchema>

/** Archive (delete) and restore of a client; restore answers the long success message. */
export const clientRestoreSchema = z.strictObject({
  id: z.coerce.number().int().positive(),
  code: z.literal('RESTORE'),
  deleted_at: z.null(),
})
