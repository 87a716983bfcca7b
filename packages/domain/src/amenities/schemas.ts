import { z } from 'zod'
import { listQuerySchema } from '../list.ts'
import { messages } from '../messages.ts'
import { requiredError } from '../validation-messages.ts'

/** The spec's amenity categories (spec 3 §3 Amenity). */
export const amenityCategories = ['Audio Visual', 'Refreshments / Catering', 'Telecom', 'Other'] as const
export const amenityOrderKeys = ['name', 'category', 'updated_at'] as const
export const amenityListQuerySchema = listQuerySchema(amenityOrderKeys)

export const amenitySchema = z.strictObject({
  name: z
    .string({ error: requiredError(messages.fieldRequired) })
    .trim()
    .min(1, messages.fieldRequired)
    .max(255),
  category: z.enum(amenityCategories, { error: requiredError(messages.selectRequired) }),
  /** The icon's URL, as the upload answered it. */
  image: z
    .string({ error: requiredError(messages.uploadIcon) })
    .trim()
    .min(1, messages.uploadIcon)
    .max(500),
})
export type AmenityInput = z.infer<typeof amenitySchema>
