import { MAX_REDIRECT_LENGTH } from '@spaceboard/domain/auth/rules'
import { z } from 'zod'

/** Sign in: where to go back to afterwards. */
export const signInSearchSchema = z.object({
  redirect: z.string().max(MAX_REDIRECT_LENGTH).optional().catch(undefined),
})

/** Reset password: the token of the e-mailed link. */
export const resetPasswordSearchSchema = z.object({
  token: z.string().max(200).optional().catch(undefined),
})

/** Confirm e-mail: the token of the link mailed to the new address. */
export const confirmEmailSearchSchema = resetPasswordSearchSchema
