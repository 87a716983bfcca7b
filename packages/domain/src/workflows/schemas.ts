import { z } from 'zod'
import { emailTemplateTypeKeys } from '../email-templates/types.ts'
import { listQuerySchema } from '../list.ts'
import { requiredError } from '../validation-messages.ts'

/** The workflow screens' texts (spec 3 §5, §8), verbatim. */
export const workflowMessages = {
  selectOrganization: 'Please select an organization',
  enterName: 'Please enter a workflow name',
  enterTimeValue: 'Please enter a time value',
  valueAtMost: (max: number) => `Value must be less than or equal to ${max}`,
  selectEventVariable: 'Please select an event variable',
  // Ours: the spec names the fields required without a message of their own.
  selectActionType: 'Please select an action type',
  selectEmailTemplate: 'Please select an email template',
  selectTimeUnit: 'Please select a time unit',
  selectDirection: 'Please select a direction',
  templateNotOffered: 'Please select an email template of this organization',
  locationNotFound: 'Please select a location of this organization',
  spaceNotFound: 'Please select a space of this location',
  loadOrganizationsFailed: 'Failed to load organizations',
  loadCentersFailed: 'Failed to load centers',
  loadRoomsFailed: 'Failed to load rooms',
  loadTemplatesFailed: 'Failed to load email templates',
  loadFailed: 'Failed to load workflow',
  saveFailed: 'Failed to save workflow',
  deleteFailed: 'Error: Failed to delete workflow',
  created: 'Success: Workflow successfully created',
  updated: 'Success: Workflow successfully updated',
  deleted: 'Success: Workflow successfully deleted',
  confirmDelete: 'Do you really want to delete this workflow?',
  templateDeleteFailed: 'Error: Failed to delete the email template',
  cannotDeleteTemplateTitle: 'Cannot Delete Email Template',
  cannotDeleteTemplate: (names: string[]) =>
    `This email template is used in the following workflows: ${names.join(', ')}. Remove or update these workflows first.`,
} as const

export const workflowTimeUnits = ['Minutes', 'Hours', 'Days'] as const
export type WorkflowTimeUnit = (typeof workflowTimeUnits)[number]
/** Spec 3 §9. */
export const workflowUnitMaximum: Record<WorkflowTimeUnit, number> = { Minutes: 60, Hours: 24, Days: 365 }
export const workflowDirections = ['Before', 'After'] as const
export type WorkflowDirection = (typeof workflowDirections)[number]
export const workflowEventVariables = [
  { value: 'event_date', label: 'Event Date' },
  { value: 'transaction_date', label: 'Transaction Date' },
] as const
export type WorkflowEventVariable = (typeof workflowEventVariables)[number]['value']
export const workflowActionTypes = ['Send Email'] as const
export type WorkflowActionType = (typeof workflowActionTypes)[number]
export const workflowDefaults = { time_value: 1, time_unit: 'Minutes', direction: 'Before' } as const

/** The value a time unit change leaves: kept while within the new unit's maximum, else 1 (spec 3 §4). */
/** A workflow's time as people read it: "1 Minute Before", "3 Days After" (the unit singular for 1). */
export function workflowTimeLabel(
  value: number,
  unit: WorkflowTimeUnit,
  direction: WorkflowDirection,
): string {
  return `${value} ${value === 1 ? unit.slice(0, -1) : unit} ${direction}`
}

export function timeValueAfterUnitChange(value: number, unit: WorkflowTimeUnit): number {
  return value > workflowUnitMaximum[unit] ? 1 : value
}

export const workflowOrderKeys = [
  'name',
  'organizationName',
  'locationName',
  'spaceName',
  'action_type',
  'emailTemplateType',
  'event_variable',
  'created_at',
] as const
export type WorkflowOrder = (typeof workflowOrderKeys)[number]

export const workflowListQuerySchema = listQuerySchema(workflowOrderKeys).extend({
  organization_id: z.coerce.number().int().positive().optional(),
})

