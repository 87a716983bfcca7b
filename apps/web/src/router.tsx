import {
  amenityListQuerySchema,
  cancelRuleListQuerySchema,
  centerListQuerySchema,
  clientListQuerySchema,
  clientTypeListQuerySchema,
  countryListQuerySchema,
  globalRegionListQuerySchema,
  organizationListQuerySchema,
  packageListQuerySchema,
  regionListQuerySchema,
  spaceListQuerySchema,
  voucherListQuerySchema,
} from '@spaceboard/domain'
import type { QueryClient } from '@tanstack/react-query'
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  notFound,
  Outlet,
  redirect,
} from '@tanstack/react-router'
import { AddAmenity, EditAmenity } from './features/amenities/form.tsx'
import { AmenityList } from './features/amenities/list.tsx'
import { ForgotPassword } from './features/auth/forgot-password.tsx'
import { ResetPassword } from './features/auth/reset-password.tsx'
import { resetPasswordSearchSchema, signInSearchSchema } from './features/auth/search.ts'
import { SignIn } from './features/auth/sign-in.tsx'
import { ChargeBookingPage } from './features/bookings/charge-booking.tsx'
import { BookingConfirmationPage } from './features/bookings/confirmation.tsx'
import { BookingList } from './features/bookings/list.tsx'
import { bookingListSearch } from './features/bookings/list-search.ts'
import { BookingNotesPage } from './features/bookings/notes.tsx'
import { PartialRefundPage } from './features/bookings/partial-refund.tsx'
import { ReschedulePage } from './features/bookings/reschedule.tsx'
import { RoomDetail } from './features/bookings/room-detail.tsx'
import { roomDetailSearchSchema } from './features/bookings/room-detail-model.ts'
import { AddCancelRule, EditCancelRule } from './features/cancel-rules/form.tsx'
import { CancelRuleList } from './features/cancel-rules/list.tsx'
import { CenterDetail } from './features/centers/detail.tsx'
import { AddCenter, EditCenter } from './features/centers/form.tsx'
import { CenterList } from './features/centers/list.tsx'
import { AddClientType, EditClientType } from './features/client-types/form.tsx'
import { ClientTypeList } from './features/client-types/list.tsx'
import { AddClient, EditClient } from './features/clients/form.tsx'
import { ClientList } from './features/clients/list.tsx'
import { CountryList } from './features/countries/list.tsx'
import { Dashboard, dashboardQuery } from './features/dashboard/dashboard.tsx'
import { GlobalRegionList } from './features/global-regions/list.tsx'
import {
  amenityOptionsQuery,
  clientTypeOptionsQuery,
  countryOptionsQuery,
  globalRegionOptionsQuery,
  organizationQuery,
} from './features/organizations/api.ts'
import { AddOrganization, EditOrganization } from './features/organizations/form.tsx'
import { OrganizationList } from './features/organizations/list.tsx'
import { PackageDetail } from './features/packages/detail.tsx'
import { AddPackage, EditPackage } from './features/packages/form.tsx'
import { PackageList } from './features/packages/list.tsx'
import { Profile } from './features/profile/detail.tsx'
import { EditProfile } from './features/profile/form.tsx'
import { AddRegion, EditRegion } from './features/regions/form.tsx'
import { RegionList } from './features/regions/list.tsx'
import { AddSpace, EditSpace, ViewSpace } from './features/spaces/form.tsx'
import { SpaceList } from './features/spaces/list.tsx'
import { UserDetail } from './features/users/detail.tsx'
import { AddUser, EditUser } from './features/users/form.tsx'
import { UserList } from './features/users/list.tsx'
import { userListSearch } from './features/users/search.ts'
import { AddVoucher, EditVoucher } from './features/vouchers/form.tsx'
import { VoucherList } from './features/vouchers/list.tsx'
import { ApiError } from './platform/api-client.ts'
import { AppShell } from './platform/app-shell.tsx'
import { listSearchValidator } from './platform/list-page.tsx'
import { NotFound } from './platform/not-found.tsx'
import { RouteError } from './platform/route-error.tsx'
import { guarded } from './platform/route-guard.tsx'
import { profileQuery } from './platform/session.ts'
import { SessionWatcher } from './platform/session-watcher.tsx'

export interface RouterContext {
  queryClient: QueryClient
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <SessionWatcher />
      <Outlet />
    </>
  ),
  notFoundComponent: NotFound,
})

const home = '/admin/profile/show'

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: home })
  },
})

// Signed-out screens
const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin/login',
  validateSearch: signInSearchSchema,
  component: SignIn,
})

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin/forgot-password',
  component: ForgotPassword,
})

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin/reset-password',
  validateSearch: resetPasswordSearchSchema,
  component: ResetPassword,
})

