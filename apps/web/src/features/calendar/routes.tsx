import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { guarded } from '../../platform/route-guard.tsx'
import { signedInRoute } from '../../platform/routes.tsx'
import { calendarSearch } from './calendar-model.ts'

// Booking Calendar (spec 2 §2, issue 16; the spec shows no route). Its screen and the calendar library are one lazy chunk, loaded only here.
const calendarRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/book/calendar',
  validateSearch: calendarSearch,
  component: guarded(
    'bookings.read',
    lazyRouteComponent(() => import('./calendar.tsx'), 'BookingCalendar'),
  ),
})

export const calendarRoutes = [calendarRoute] as const
