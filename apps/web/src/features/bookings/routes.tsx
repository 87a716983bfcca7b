import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { guarded } from '../../platform/route-guard.tsx'
import { idParam, signedInRoute } from '../../platform/routes.tsx'
import { bookingListSearch } from './list-search.ts'
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
