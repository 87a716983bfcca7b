import { z } from 'zod'
import { listQuerySchema } from '../list.ts'
import { messages } from '../messages.ts'
import { requiredError } from '../validation-messages.ts'

export const globalRegionOrderKeys = ['name', 'code', 'updated_at'] as const
export const globalRegionListQuerySchema = listQuerySchema(globalRegionOrderKeys)

export const globalRegionSchema = z.strictObject({
  name: z
    .string({ error: requiredError(messages.globalRegionNameRequired) })
    .trim()
    .min(1, messages.globalRegionNameRequired)
    .max(255),
  code: z
    .string({ error: requiredError(messages.globalRegionCodeRequired) })
    .trim()
    .min(1, messages.globalRegionCodeRequired)
    .max(50),
})
export type GlobalRegionInput = z.infer<typeof globalRegionSchema>

export interface GlobalRegion {
  id: number
  name: string
  code: string
  is_default: boolean
  updated_at: string
}
