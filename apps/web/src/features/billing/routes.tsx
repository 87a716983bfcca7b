import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { guarded } from '../../platform/route-guard.tsx'
import { signedInRoute } from '../../platform/routes.tsx'
import { bookingListSearch } from '../bookings/list-search.ts'

// Billing (spec 2 §2): the billing list with its export to accounting, and the commission report.
const billingListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/billing/list',
  validateSearch: bookingListSearch,
  component: guarded(
    'billing.read',
    lazyRouteComponent(() => import('./list.tsx'), 'BillingList'),
  ),
})

const commissionReportRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/commision-report',
  component: guarded(
    'commission.read',
    lazyRouteComponent(() => import('./commission-report.tsx'), 'CommissionReport'),
  ),
})

export const billingRoutes = [billingListRoute, commissionReportRoute]
