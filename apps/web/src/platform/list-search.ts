import type { ListQuery } from '@spaceboard/domain'
import type { SearchSchemaInput } from '@tanstack/react-router'
import type { z } from 'zod'

/** What a list page keeps in its URL: search, order, direct, random, page (spec 1 §2). */
export type ListSearch<K extends string = string> = Omit<ListQuery<K>, 'all'>

/** What a link to a list page may carry (every key optional, the page fills in defaults). */
export type ListSearchInput<K extends string = string> = {
  search?: string
  order?: K | ''
  direct?: 'asc' | 'desc'
  random?: string
  page?: number
}

/**
 * The route search validator of a list page, from the domain's list query schema. A bad value in
 * a hand-edited URL falls back to its default instead of failing the page.
 */
export function listSearchValidator<K extends string>(schema: z.ZodType<ListQuery<K>>) {
  return (raw: ListSearchInput<K> & SearchSchemaInput): ListSearch<K> => {
    const pick = ({ search, order, direct, random, page }: ListQuery<K>): ListSearch<K> =>
      random === undefined ? { search, order, direct, page } : { search, order, direct, random, page }
    const first = schema.safeParse(raw)
    if (first.success) return pick(first.data)
    const cleaned: Record<string, unknown> = { ...raw }
    for (const issue of first.error.issues) {
      const key = issue.path[0]
      if (typeof key === 'string') delete cleaned[key]
    }
    const second = schema.safeParse(cleaned)
    return pick(second.success ? second.data : schema.parse({}))
  }
}
