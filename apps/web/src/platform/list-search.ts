import type { ListQuery } from '@spaceboard/domain'
import type { SearchSchemaInput } from '@tanstack/react-router'
import type { z } from 'zod'

/**
 * What a list page keeps in its URL: search, order, direct, page (spec 1 §2). `random`, the API's
 * cache-buster, is no part of it: a link never carries one (issue 15 item 16).
 */
export type ListSearch<K extends string = string> = Omit<ListQuery<K>, 'all' | 'random'>

/** What a link to a list page may carry (every key optional, the page fills in defaults). */
export type ListSearchInput<K extends string = string> = {
  search?: string
  order?: K | ''
  direct?: 'asc' | 'desc'
  page?: number
}

/**
 * The route search validator of a list page, from the domain's list query schema. A bad value in
 * a hand-edited URL falls back to its default instead of failing the page.
 */
export function listSearchValidator<K extends string>(schema: z.ZodType<ListQuery<K>>) {
  return (raw: ListSearchInput<K> & SearchSchemaInput): ListSearch<K> => {
    const pick = ({ search, order, direct, page }: ListQuery<K>): ListSearch<K> => ({
      search,
      order,
      direct,
      page,
    })
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
