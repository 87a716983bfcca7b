import {
  formatContentRange,
  type ListQuery,
  PAGE_SIZE,
  parseRange,
  type Range,
  rangeForPage,
} from '@spaceboard/domain'
import { asc, desc, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify'
import { badRequest } from './errors.ts'
import { appendRouteHook, takesBody } from './route-hooks.ts'

export interface ListWindow {
  offset: number
  limit: number
}

/** The rows asked for: the Range header when sent, otherwise the page of the query; `all` lifts the limit. */
export function listWindow(
  request: FastifyRequest,
  query: Pick<ListQuery, 'page' | 'all'>,
  pageSize = PAGE_SIZE,
): ListWindow | null {
  if (query.all !== undefined) return null
  let range: Range | null
  try {
    range = parseRange(request.headers.range)
  } catch (error) {
    throw badRequest((error as Error).message, { range: (error as Error).message })
  }
  const { start, end } = range ?? rangeForPage(query.page, pageSize)
  return { offset: start, limit: end - start + 1 }
}

/** `%term%` for ILIKE, with the wildcards of the term itself escaped. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * The shape (what names its prepared statement) and the placeholder values of a page of a list
 * scoped to one organization, or to every one for super, with a search.
 */
export function scopedListPage<K extends string>(
  organizationId: number | null,
  query: Pick<ListQuery<K>, 'search' | 'order' | 'direct'>,
  window: ListWindow | null,
) {
  return {
    shape: {
      organization: organizationId !== null,
      search: Boolean(query.search),
      order: query.order,
      direct: query.direct,
      window: Boolean(window),
    },
    values: {
      organizationId,
      pattern: containsPattern(query.search),
      limit: window?.limit,
      offset: window?.offset,
    },
  }
}

/** ORDER BY for a whitelisted order key; the id breaks ties so pages never overlap. */
export function orderBy<K extends string>(
  columns: Record<K, AnyPgColumn | SQL>,
  query: Pick<ListQuery<K>, 'order' | 'direct'>,
  fallback: K,
  id: AnyPgColumn,
): SQL[] {
  const direction = query.direct === 'desc' ? desc : asc
  const key = query.order === '' ? fallback : query.order
  return [direction(columns[key]), direction(id)]
}

/**
 * `count(*) over ()`: the total of the filtered rows, read in the same query as the page. The lists
 * bounded by an organization's configuration (its centers, spaces, regions, packages, cancel rules,
 * vouchers, client types) or by the platform's (organizations, countries, amenities, global
 * regions) keep it: it is exact, in the page's own statement and snapshot, and over a few hundred
 * rows cheaper than a second statement. Users and clients grow with the bookings (every booker is a
 * user of a client): there the window would join and count every row on each page, so without a
 * search their totals are counted apart on the base table (totalCountWhen, sendPage). A search
 * keeps the window: it filters every row in the page's statement anyway, and a separate count
 * would filter them all a second time (measured: npm run bench user-list).
 */
export const totalCount = () => sql<number>`count(*) over ()`.mapWith(Number)

/** totalCount when `counted`; otherwise null, and sendPage asks for the total when it needs one. */
export const totalCountWhen = (counted: boolean) =>
  counted ? totalCount() : sql<number | null>`null`.mapWith(Number)

const pendingContentRanges = new WeakMap<FastifyReply, string>()

/**
 * A list page's `Content-Range: start-end/total` (items, not bytes), set once the answer is
 * compressed (registerContentRange): @fastify/compress leaves any answer that already carries a
 * Content-Range as it is (it takes it for byte ranges), and a page of a list is the answer most
 * worth compressing.
 */
export function setContentRange(reply: FastifyReply, value: string): void {
  pendingContentRanges.set(reply, value)
}

/** Registered after @fastify/compress: its onRoute hook adds each route's onSend hook after the compression's. */
export function registerContentRange(app: FastifyInstance): void {
  const onSend: onSendHookHandler = (_request, reply, payload, done) => {
    const range = pendingContentRanges.get(reply)
    if (range !== undefined) reply.header('Content-Range', range)
    done(null, payload)
  }
  app.addHook('onRoute', (route) => {
    // Lists are read with GET; no other route sets a Content-Range.
    if (!takesBody(route)) appendRouteHook(route, 'onSend', onSend)
  })
}

/**
 * Sends one page with `Content-Range: start-end/total`. The total is the window's (totalCount);
 * without one, a page shorter than asked for ends the list, so its end is the total (a short first
 * page, the last page); otherwise — a full page without a window total, or an empty page past the
 * end — `count` is asked.
 */
export async function sendPage<T extends { total: number | null }>(
  reply: FastifyReply,
  window: ListWindow | null,
  rows: T[],
  count: () => Promise<number>,
): Promise<Omit<T, 'total'>[]> {
  const start = window?.offset ?? 0
  const ended = window === null || (rows.length < window.limit && (rows.length > 0 || start === 0))
  const total = rows[0]?.total ?? (ended ? start + rows.length : await count())
  setContentRange(reply, formatContentRange(start, rows.length, total))
  return rows.map(({ total: _total, ...row }) => row)
}
