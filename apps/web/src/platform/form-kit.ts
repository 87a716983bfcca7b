import { ruleMessage } from '@spaceboard/domain'
import type { FormInstance } from 'antd'
import type { Rule } from 'antd/es/form'
import type { z } from 'zod'
import { ApiError } from './api-client.ts'

/**
 * An antd Form rule from one field of a domain zod schema, so the form shows the domain's
 * (the spec's) message verbatim: the first issue wins. Empty inputs are checked as ''.
 * `toInput` wraps the value when the schema is of a larger shape (one key of a record, say).
 */
export function zodRule(schema: z.ZodType, toInput?: (value: unknown) => unknown): Rule {
  return {
    validator: async (rule, value: unknown) => {
      // A field's schema parses its value alone: the rule's field name lets a check without a spec
      // message name the field ("Name must be at most 255 characters."), as the API's answer does.
      const field = String((rule as { field?: unknown }).field ?? '').split('.')
      const result = schema.safeParse(toInput ? toInput(value) : (value ?? ''), {
        error: (issue) => ruleMessage({ ...issue, path: [...field, ...(issue.path ?? [])] }),
      })
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '')
    },
  }
}

function firstIssues(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!result.success) {
    for (const issue of result.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message
  }
  return errors
}

/**
 * The first message of each field of a whole-form schema's issues (paths dotted: `selectedRates.0.unit`);
 * empty when the value passes. For the cross-field rules a single field's schema cannot see.
 *
 * zod skips an object's refinements while one of its fields fails (an empty select, say), so a
 * half-filled form would not show them yet. `standIns` gives a valid value for such fields (or
 * makes one of the wrong value: a list's complete rows, say): the refinements are checked again
 * with them in place, and their messages about the other fields join.
 */
export function schemaErrors(
  schema: z.ZodType,
  value: Record<string, unknown>,
  standIns: Record<string, unknown> = {},
): Record<string, string> {
  const errors = firstIssues(schema.safeParse(value))
  const failed = new Set(Object.keys(errors).map((key) => key.split('.')[0] ?? key))
  const replaced = [...failed].filter((key) => key in standIns)
  if (replaced.length === 0) return errors
  const standIn = (key: string) => {
    const given = standIns[key]
    return typeof given === 'function' ? (given as (wrong: unknown) => unknown)(value[key]) : given
  }
  const patched = { ...value, ...Object.fromEntries(replaced.map((key) => [key, standIn(key)])) }
  for (const [key, message] of Object.entries(firstIssues(schema.safeParse(patched)))) {
    const top = key.split('.')[0] ?? key
    // A stand-in made of the wrong value stands for it as a whole (a list's own message counts).
    const madeOfValue = key === top && typeof standIns[top] === 'function'
    if (!failed.has(top) || madeOfValue) errors[key] ??= message
  }
  return errors
}

/**
 * A rule showing the message a whole-form check gives the field at `key` (its dotted path), so a
 * cross-field rule of a domain schema (end after start, minimum below maximum …) shows on its field.
 */
export function crossFieldRule<TValues>(
  errorsOf: (values: TValues) => Record<string, string>,
  key: string,
): Rule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const message = errorsOf(getFieldsValue(true) as TValues)[key]
      if (message) throw new Error(message)
    },
  })
}

/** True when the value passes the field schema (to enable a submit button, say). */
export function isValid(schema: z.ZodType, value: unknown): boolean {
  return schema.safeParse(value ?? '').success
}

/** A field path: `blackoutPeriods.0.blackout_period_start_date` → `['blackoutPeriods', 0, '…']`. */
export type FieldPath = (string | number)[]

/** The path of an error key of the API (dotted) or of a zod issue; list indexes become numbers. */
export function fieldPathOf(key: string | readonly PropertyKey[]): FieldPath {
  const parts = typeof key === 'string' ? key.split('.') : key.map(String)
  return parts.map((part) => (/^\d+$/.test(part) ? Number(part) : part))
}

const pathKey = (path: readonly (string | number)[]) => path.map(String).join('.')

export interface FieldErrorOptions {
  /** The form's path of an error key when the form is not shaped like the payload; null drops it. */
  pathOf?: (key: string) => FieldPath | null
  /** Called with the paths that got an error before the scroll (to open the sections holding them). */
  onShown?: (paths: FieldPath[]) => void
  /** Scroll to the first error after this many ms (the organization form waits 500 ms); at once by default. */
  scrollDelay?: number
}

/**
 * Shows messages by field (an API answer's `errors`, a schema's issues) on the form's rendered
 * fields and scrolls to the first one. Returns the paths that got an error.
 */
export function showFieldErrors(
  form: FormInstance,
  errors: Record<string, string>,
  options: FieldErrorOptions = {},
): FieldPath[] {
  const registered = new Set<string>()
  form.getFieldsValue(true, (meta) => {
    if (meta) registered.add(pathKey(meta.name))
    return false
  })
  const fields = Object.entries(errors)
    .map(([key, message]) => ({ name: options.pathOf ? options.pathOf(key) : fieldPathOf(key), message }))
    .filter((field): field is { name: FieldPath; message: string } =>
      field.name !== null ? registered.has(pathKey(field.name)) : false,
    )
    .map(({ name, message }) => ({ name, errors: [message] }))
  if (fields.length === 0) return []
  form.setFields(fields)
  const paths = fields.map((field) => field.name)
  options.onShown?.(paths)
  const first = paths[0]
  if (first) {
    const scroll = () => form.scrollToField(first, { block: 'center', behavior: 'smooth' })
    if (options.scrollDelay) setTimeout(scroll, options.scrollDelay)
    else scroll()
  }
  return paths
}

/**
 * Shows a 400 answer's `errors` on the form's fields. Returns true when at least one field of the
 * form got an error (then no toast is needed), false otherwise.
 */
export function applyServerErrors(
  form: FormInstance,
  error: unknown,
  options: FieldErrorOptions = {},
): boolean {
  if (!(error instanceof ApiError) || Object.keys(error.errors).length === 0) return false
  return showFieldErrors(form, error.errors, options).length > 0
}

/** Passwords keep every character the person typed; only other text is trimmed. */
const untrimmed = /password|private_key|secret/i

/** The form's values with the strings trimmed, as the domain schemas read them. */
export function trimmed<T extends object>(values: T): T {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(values))
    out[key] = typeof value === 'string' && !untrimmed.test(key) ? value.trim() : value
  return out as T
}