const optionalId = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '' || v === -1 || v === '-1') return null
    const n = Number(v)
    if (!Number.isInteger(n) || n <= 0) {
      ctx.addIssue({ code: 'custom', message: 'Not a valid id' })
      return z.NEVER
    }
    return n
  })

/**
 * Create and update body (spec 3 §3, §5). The template is the organization's template of a type
 * (`email_template_id`) or, without one, the built-in default of `email_template_type`.
 * `organization_id` is required for super when creating and ignored on update.
 */
export const workflowSchema = z
  .strictObject({
    organization_id: z.coerce
      .number({ error: requiredError(workflowMessages.selectOrganization) })
      .int({ error: () => workflowMessages.selectOrganization })
      .positive({ error: () => workflowMessages.selectOrganization })
      .nullish(),
    name: z
      .string({ error: requiredError(workflowMessages.enterName) })
      .trim()
      .min(1, workflowMessages.enterName)
      .max(255),
    center_id: optionalId,
    meetingroom_id: optionalId,
    action_type: z.enum(workflowActionTypes, { error: requiredError(workflowMessages.selectActionType) }),
    email_template_id: optionalId,
    email_template_type: z
      .enum(emailTemplateTypeKeys, { error: requiredError(workflowMessages.selectEmailTemplate) })
      .nullish(),
    time_value: z
      .union([z.number(), z.string()], { error: requiredError(workflowMessages.enterTimeValue) })
      .transform((v, ctx) => {
        const text = String(v).trim()
        const n = Number(text)
        if (text === '') {
          ctx.addIssue({ code: 'custom', message: workflowMessages.enterTimeValue })
          return z.NEVER
        }
        if (!Number.isInteger(n) || n < 1) {
          ctx.addIssue({ code: 'custom', params: { rule: 'whole-number', min: 1 } })
          return z.NEVER
        }
        return n
      }),
    time_unit: z.enum(workflowTimeUnits, { error: requiredError(workflowMessages.selectTimeUnit) }),
    direction: z.enum(workflowDirections, { error: requiredError(workflowMessages.selectDirection) }),
    event_variable: z.enum(['event_date', 'transaction_date'], {
      error: () => workflowMessages.selectEventVariable,
    }),
  })
  .superRefine((input, ctx) => {
    const max = workflowUnitMaximum[input.time_unit]
    if (input.time_value > max)
      ctx.addIssue({ code: 'custom', path: ['time_value'], message: workflowMessages.valueAtMost(max) })
    if (input.email_template_id === null && !input.email_template_type)
      ctx.addIssue({
        code: 'custom',
        path: ['email_template_id'],
        message: workflowMessages.selectEmailTemplate,
      })
    if (input.meetingroom_id !== null && input.center_id === null)
      ctx.addIssue({ code: 'custom', path: ['center_id'], message: workflowMessages.locationNotFound })
  })
export type WorkflowInput = z.infer<typeof workflowSchema>

/** A workflow as the API answers it. */
export interface Workflow {
  id: number
  name: string
  organization_id: number
  organizationName: string
  center_id: number | null
  locationName: string | null
  meetingroom_id: number | null
  spaceName: string | null
  action_type: WorkflowActionType
  email_template_id: number | null
  emailTemplateType: string
  time_value: number
  time_unit: WorkflowTimeUnit
  direction: WorkflowDirection
  event_variable: WorkflowEventVariable
  created_by: number | null
  updated_by: number | null
  created_at: string
  updated_at: string
}

/** One line of a workflow's or a booking's log (spec 3 §3). */
export interface WorkflowLog {
  id: number
  booking_id: number
  workflow_name: string
  status: 'sent' | 'failed' | 'skipped' | 'cancelled'
  remarks: string
  updated_at: string
}

export const workflowExecutionLogQuerySchema = z.object({
  booking_id: z.coerce
    .number({ error: requiredError('booking_id is required') })
    .int()
    .positive(),
})
