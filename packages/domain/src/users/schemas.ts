import { z } from 'zod'
import { newPasswordField } from '../auth/password-policy.ts'
import { listQuerySchema } from '../list.ts'
import { messages } from '../messages.ts'
import { userTypes } from '../roles.ts'
import { requiredError } from '../validation-messages.ts'

export const userOrderKeys = [
  'first_name',
  'last_name',
  'email',
  'type',
  'organizationName',
  'clientName',
  'created_at',
  'lastLogin',
] as const
const flag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((v) => v === '1' || v === 'true')
export const userListQuerySchema = listQuerySchema(userOrderKeys).extend({
  clientId: z.coerce.number().int().positive().optional(),
  /** super filters */
  organization_id: z.coerce.number().int().positive().optional(),
  excludeInactiveOrganizations: flag,
  excludeArchived: flag,
  excludeSuper: flag,
  userType: z.enum(userTypes).optional(),
  /** 1: the Excel export (super). */
  report: z.enum(['1']).optional(),
})

const name = z
  .string({ error: requiredError(messages.fieldRequired) })
  .trim()
  .min(1, messages.fieldRequired)
  .regex(/^[\p{L} ]{1,255}$/u, messages.alphabetsMax255)
const optionalEmail = z.union([
  z.literal(''),
  z
    .string()
    .trim()
    .max(255)
    .pipe(z.email({ error: requiredError(messages.invalidEmail) })),
])
const phone = z.union([
  z.literal(''),
  z
    .string()
    .trim()
    .max(30, messages.invalidPhone)
    .regex(/^[\d\-+() ]+$/, messages.invalidPhone),
])
const letters = (max: number, message: string) =>
  z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .regex(new RegExp(`^[\\p{L} ]{1,${max}}$`, 'u'), message),
  ])

const userFields = {
  type: z.enum(userTypes, { error: requiredError(messages.selectRequired) }),
  first_name: name,
  last_name: name,
  email: z
    .string({ error: requiredError(messages.fieldRequired) })
    .trim()
    .min(1, messages.fieldRequired)
    .max(255)
    .pipe(z.email({ error: requiredError(messages.invalidEmail) })),
  mobile: phone.optional().default(''),
  client_id: z.coerce.number().int().positive().nullable().optional(),
  company_name: z.string().trim().max(255).optional().default(''),
  /**
   * Issue 15: the company name makes a new client only when this is set (the person confirmed it),
   * and never one whose name the organization already has; otherwise it names an existing client.
   */
  new_client: z.boolean().optional().default(false),
  company_email: optionalEmail.optional().default(''),
  company_phone: phone.optional().default(''),
  street: z.string().trim().max(100, messages.max100).optional().default(''),
  city: letters(255, messages.alphabetsMax255).optional().default(''),
  state: letters(100, messages.alphabetsMax100).optional().default(''),
  country_id: z.coerce.number().int().positive().nullable().optional(),
  postcode: z
    .string()
    .trim()
    .max(20, messages.postcodeMax20)
    .regex(/^[\p{L}\p{N} ]*$/u, messages.postcodeCharacters)
    .optional()
    .default(''),
  exclude_from_reporting: z.boolean().optional().default(false),
  /** Required for super; ignored for everybody else. */
  organization_id: z.coerce.number().int().positive().nullable().optional(),
}

export const userCreateSchema = z
  .strictObject({
    ...userFields,
    password: newPasswordField(messages.fieldRequired),
  })
  // Super users belong to no organization, so they have no company either.
  .refine((u) => u.type === 'super' || u.company_name !== '' || Boolean(u.client_id), {
    message: messages.fieldRequired,
    path: ['company_name'],
  })
export type UserCreateInput = z.infer<typeof userCreateSchema>

export const userUpdateSchema = z.strictObject(userFields)
export type UserUpdateInput = z.infer<typeof userUpdateSchema>

/**
 * The Change password dialog: both fields required and equal, the password policy; the current
 * password too when the user changes their own (checked by the API, which knows whose it is).
 */
export const changePasswordSchema = z
  .strictObject({
    current_password: z.string().max(200).optional(),
    password: newPasswordField(messages.fieldRequired),
    confirm_password: z
      .string({ error: requiredError(messages.fieldRequired) })
      .min(1, messages.fieldRequired)
      .max(200),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: messages.passwordDoesNotMatch,
    path: ['confirm_password'],
  })
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>

/** Archive, restore and permanent delete share one update call (spec: code PERMENANT). */
export const userStatusSchema = z.strictObject({
  id: z.coerce.number().int().positive().optional(),
  deleted_at: z.null().optional(),
  code: z.enum(['ARCHIVE', 'RESTORE', 'PERMENANT']),
})

/** Columns of the user Excel export, in order (spec 1 §9). */
export const userExportColumns = [
  'Organization',
  'TypeOfUser',
  'FirstName',
  'LastName',
  'Email',
  'PhoneNumber',
  'ClientName',
  'ClientEmail',
  'ClientPhone',
  'Street',
  'City',
  'State',
  'Country',
  'PostCode',
  'Status',
  'LastLoginDateTime',
] as const

/** Who a user of the given type may create: a csr cannot create admin or csr users (spec 1 §6). */
export function creatableUserTypes(
  actorType: (typeof userTypes)[number],
): readonly (typeof userTypes)[number][] {
  if (actorType === 'super') return userTypes
  if (actorType === 'admin') return ['admin', 'csr', 'basic']
  if (actorType === 'csr') return ['basic']
  return []
}

/**
 * Why a user of `actorType` may not create or manage a user of `targetType`, naming the rule; null
 * when they may.
 */
export function userTypeRefusal(
  actorType: (typeof userTypes)[number],
  targetType: (typeof userTypes)[number],
): string | null {
  if (creatableUserTypes(actorType).includes(targetType)) return null
  if (targetType === 'super') return messages.onlySuperCreatesSuper
  if (actorType === 'csr') return messages.csrCannotCreateStaff
  return messages.forbidden
}
