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
import type { FastifyReply, FastifyRequest } from 'fastify'
import { badRequest } from './errors.ts'

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
 * user of a client): there the window would join and count every filtered row on each page, so
 * their pages are read alone and their totals counted apart (sendCountedPage).
 */
export const totalCount = () => sql<number>`count(*) over ()`.mapWith(Number)

/**
 * Sends one page with `Content-Range: start-end/total`. When the page is empty (past the end) the
 * window function gave no total, so `countRest` is asked.
 */
export async function sendPage<T extends { total: number }>(
  reply: FastifyReply,
  window: ListWindow | null,
  rows: T[],
  countRest: () => Promise<number>,
): Promise<Omit<T, 'total'>[]> {
  const start = window?.offset ?? 0
  const total = rows[0]?.total ?? (start > 0 ? await countRest() : 0)
  reply.header('Content-Range', formatContentRange(start, rows.length, total))
  return rows.map(({ total: _total, ...row }) => row)
}

/**
 * Sends one page of a list whose total is counted apart (see totalCount), with the same
 * Content-Range as sendPage. A page shorter than asked for ends the list, so its end is the total
 * and `count` is not run: a short first page (most organizations' lists), the last page. A full
 * page, or an empty one past the end, asks `count`.
 */
export async function sendCountedPage<T>(
  reply: FastifyReply,
  window: ListWindow | null,
  rows: T[],
  count: () => Promise<number>,
): Promise<T[]> {
  const start = window?.offset ?? 0
  const ended = window === null || (rows.length < window.limit && (rows.length > 0 || start === 0))
  const total = ended ? start + rows.length : await count()
  reply.header('Content-Range', formatContentRange(start, rows.length, total))
  return rows
}
