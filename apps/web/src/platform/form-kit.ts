import type { FormInstance } from 'antd'
import type { Rule } from 'antd/es/form'
import type { z } from 'zod'
import { ApiError } from './api-client.ts'

/**
 * An antd Form rule from one field of a domain zod schema, so the form shows the domain's
 * (the spec's) message verbatim: the first issue wins. Empty inputs are checked as ''.
 */
export function zodRule(schema: z.ZodType): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '')
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '')
    },
  }
}

/** True when the value passes the field schema (to enable a submit button, say). */
export function isValid(schema: z.ZodType, value: unknown): boolean {
  return schema.safeParse(value ?? '').success
}

/**
 * Shows a 400 answer's `errors` on the form's fields. Returns true when at least one field of the
 * form got an error (then no toast is needed), false otherwise.
 */
export function applyServerErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError) || Object.keys(error.errors).length === 0) return false
  const known = new Set(Object.keys(form.getFieldsValue() as Record<string, unknown>))
  const fields = Object.entries(error.errors)
    .filter(([name]) => known.has(name))
    .map(([name, message]) => ({ name, errors: [message] }))
  form.setFields(fields)
  const first = fields[0]
  if (first) form.scrollToField(first.name)
  return fields.length > 0
}

/** The form's values with the strings trimmed, as the domain schemas read them. */
export function trimmed<T extends object>(values: T): T {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(values))
    out[key] = typeof value === 'string' ? value.trim() : value
  return out as T
}
