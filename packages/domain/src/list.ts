import { z } from 'zod'
import { messages } from './messages.ts'
import { requiredError } from './validation-messages.ts'

export const PAGE_SIZE = 20
/** The most rows one request may ask for through Range (pickers use `all=1` instead). */
export const MAX_RANGE = 1000

/** Control characters (NUL, escapes, line breaks …): what search refuses. Tabs and spaces are fine. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const controlCharacter = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F]/

/**
 * The search box: any printable text ("O'Brien", "50%", "a--b"), up to 200 characters. It is only
 * ever a bound parameter (a LIKE pattern with its wildcards escaped), never SQL text.
 */
export const searchSchema = z
  .string()
  .max(200)
  .refine((s) => !controlCharacter.test(s), messages.invalidSearch)

/** Query of every list call: search, order, direct, random, page (spec 1 §2, §7). */
export function listQuerySchema<const K extends readonly [string, ...string[]]>(orderKeys: K) {
  return z.object({
    search: searchSchema.optional().default(''),
    order: z
      .enum(['', ...orderKeys] as ['', ...K], { error: requiredError(messages.invalidOrder(orderKeys)) })
      .optional()
      .default(''),
    direct: z
      .enum(['asc', 'desc'], { error: requiredError(messages.invalidDirect) })
      .optional()
      .default('asc'),
    random: z.string().max(50).optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
    all: z.string().max(10).optional(),
  })
}

export type ListQuery<K extends string = string> = {
  search: string
  order: K | ''
  direct: 'asc' | 'desc'
  random?: string | undefined
  page: number
  all?: string | undefined
}

export interface Range {
  start: number
  end: number
}

/** Parses `Range: start-end`. Returns null when absent, throws a message when malformed. */
export function parseRange(header: string | undefined): Range | null {
  if (header === undefined || header === '') return null
  const match = /^(?:items=)?(\d{1,9})-(\d{1,9})$/.exec(header.trim())
  if (!match) throw new Error(messages.invalidRange)
  const start = Number(match[1])
  const end = Number(match[2])
  if (end < start || end - start + 1 > MAX_RANGE) throw new Error(messages.invalidRange)
  return { start, end }
}

export function rangeForPage(page: number, size = PAGE_SIZE): Range {
  const start = (page - 1) * size
  return { start, end: start + size - 1 }
}

export function formatRange({ start, end }: Range): string {
  return `${start}-${end}`
}

export { formatContentRange, parseContentRangeTotal, TOTAL_ESTIMATED_HEADER } from './content-range.ts'

/** The pager shows only when the total exceeds one page (spec 1 §9). */
export function showPager(total: number, threshold = PAGE_SIZE): boolean {
  return total > threshold
}
