import {
  type BookingListFilters,
  type BookingListRow,
  type BookingOrder,
  bookingListQuerySchema,
  isIsoDate,
} from '@spaceboard/domain'
import type { SearchSchemaInput } from '@tanstack/react-router'
import { listPageQuery } from '../../platform/list-page.tsx'
import { type ListSearch, type ListSearchInput, listSearchValidator } from '../../platform/list-search.ts'
import { BOOKING_ENDPOINT } from './api.ts'

/** /admin/book/list's URL: search, order, direct, random, page and the filters (spec 2 §2). */
export type BookingListSearch = ListSearch<BookingOrder> & BookingListFilters

type RawFilters = {
  start_date?: unknown
  end_date?: unknown
  org_id?: unknown
  business_center_id?: unknown
}

const listPart = listSearchValidator<BookingOrder>(bookingListQuerySchema)

function positiveId(value: unknown): number | undefined {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined
}

const isoDate = (value: unknown) => (typeof value === 'string' && isIsoDate(value) ? value : undefined)

/**
 * The route search validator of /admin/book/list (newest first unless the URL says otherwise).
 * A bad value in a hand-edited URL is dropped, not an error; dates in the wrong order are kept
 * so that the page can say what is wrong.
 */
export function bookingListSearch(
  raw: ListSearchInput<BookingOrder> & RawFilters & SearchSchemaInput,
): BookingListSearch {
  const search: BookingListSearch = listPart(raw as ListSearchInput<BookingOrder> & SearchSchemaInput)
  const start = isoDate(raw.start_date)
  const end = isoDate(raw.end_date)
  const org = positiveId(raw.org_id)
  const center = positiveId(raw.business_center_id)
  if (start) search.start_date = start
  if (end) search.end_date = end
  if (org) search.org_id = org
  if (center) search.business_center_id = center
  return search
}

/** The filters as the API reads them (the list call, both exports); super alone sends org_id. */
export function filterParams(search: BookingListFilters, isSuper: boolean) {
  return {
    start_date: search.start_date,
    end_date: search.end_date,
    org_id: isSuper ? search.org_id : undefined,
    business_center_id: search.business_center_id,
  }
}

/** The list call of a search: the screen's, and the route's as the page is entered (routes.tsx). */
export const bookingListQuery = (search: BookingListSearch, isSuper: boolean) =>
  listPageQuery<BookingListRow, BookingOrder>({
    endpoint: BOOKING_ENDPOINT,
    search,
    params: { booking: 1, ...filterParams(search, isSuper) },
  })
