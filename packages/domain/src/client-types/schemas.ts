import { z } from 'zod'
import { listQuerySchema } from '../list.ts'
import { messages } from '../messages.ts'
import { requiredError } from '../validation-messages.ts'

export const clientTypeOrderKeys = ['name', 'updated_at'] as const
export const clientTypeListQuerySchema = listQuerySchema(clientTypeOrderKeys).extend({
  /** super: the organization whose client types to list. */
  organization_id: z.coerce.number().int().positive().optional(),
})

export const clientTypeSchema = z.strictObject({
  name: z
    .string({ error: requiredError(messages.fieldRequired) })
    .trim()
    .min(1, messages.fieldRequired)
    .max(255),
  /** Required for super (the organization it belongs to); ignored for everybody else. */
  organization_id: z.coerce.number().int().positive().optional(),
})
export type ClientTypeInput = z.infer<typeof clientTypeSchema>

export interface ClientType {
  id: number
  name: string
  is_default: boolean
  organization_id: number | null
  organizationName: string | null
  updated_at: string
}
