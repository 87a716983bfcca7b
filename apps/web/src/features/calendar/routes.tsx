import { CALENDAR_PREFERENCE, can, todayIn } from '@spaceboard/domain'
import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { preferenceQuery } from '../../platform/preferences.ts'
import { guarded } from '../../platform/route-guard.tsx'
import { signedInRoute } from '../../platform/routes.tsx'
import { profileQuery } from '../../platform/session.ts'
import { calendarWindowQuery, windowParams } from './api.ts'
import { type CalendarSearch, calendarSearch, hasFilters, searchOf } from './calendar-model.ts'

// Booking Calendar (spec 2 §2, issue 16; the spec shows no route). Its screen and the calendar library are one lazy chunk, loaded only here.
const calendarRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/book/calendar',
  validateSearch: calendarSearch,
  // Entering the page, its window calls start now, beside the screen's chunk (with the filters a
  // non-super user's preference will put back), not once the screen is up.
  beforeLoad: ({ context: { queryClient }, search, cause }) => {
    const profile = queryClient.getQueryData(profileQuery.queryKey)
    if (cause !== 'enter' || !profile || !can(profile.type, 'bookings.read')) return
    const isSuper = profile.type === 'super'
    const start = (next: CalendarSearch) => {
      const { params, scopeParams } = windowParams(
        next,
        isSuper ? (next.org_id ?? null) : profile.organization_id,
        isSuper,
        todayIn(profile.time_zone),
      )
      void queryClient.prefetchQuery(calendarWindowQuery(params))
      void queryClient.prefetchQuery(calendarWindowQuery(scopeParams))
    }
    if (isSuper || hasFilters(search)) return start(search)
    queryClient.fetchQuery(preferenceQuery(CALENDAR_PREFERENCE)).then(
      (remembered) => start(remembered ? searchOf(remembered) : search),
      () => undefined,
    )
  },
  component: guarded(
    'bookings.read',
    lazyRouteComponent(() => import('./calendar.tsx'), 'BookingCalendar'),
  ),
})

export const calendarRoutes = [calendarRoute] as const
