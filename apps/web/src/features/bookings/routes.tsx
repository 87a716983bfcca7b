import { BOOKING_LIST_PREFERENCE, can } from '@spaceboard/domain'
import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { organizationOptionsQuery } from '../../platform/organization-options.ts'
import { preferenceQuery } from '../../platform/preferences.ts'
import { guarded } from '../../platform/route-guard.tsx'
import { idParam, signedInRoute } from '../../platform/routes.tsx'
import { profileQuery } from '../../platform/session.ts'
import { locationOptionsQuery } from './list-filters.tsx'
import { bookingListQuery, bookingListSearch } from './list-search.ts'
import { roomDetailSearchSchema } from './room-detail-model.ts'

// Bookings (spec 2 §2): New Booking (the calendar opens it with the slot dragged on), the list (a non-super user's location comes back from their preferences), View Booking (another organization's booking is not found) and what staff do to a booking. Each screen is a chunk of its own, loaded with its route.
const roomDetailRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/book/room-detail',
  validateSearch: roomDetailSearchSchema,
  component: guarded(
    'bookings.create',
    lazyRouteComponent(() => import('./room-detail.tsx'), 'RoomDetail'),
  ),
})

const bookingListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/book/list',
  validateSearch: bookingListSearch,
  // Entering the page, its list call starts now, not once the screen is up: with the location the
  // screen will put back (a non-super user's remembered one, list.tsx), so the screen finds it asked.
  beforeLoad: ({ context: { queryClient }, search, cause }) => {
    const profile = queryClient.getQueryData(profileQuery.queryKey)
    // Not for those the guard keeps out (they see a 403, no call).
    if (cause !== 'enter' || !profile || !can(profile.type, 'bookings.read')) return
    const isSuper = profile.type === 'super'
    // The filter bar's choices too: the server's render of the page (ssr.tsx) then shows it whole at once.
    void queryClient.prefetchQuery(locationOptionsQuery(isSuper ? search.org_id : undefined))
    if (isSuper) void queryClient.prefetchQuery(organizationOptionsQuery)
    const start = (next: typeof search) => void queryClient.prefetchQuery(bookingListQuery(next, isSuper))
    if (isSuper || search.business_center_id !== undefined) return start(search)
    queryClient.fetchQuery(preferenceQuery(BOOKING_LIST_PREFERENCE)).then(
      (remembered) => {
        const center = remembered?.business_center_id ?? null
        start(
          center === null
            ? search
            : bookingListSearch({ ...search, business_center_id: center } as Parameters<
                typeof bookingListSearch
              >[0]),
        )
      },
      () => undefined,
    )
  },
  component: guarded(
    'bookings.read',
    lazyRouteComponent(() => import('./list.tsx'), 'BookingList'),
  ),
})

const bookingConfirmationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/book/invoice/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded(
    'bookings.read',
    lazyRouteComponent(() => import('./confirmation.tsx'), 'BookingConfirmationPage'),
  ),
})

const bookingNotesRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/book/notes/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded(
    'bookings.update',
    lazyRouteComponent(() => import('./notes.tsx'), 'BookingNotesPage'),
  ),
})

const bookingRescheduleRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/book/reschedule/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded(
    'bookings.update',
    lazyRouteComponent(() => import('./reschedule.tsx'), 'ReschedulePage'),
  ),
})

const bookingChargeRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/book/charge-booking/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded(
    'bookings.update',
    lazyRouteComponent(() => import('./charge-booking.tsx'), 'ChargeBookingPage'),
  ),
})

const bookingPartialRefundRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/book/partial-cancel-view/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded(
    'bookings.update',
    lazyRouteComponent(() => import('./partial-refund.tsx'), 'PartialRefundPage'),
  ),
})

export const bookingsRoutes = [
  roomDetailRoute,
  bookingListRoute,
  bookingConfirmationRoute,
  bookingNotesRoute,
  bookingRescheduleRoute,
  bookingChargeRoute,
  bookingPartialRefundRoute,
] as const
