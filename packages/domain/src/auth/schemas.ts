import { z } from 'zod'
import { messages } from '../messages.ts'
import { newPasswordField } from './password-policy.ts'
import { EMAIL_EXAMPLE, EMAIL_PATTERN } from './rules.ts'

export { EMAIL_EXAMPLE, EMAIL_PATTERN, signInEmailError } from './rules.ts'

export const signInEmailSchema = z
  .string()
  .trim()
  .max(255)
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: () => messages.invalidEmailExample(EMAIL_EXAMPLE) }))

export const signInSchema = z.strictObject({
  backend: z.literal(1).optional(),
  email: signInEmailSchema,
  password: z.string().min(1, messages.passwordRequired).max(200),
})
export type SignInInput = z.infer<typeof signInSchema>

export const forgotPasswordSchema = z.strictObject({ email: signInEmailSchema })

export const newPasswordSchema = newPasswordField(messages.passwordRequired)

export const resetPasswordSchema = z
  .strictObject({
    token: z.string().min(1, messages.resetTokenInvalid).max(200),
    password: newPasswordSchema,
    confirm_password: z.string().max(200),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: messages.confirmPasswordMismatch,
    path: ['confirm_password'],
  })
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>
