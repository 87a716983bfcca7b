import {
  CALENDAR_EVENT_NAME,
  CALENDAR_EVENTS_PATH,
  CALENDAR_PDF,
  type CalendarAnswer,
  calendarEventSchema,
  expandCalendarAnswer,
  type IsoDate,
} from '@spaceboard/domain'
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { api, queryString } from '../../platform/api-client.ts'
import { BOOKING_ENDPOINT } from '../bookings/api.ts'
import { type CalendarSearch, viewOf, viewRange } from './calendar-model.ts'

/** The window call's filters (spec 2 §7), dates YYYY-MM-DD, both included. */
export interface WindowParams {
  start_date: string
  end_date: string
  org_id?: number | undefined
  region_id?: number | undefined
  business_center_id?: number | undefined
  meeting_room_id?: number | undefined
}

/**
 * The screen's two window calls: the view's (with every filter), and the chosen day's of the
 * organization or region (no location or space), whose spaces are the Location and Space choices.
 * Null until there is an organization (super picks one). `today`: the calendar's (calendarZone).
 */
export function windowParams(
  search: CalendarSearch,
  organizationId: number | null,
  isSuper: boolean,
  today: IsoDate,
): { params: WindowParams | null; scopeParams: WindowParams | null } {
  if (organizationId === null) return { params: null, scopeParams: null }
  const date = search.date ?? today
  const range = viewRange(viewOf(search), date)
  const org_id = isSuper ? organizationId : undefined
  return {
    params: {
      start_date: range.start,
      end_date: range.end,
      org_id,
      region_id: search.region_id,
      business_center_id: search.business_center_id,
      meeting_room_id: search.meeting_room_id,
    },
    scopeParams: { start_date: date, end_date: date, org_id, region_id: search.region_id },
  }
}

/**
 * GET /api/userbooking/?start_date&end_date&org_id&region_id&business_center_id&meeting_room_id.
 * Keyed under the bookings, so whatever changes a booking (the reschedule, New Booking) refreshes
 * an open calendar too; the previous window stays on screen while the next one loads.
 */
export const calendarWindowQuery = (params: WindowParams | null) =>
  queryOptions({
    queryKey: [BOOKING_ENDPOINT, 'calendar', params],
    // onlyBooked marks the calendar's call (spec 2 §7); 0: every space, not only the booked ones.
    queryFn: async ({ signal }) =>
      expandCalendarAnswer(
        await api<CalendarAnswer>(`${BOOKING_ENDPOINT}/${queryString({ ...params, onlyBooked: 0 })}`, {
          signal,
        }),
      ),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  })

/** The calendar PDF export (spec 2 §7: pdf=2 and onlyBooked=1), opened in a new tab. */
export function calendarPdfUrl(params: WindowParams): string {
  return `${BOOKING_ENDPOINT}${queryString({
    business_center_id: params.business_center_id,
    region_id: params.region_id,
    start_date: params.start_date,
    end_date: params.end_date,
    onlyBooked: 1,
    meeting_room_id: params.meeting_room_id,
    pdf: CALENDAR_PDF,
    org_id: params.org_id,
  })}`
}

/**
 * Live updates (issue 16): while the calendar is open it listens to the server's booking events
 * (Server-Sent Events) and refetches its window when a booking of a shown space changed.
 * EventSource reconnects by itself after a dropped connection.
 */
export function useLiveBookings(organizationId: number | null, shownSpaceIds: readonly number[]): void {
  const queryClient = useQueryClient()
  const shown = useRef(new Set<number>())
  shown.current = new Set(shownSpaceIds)
  useEffect(() => {
    if (organizationId === null || typeof EventSource === 'undefined') return
    const source = new EventSource(`${CALENDAR_EVENTS_PATH}${queryString({ org_id: organizationId })}`)
    const onBooking = (message: MessageEvent<string>) => {
      let data: unknown
      try {
        data = JSON.parse(message.data)
      } catch {
        return
      }
      const event = calendarEventSchema.safeParse(data)
      if (!event.success) return
      if (event.data.spaceIds.some((id) => shown.current.has(id)))
        void queryClient.invalidateQueries({ queryKey: [BOOKING_ENDPOINT, 'calendar'] })
    }
    source.addEventListener(CALENDAR_EVENT_NAME, onBooking)
    return () => {
      source.removeEventListener(CALENDAR_EVENT_NAME, onBooking)
      source.close()
    }
  }, [organizationId, queryClient])
}
