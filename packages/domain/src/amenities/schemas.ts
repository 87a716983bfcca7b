import { z } from 'zod'
import { listQuerySchema } from '../list.ts'
import { messages } from '../messages.ts'

export const amenityCategories = [
  'Audio visual',
  'Equipment',
  'Connectivity',
  'Catering',
  'Access',
  'Comfort',
  'Services',
] as const
export const amenityOrderKeys = ['name', 'category', 'updated_at'] as const
export const amenityListQuerySchema = listQuerySchema(amenityOrderKeys)

export const amenitySchema = z.strictObject({
  name: z
    .string({ error: () => messages.fieldRequired })
    .trim()
    .min(1, messages.fieldRequired)
    .max(255),
  category: z.enum(amenityCategories, { error: () => messages.selectRequired }),
  /** The icon's URL, as the upload answered it. */
  image: z
    .string({ error: () => messages.uploadIcon })
    .trim()
    .min(1, messages.uploadIcon)
    .max(500),
})
export type AmenityInput = z.infer<typeof amenitySchema>
