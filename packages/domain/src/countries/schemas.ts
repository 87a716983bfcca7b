import { z } from 'zod'
import { listQuerySchema } from '../list.ts'
import { messages } from '../messages.ts'
import { requiredError } from '../validation-messages.ts'

export const countryOrderKeys = ['name', 'code', 'updated_at'] as const
export const countryListQuerySchema = listQuerySchema(countryOrderKeys)

export const countrySchema = z.strictObject({
  name: z
    .string({ error: requiredError(messages.countryNameRequired) })
    .trim()
    .min(1, messages.countryNameRequired)
    .max(50, messages.countryNameCharacters)
    .regex(/^[\p{L} ]+$/u, messages.countryNameCharacters),
  code: z
    .string({ error: requiredError(messages.countryCodeRequired) })
    .trim()
    .min(1, messages.countryCodeRequired)
    .regex(/^[A-Z]{2,3}$/, messages.countryCodeCapitals),
})
export type CountryInput = z.infer<typeof countrySchema>

export interface Country {
  id: number
  name: string
  code: string
  updated_at: string
}
