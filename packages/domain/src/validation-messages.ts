import { z } from 'zod'

/**
 * What a person reads when a value breaks a rule the spec gives no text for: one sentence naming the
 * field and the rule (its limit, its range). Installed as zod's error map for API and web alike, so
 * zod's own texts ("Invalid input: expected number, received NaN") never reach anyone; the spec's
 * messages stay where a schema or check gives them.
 */

/** Labels where the key read as words would not be the form's label. */
const fieldLabels: Record<string, string> = {
  org_id: 'Organization',
  orgId: 'Organization',
  organization_id: 'Organization',
  email_subject: 'Subject',
  email_content: 'Email content',
  mh_url: 'Spaceboard URL',
  org_url: 'Org URL',
  _: 'The value',
}

const upperWords = new Set(['url', 'api', 'gst', 'vat', 'id', 'ms365', 'csr', 'mh'])

/** A field's label from its key: `center_id` → "Center", `newStartTime` → "New start time". */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const key = [...path].reverse().find((part): part is string => typeof part === 'string') ?? '_'
  const known = fieldLabels[key]
  if (known) return known
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase())
  if (words.length > 1 && words.at(-1) === 'id') words.pop()
  const text = words.map((word) => (upperWords.has(word) ? word.toUpperCase() : word)).join(' ')
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'The value'
}

const plural = (n: number | bigint, one: string, many: string) => `${n} ${Number(n) === 1 ? one : many}`

/** Rules a custom check names through its params, for the field-naming sentence. */
export type RuleParams =
  | { rule: 'date-range'; first: string; last: string }
  | { rule: 'date-impossible'; value: string }
  | { rule: 'whole-number'; min: number; max?: number }

function customMessage(label: string, params: RuleParams | undefined): string {
  switch (params?.rule) {
    case 'date-range':
      return `${label} must be between ${params.first} and ${params.last}.`
    case 'date-impossible':
      return `${label} must be a real date: ${params.value} does not exist.`
    case 'whole-number':
      return params.max === undefined
        ? `${label} must be a whole number of at least ${params.min}.`
        : `${label} must be a whole number from ${params.min} to ${params.max}.`
    default:
      return `${label} is not valid.`
  }
}

const typeNames: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
  nan: 'a number',
}

const formatNames: Record<string, string> = {
  email: 'an e-mail address like name@example.com',
  url: 'a web address starting with https://',
  date: 'a date like 2026-12-24',
  time: 'a time like 09:00',
  datetime: 'a date and time like 2026-12-24T09:00:00Z',
  uuid: 'an identifier (UUID)',
}

/** The sentence for a zod issue that came without a message of its own. */
export function ruleMessage(issue: z.core.$ZodRawIssue): string {
  const label = fieldLabel(issue.path ?? [])
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return `${label} is required.`
      return `${label} must be ${typeNames[issue.expected] ?? issue.expected}.`
    }
    case 'too_big': {
      const max = issue.maximum
      if (issue.origin === 'string')
        return `${label} must be at most ${plural(max, 'character', 'characters')}.`
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${label} must have at most ${plural(max, 'item', 'items')}.`
      if (issue.origin === 'date') return `${label} must be on or before ${String(max)}.`
      return issue.inclusive === false
        ? `${label} must be less than ${max}.`
        : `${label} must be at most ${max}.`
    }
    case 'too_small': {
      const min = issue.minimum
      if (issue.origin === 'string')
        return Number(min) <= 1 ? `${label} is required.` : `${label} must be at least ${min} characters.`
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${label} must have at least ${plural(min, 'item', 'items')}.`
      if (issue.origin === 'date') return `${label} must be on or after ${String(min)}.`
      return issue.inclusive === false
        ? `${label} must be greater than ${min}.`
        : `${label} must be at least ${min}.`
    }
    case 'not_multiple_of':
      return `${label} must be a multiple of ${issue.divisor}.`
    case 'invalid_format':
      return `${label} must be ${formatNames[issue.format] ?? `in the ${issue.format} format`}.`
    case 'invalid_value': {
      const values = issue.values.map(String)
      const shown = values.length > 8 ? `${values.slice(0, 8).join(', ')}…` : values.join(', ')
      return `${label} must be one of: ${shown}.`
    }
    case 'unrecognized_keys':
      return `Unknown field: ${issue.keys.join(', ')}.`
    case 'invalid_union':
      return `${label} is not a value it can take.`
    case 'invalid_key':
      return `${label} has a key it cannot take.`
    case 'invalid_element':
      return `${label} has an item it cannot take.`
    case 'custom':
      return customMessage(label, issue.params as RuleParams | undefined)
    default:
      return `${label} is not valid.`
  }
}

/**
 * A schema's own message (the spec's "required" text, say) for a missing, empty or mistyped value
 * only: a value that breaks a check (too long, too big, below a minimum) gets the sentence naming
 * that rule, as zod would otherwise give the schema's message to every check it carries.
 */
export function requiredError(message: string) {
  return (issue: z.core.$ZodRawIssue): string | undefined => {
    switch (issue.code) {
      case 'too_big':
      case 'not_multiple_of':
        return undefined
      case 'too_small':
        return issue.origin === 'string' && Number(issue.minimum) <= 1 ? message : undefined
      case 'invalid_type':
        // 1.5 where a whole number belongs breaks a rule; missing or mistyped, the spec's message stands.
        return issue.expected === 'int' && Number.isFinite(issue.input) ? undefined : message
      case 'custom':
        return issue.params ? undefined : message
      default:
        return message
    }
  }
}

z.config({ customError: ruleMessage })
