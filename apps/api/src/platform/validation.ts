import { messages } from '@spaceboard/domain'
import type { z } from 'zod'
import { badRequest, type FieldErrors } from './errors.ts'

/** The error contract's field messages for a zod failure (used where a route picks its schema itself). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors[key] ??= messages.unknownField(key)
      continue
    }
    errors[issue.path.join('.') || '_'] ??= issue.message
  }
  return errors
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const errors = fieldErrorsOf(result.error)
  throw badRequest(Object.values(errors)[0] ?? 'Invalid value.', errors)
}