// The signed-in area: loads the profile first; without a session, on to sign in and back.
const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_signed-in',
  beforeLoad: async ({ context, location }) => {
    try {
      await context.queryClient.ensureQueryData(profileQuery)
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        throw redirect({ to: '/admin/login', search: { redirect: location.href } })
      }
      throw error
    }
  },
  component: AppShell,
  errorComponent: RouteError,
  notFoundComponent: NotFound,
})

const profileRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/profile/show',
  component: Profile,
})

const profileEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/profile/edit',
  component: EditProfile,
})

const countryListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/country/list',
  validateSearch: listSearchValidator(countryListQuerySchema),
  component: CountryList,
})

const globalRegionListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/global-region/list',
  validateSearch: listSearchValidator(globalRegionListQuerySchema),
  component: GlobalRegionList,
})

const clientTypeListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/client-types/list',
  validateSearch: listSearchValidator(clientTypeListQuerySchema),
  component: ClientTypeList,
})

const clientTypeAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/client-types/add',
  component: AddClientType,
})

const clientTypeEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/client-types/edit/$id',
  component: EditClientType,
})

const regionListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/region/list',
  validateSearch: listSearchValidator(regionListQuerySchema),
  component: RegionList,
})

const regionAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/region/add',
  component: AddRegion,
})

const regionEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/region/edit/$id',
  component: EditRegion,
})

/** The id of an edit route; anything but plain decimal digits is not found. */
const idParam = (raw: string): number => {
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw notFound()
  return Number(raw)
}

const dashboardRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/dashboard',
  loader: ({ context }) => context.queryClient.prefetchQuery(dashboardQuery),
  component: guarded('dashboard.read', Dashboard),
})

// New booking (spec 2 §2 RoomDetail): the calendar opens it with the slot dragged on.
const roomDetailRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/book/room-detail',
  validateSearch: roomDetailSearchSchema,
  component: guarded('bookings.create', RoomDetail),
})

// Bookings (spec 2 §2): a non-super user's location comes back from their preferences.
const bookingListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/book/list',
  validateSearch: bookingListSearch,
  component: guarded('bookings.read', BookingList),
})

const organizationListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/organization/list',
  validateSearch: listSearchValidator(organizationListQuerySchema),
  component: guarded('organizations.list', OrganizationList),
})

const organizationAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/organization/add',
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.prefetchQuery(clientTypeOptionsQuery(null)),
      queryClient.prefetchQuery(amenityOptionsQuery),
      queryClient.prefetchQuery(countryOptionsQuery),
      queryClient.prefetchQuery(globalRegionOptionsQuery),
    ]),
  component: guarded('organizations.create', AddOrganization),
})

const organizationEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/organization/edit/$id',
  // The record loads in the screen: another organization's id answers 404 there, not as a route error.
  loader: ({ context: { queryClient }, params }) => {
    const id = idParam(params.id)
    return Promise.all([
      queryClient.prefetchQuery(organizationQuery(id)),
      queryClient.prefetchQuery(amenityOptionsQuery),
      queryClient.prefetchQuery(clientTypeOptionsQuery(id)),
      queryClient.prefetchQuery(countryOptionsQuery),
      queryClient.prefetchQuery(globalRegionOptionsQuery),
    ])
  },
  component: guarded('organizations.update', EditOrganization),
})

const userListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/user/list',
  validateSearch: userListSearch,
  component: guarded('users.read', UserList),
})

const userAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/user/add',
  component: guarded('users.create', AddUser),
})

const userEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/user/edit/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded('users.update', EditUser),
})

const userDetailRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/user/detail/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded('users.read', UserDetail),
})

const clientListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/client/list',
  validateSearch: listSearchValidator(clientListQuerySchema),
  component: guarded('clients.read', ClientList),
})

const clientAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/client/add',
  component: guarded('clients.create', AddClient),
})

const clientEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/client/edit/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded('clients.update', EditClient),
})

// Locations / centers (spec 1 §2). The add route is the spec's CenterAdd; csr only lists and views.
const centerListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/centers/list',
  validateSearch: listSearchValidator(centerListQuerySchema),
  component: guarded('centers.read', CenterList),
})

const centerAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/center/add',
  component: guarded('centers.create', AddCenter),
})

const centerEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/center/edit/$id',
  component: guarded('centers.update', EditCenter),
})

const centerDetailRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/center/detail/$id',
  component: guarded('centers.read', CenterDetail),
})

// Spaces (spec 3 §2): csr lists and views only.
const spaceListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/meeting-room/list',
  validateSearch: listSearchValidator(spaceListQuerySchema),
  component: guarded('spaces.read', SpaceList),
})

const spaceAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/meeting-room/add',
  component: guarded('spaces.write', AddSpace),
})

const spaceEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/meeting-room/edit/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded('spaces.write', EditSpace),
})

const spaceViewRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/meeting-room/view/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded('spaces.read', ViewSpace),
})

// Amenities: the platform's catalogue, kept by super (spec 3 §2).
const amenityListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/amenities/list',
  validateSearch: listSearchValidator(amenityListQuerySchema),
  // Staff read the catalogue (spaces need it); only super changes it.
  component: guarded('amenities.read', AmenityList),
})

const amenityAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/amenities/add',
  component: guarded('amenities.write', AddAmenity),
})

const amenityEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/amenities/edit/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded('amenities.write', EditAmenity),
})

// Package deals (spec 1 §2): csr lists and views only.
const packageListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/package/list',
  validateSearch: listSearchValidator(packageListQuerySchema),
  component: guarded('packages.read', PackageList),
})

const packageAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/package/add',
  component: guarded('packages.write', AddPackage),
})

const packageEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/package/edit/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded('packages.write', EditPackage),
})

const packageDetailRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/package/detail/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded('packages.read', PackageDetail),
})

// Cancellation rules (spec 1 §2).
const cancelRuleListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/cancel-rule/list',
  validateSearch: listSearchValidator(cancelRuleListQuerySchema),
  component: guarded('cancel-rules.read', CancelRuleList),
})

const cancelRuleAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/cancel-rule/add',
  component: guarded('cancel-rules.write', AddCancelRule),
})

const cancelRuleEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/cancel-rule/edit/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded('cancel-rules.write', EditCancelRule),
})

// Vouchers (ours: the spec shows no voucher screens; paths in the style of the others).
const voucherListRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/voucher/list',
  validateSearch: listSearchValidator(voucherListQuerySchema),
  component: guarded('vouchers.read', VoucherList),
})

const voucherAddRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/voucher/add',
  component: guarded('vouchers.write', AddVoucher),
})

const voucherEditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/voucher/edit/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded('vouchers.write', EditVoucher),
})

// View Booking, the booking confirmation (spec 2 §2); another organization's booking is not found.
const bookingConfirmationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/book/invoice/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded('bookings.read', BookingConfirmationPage),
})

// What staff do to a booking (spec 2 §2): Notes, Reschedule/Extend, Additional Charges, Refund Charge.
const bookingNotesRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/book/notes/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded('bookings.update', BookingNotesPage),
})

const bookingRescheduleRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/book/reschedule/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded('bookings.update', ReschedulePage),
})

const bookingChargeRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/book/charge-booking/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded('bookings.update', ChargeBookingPage),
})

const bookingPartialRefundRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/book/partial-cancel-view/$id',
  loader: ({ params }) => void idParam(params.id),
  component: guarded('bookings.update', PartialRefundPage),
})

// Any other /admin path: /admin itself goes to the profile, the rest is not found (inside the shell).
const adminOtherRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'admin/$',
  beforeLoad: ({ params }) => {
    if (!params._splat?.replace(/\/+$/, '')) throw redirect({ to: home })
  },
  component: NotFound,
})

const routeTree = rootRoute.addChildren([
  indexRoute,
  signInRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  signedInRoute.addChildren([
    profileRoute,
    profileEditRoute,
    countryListRoute,
    globalRegionListRoute,
    clientTypeListRoute,
    clientTypeAddRoute,
    clientTypeEditRoute,
    regionListRoute,
    regionAddRoute,
    regionEditRoute,
    dashboardRoute,
    roomDetailRoute,
    bookingListRoute,
    organizationListRoute,
    organizationAddRoute,
    organizationEditRoute,
    userListRoute,
    userAddRoute,
    userEditRoute,
    userDetailRoute,
    clientListRoute,
    clientAddRoute,
    clientEditRoute,
    centerListRoute,
    centerAddRoute,
    centerEditRoute,
    centerDetailRoute,
    spaceListRoute,
    spaceAddRoute,
    spaceEditRoute,
    spaceViewRoute,
    amenityListRoute,
    amenityAddRoute,
    amenityEditRoute,
    packageListRoute,
    packageAddRoute,
    packageEditRoute,
    packageDetailRoute,
    cancelRuleListRoute,
    cancelRuleAddRoute,
    cancelRuleEditRoute,
    bookingConfirmationRoute,
    bookingNotesRoute,
    bookingRescheduleRoute,
    bookingChargeRoute,
    bookingPartialRefundRoute,
    voucherListRoute,
    voucherAddRoute,
    voucherEditRoute,
    adminOtherRoute,
  ]),
])

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: false,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
