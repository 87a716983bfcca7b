import {
  ApartmentOutlined,
  AppstoreOutlined,
  AreaChartOutlined,
  BankOutlined,
  BranchesOutlined,
  CalendarOutlined,
  CoffeeOutlined,
  ContactsOutlined,
  DashboardOutlined,
  DollarOutlined,
  EnvironmentOutlined,
  ExportOutlined,
  FileDoneOutlined,
  FlagOutlined,
  FundOutlined,
  GiftOutlined,
  GlobalOutlined,
  MailOutlined,
  PercentageOutlined,
  RollbackOutlined,
  ScheduleOutlined,
  ShopOutlined,
  TagsOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons'
import { can, marketingExtractAllowed, type Permission, type Profile } from '@spaceboard/domain'
import type { ReactNode } from 'react'

export interface MenuEntry {
  /** The route the entry opens. */
  to: string
  /** Paths that belong to the entry (it is highlighted on them). */
  area: string
  label: string
  icon: ReactNode
  permission: Permission
  /** More paths of the entry (the center list is /admin/centers/list, a center /admin/center/…). */
  areas?: string[]
  /** Hidden when the role also has this permission (My Organization is for those who cannot list them all). */
  unless?: Permission
  /** The route for this person when it depends on them (their own organization); null hides the entry. */
  linkFor?: (profile: MenuProfile) => string | null
}

export type MenuProfile = Pick<Profile, 'type' | 'organization_id' | 'features'>

/** The side menu: only screens that exist, each shown to the roles the permission table allows. */
export const menuEntries: MenuEntry[] = [
  {
    to: '/admin/dashboard',
    area: '/admin/dashboard',
    label: 'Dashboard',
    icon: <DashboardOutlined />,
    permission: 'dashboard.read',
  },
  {
    to: '/admin/book/room-detail',
    area: '/admin/book/room-detail',
    label: 'New Booking',
    icon: <CalendarOutlined />,
    permission: 'bookings.create',
  },
  {
    to: '/admin/book/calendar',
    area: '/admin/book/calendar',
    label: 'Calendar',
    icon: <ScheduleOutlined />,
    permission: 'bookings.read',
  },
  {
    to: '/admin/book/list',
    // View Booking, Notes, Reschedule … are pages of a booking of the list (New Booking and Calendar match first).
    area: '/admin/book',
    label: 'Bookings',
    icon: <UnorderedListOutlined />,
    permission: 'bookings.read',
  },
  {
    to: '/admin/billing/list',
    area: '/admin/billing',
    label: 'Billing',
    icon: <DollarOutlined />,
    permission: 'billing.read',
  },
  {
    to: '/admin/commision-report',
    area: '/admin/commision-report',
    label: 'Commission Report',
    icon: <FileDoneOutlined />,
    permission: 'commission.read',
  },
  {
    to: '/admin/direct-marketing-extract-pro',
    area: '/admin/direct-marketing-extract-pro',
    label: 'Marketing Extract',
    icon: <ExportOutlined />,
    permission: 'marketing.read',
    // Super, and admins whose organization has the direct marketing extract (spec 3 §2).
    linkFor: (profile) =>
      marketingExtractAllowed(profile.type === 'super', profile.features)
        ? '/admin/direct-marketing-extract-pro'
        : null,
  },
  {
    to: '/admin/reports',
    area: '/admin/reports',
    label: 'Reports',
    icon: <AreaChartOutlined />,
    permission: 'reports.read',
  },
  {
    to: '/admin/organization/list',
    area: '/admin/organization',
    label: 'Organizations',
    icon: <BankOutlined />,
    permission: 'organizations.list',
  },
  {
    to: '/admin/organization/edit',
    area: '/admin/organization',
    label: 'My Organization',
    icon: <ShopOutlined />,
    permission: 'organizations.update',
    unless: 'organizations.list',
    linkFor: (profile) =>
      profile.organization_id === null ? null : `/admin/organization/edit/${profile.organization_id}`,
  },
  {
    to: '/admin/user/list',
    area: '/admin/user',
    label: 'Users',
    icon: <TeamOutlined />,
    permission: 'users.read',
  },
  {
    to: '/admin/client/list',
    area: '/admin/client',
    label: 'Clients',
    icon: <ContactsOutlined />,
    permission: 'clients.read',
  },
  {
    to: '/admin/centers/list',
    area: '/admin/centers',
    areas: ['/admin/center'],
    label: 'Locations / Centers',
    icon: <EnvironmentOutlined />,
    permission: 'centers.read',
  },
  {
    to: '/admin/meeting-room/list',
    area: '/admin/meeting-room',
    label: 'Spaces',
    icon: <AppstoreOutlined />,
    permission: 'spaces.read',
  },
  {
    to: '/admin/amenities/list',
    area: '/admin/amenities',
    label: 'Amenities',
    icon: <CoffeeOutlined />,
    permission: 'amenities.read',
  },
  {
    to: '/admin/email-template/list',
    area: '/admin/email-template',
    label: 'Email Templates',
    icon: <MailOutlined />,
    permission: 'email-templates.read',
  },
  {
    to: '/admin/workflow/list',
    area: '/admin/workflow',
    label: 'Workflows',
    icon: <BranchesOutlined />,
    permission: 'workflows.read',
  },
  {
    to: '/admin/package/list',
    area: '/admin/package',
    label: 'Package Deals',
    icon: <GiftOutlined />,
    permission: 'packages.read',
  },
  {
    to: '/admin/cancel-rule/list',
    area: '/admin/cancel-rule',
    label: 'Cancellation Rules',
    icon: <RollbackOutlined />,
    permission: 'cancel-rules.read',
  },
  {
    to: '/admin/voucher/list',
    area: '/admin/voucher',
    label: 'Vouchers',
    icon: <PercentageOutlined />,
    permission: 'vouchers.read',
  },
  {
    to: '/admin/profile/show',
    area: '/admin/profile',
    label: 'Profile',
    icon: <UserOutlined />,
    permission: 'profile.read',
  },
  {
    to: '/admin/country/list',
    area: '/admin/country',
    label: 'Countries',
    icon: <FlagOutlined />,
    permission: 'countries.read',
  },
  {
    to: '/admin/global-region/list',
    area: '/admin/global-region',
    label: 'Global Regions',
    icon: <GlobalOutlined />,
    permission: 'global-regions.read',
  },
  {
    to: '/admin/client-types/list',
    area: '/admin/client-types',
    label: 'Client Types',
    icon: <TagsOutlined />,
    permission: 'client-types.read',
  },
  {
    to: '/admin/region/list',
    area: '/admin/region',
    label: 'Regions',
    icon: <ApartmentOutlined />,
    permission: 'regions.read',
  },
  {
    to: '/admin/benchmarking',
    area: '/admin/benchmarking',
    label: 'Benchmarking',
    icon: <FundOutlined />,
    permission: 'benchmarking.write',
  },
]

/** The entries the person may open, each with its route for them. */
export function menuFor(profile: MenuProfile): MenuEntry[] {
  return menuEntries.flatMap((entry) => {
    if (!can(profile.type, entry.permission)) return []
    if (entry.unless && can(profile.type, entry.unless)) return []
    const to = entry.linkFor ? entry.linkFor(profile) : entry.to
    return to === null ? [] : [{ ...entry, to }]
  })
}

export function activeEntry(pathname: string, entries: MenuEntry[] = menuEntries): MenuEntry | undefined {
  return entries.find((entry) =>
    [entry.area, ...(entry.areas ?? [])].some((area) => pathname === area || pathname.startsWith(`${area}/`)),
  )
}
