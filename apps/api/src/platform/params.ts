import { z } from 'zod'

export const idParams = z.object({
  id: z.coerce
    .number({ error: () => 'The id must be a whole number.' })
    .int('The id must be a whole number.')
    .positive('The id must be a whole number.')
    .max(2_147_483_647, 'The id must be a whole number.'),
})
