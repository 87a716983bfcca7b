import { z } from 'zod'
import { listQuerySchema } from '../list.ts'
import { messages } from '../messages.ts'
import { requiredError } from '../validation-messages.ts'

export const regionOrderKeys = ['name', 'parent', 'globalregion', 'updated_at'] as const
export const regionListQuerySchema = listQuerySchema(regionOrderKeys).extend({
  /** 1: include the global region of each region (spec: "regions list with globalRegion 1"). */
  globalRegion: z.string().max(5).optional(),
  /** 1: only regions that can be parents (for the parent select). */
  parents: z.string().max(5).optional(),
  /** With parents=1: the region being edited, left out with its descendants (they cannot be its parent). */
  except: z.coerce.number().int().positive().optional(),
  organization_id: z.coerce.number().int().positive().optional(),
})

export const regionSchema = z.strictObject({
  name: z
    .string({ error: requiredError(messages.fieldRequired) })
    .trim()
    .min(1, messages.fieldRequired)
    .max(255),
  /** "0" means no parent. */
  parent_id: z.coerce
    .number({ error: requiredError(messages.selectRequired) })
    .int()
    .min(0)
    .optional()
    .default(0),
  global_region_id: z.coerce
    .number({ error: requiredError(messages.selectRequired) })
    .int(messages.selectRequired)
    .positive(messages.selectRequired),
  organization_id: z.coerce.number().int().positive().optional(),
})
export type RegionInput = z.infer<typeof regionSchema>

export interface Region {
  id: number
  name: string
  parent_id: number
  parent: string | null
  global_region_id: number
  globalregion: string | null
  is_default: boolean
  organization_id: number
  organizationName: string | null
  updated_at: string
}
