import { z } from 'zod'

const idMessage = 'The id must be a whole number.'

/** A database id: plain decimal digits only (no 1e3, 0x10, 1.0), within integer range. */
export const idValue = z
  .union([z.string(), z.number()], { error: () => idMessage })
  .transform(String)
  .pipe(z.string().regex(/^[1-9]\d{0,9}$/, idMessage))
  .transform(Number)
  .pipe(z.number().max(2_147_483_647, idMessage))

export const idParams = z.object({ id: idValue })
