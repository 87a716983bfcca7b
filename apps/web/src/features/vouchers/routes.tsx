import { voucherListQuerySchema } from '@spaceboard/domain'
import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { listSearchValidator } from '../../platform/list-search.ts'
import { guarded } from '../../platform/route-guard.tsx'
import { idParam, signedInRoute } from '../../platform/routes.tsx'

// Vouchers (ours: the spec shows no voucher screens; paths in the style of the others). Each screen is a chunk of its own, loaded with its route.
const voucherListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/voucher/list',
  validateSearch: listSearchValidator(voucherListQuerySchema),
  component: guarded(
    'vouchers.read',
    lazyRouteComponent(() => import('./list.tsx'), 'VoucherList'),
  ),
})

const voucherAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/voucher/add',
  component: guarded(
    'vouchers.write',
    lazyRouteComponent(() => import('./form.tsx'), 'AddVoucher'),
  ),
})

const voucherEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/voucher/edit/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded(
    'vouchers.write',
    lazyRouteComponent(() => import('./form.tsx'), 'EditVoucher'),
  ),
})

export const vouchersRoutes = [voucherListRoute, voucherAddRoute, voucherEditRoute] as const
