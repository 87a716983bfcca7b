import type { UserType } from './roles.ts'

/**
 * The one role/permission table. The API enforces it on every route; the web only hides
 * what a role may not do. `staff` are the back-office roles that may sign in.
 */
const everyone: readonly UserType[] = ['super', 'admin', 'csr', 'basic']
const staff: readonly UserType[] = ['super', 'admin', 'csr']
const superOnly: readonly UserType[] = ['super']
const superAndAdmin: readonly UserType[] = ['super', 'admin']

export const permissionTable = {
  'profile.read': everyone,
  'profile.update': everyone,
  'countries.read': everyone,
  'countries.write': superOnly,
  'global-regions.read': everyone,
  'global-regions.write': superOnly,
  'admin.access': staff,
  'organizations.list': superOnly,
  'organizations.create': superOnly,
  'organizations.archive': superOnly,
  /** Read and edit: super any organization, the others their own. */
  'organizations.read': staff,
  'organizations.update': staff,
  /** Settings panel and third-party credentials of the organization form. */
  'organizations.settings': superAndAdmin,
  /**
   * Finance fields of the organization: taxes, currency, financial year start, billing settings
   * (banking details, monthly billing, invoice numbering, billing sheet columns) and the account and
   * inventory codes of amenities, space types and package deals. Not for csr.
   */
  'organizations.finance': superAndAdmin,
  /** The Org URL: read-only for admin and csr (spec 1 §4). */
  'organizations.org-url': superOnly,
  'organizations.super-panel': superOnly,
  'dashboard.read': staff,
  'client-types.read': staff,
  'client-types.create': superAndAdmin,
  'client-types.update': staff,
  'client-types.delete': superAndAdmin,
  'regions.read': staff,
  'regions.create': staff,
  'regions.update': staff,
  'regions.delete': superAndAdmin,
  'amenities.read': staff,
  /** Amenities are the platform's catalogue: its owner keeps it. */
  'amenities.write': superOnly,
  'centers.read': staff,
  /** csr cannot add, edit, activate or deactivate centers (spec 1 §6). */
  'centers.create': superAndAdmin,
  'centers.update': superAndAdmin,
  'centers.delete': superOnly,
  'centers.stripe': superOnly,
  'spaces.read': staff,
  /** Everything but viewing is closed to csr on spaces (spec 3 §6). */
  'spaces.write': superAndAdmin,
  'packages.read': staff,
  /** csr may not add, edit, activate or deactivate package deals (spec 1 §6). */
  'packages.write': superAndAdmin,
  'packages.delete': superOnly,
  'email-templates.read': staff,
  /** csr has no add email template button (spec 1 §6, spec 3 §6); editing and deleting stay open. */
  'email-templates.create': superAndAdmin,
  'email-templates.update': staff,
  'email-templates.delete': staff,
  'cancel-rules.read': staff,
  'cancel-rules.write': staff,
  /** csr cannot delete cancellation rules (spec 1 §6). */
  'cancel-rules.delete': superAndAdmin,
  'users.read': staff,
  'users.create': staff,
  'users.update': staff,
  'users.archive': staff,
  'users.delete': superOnly,
  'users.export': superOnly,
  /** Whether a user's bookings count in reports is the platform owner's call. */
  'users.exclude-from-reporting': superOnly,
  'clients.read': staff,
  'clients.create': staff,
  'clients.update': staff,
  'clients.archive': staff,
  /** Unique Client ID and the Custom Rates (discount) panel of the client form. */
  'clients.rates': superAndAdmin,
  /** Company Registration Number of the client form (not for csr). */
  'clients.company-number': superAndAdmin,
  'vouchers.read': staff,
  /** Vouchers change prices: csr applies them to bookings but does not issue them. */
  'vouchers.write': superAndAdmin,
  /** The spec restricts csr nowhere on workflows (spec 3 §6). */
  'workflows.read': staff,
  'workflows.write': staff,
  'bookings.read': staff,
  'bookings.create': staff,
  /** Notes, confirm, paid/unpaid, cancel, refunds, charges, reschedule: every staff role (spec 2 §6). */
  'bookings.update': staff,
  /** The billing list and its export to accounting: money data, not for csr (issue 19). */
  'billing.read': superAndAdmin,
  'billing.export': superAndAdmin,
  'commission.read': superAndAdmin,
  /** Reports show an organization's revenue: money data, like billing (issue 20). */
  'reports.read': superAndAdmin,
  /**
   * The industry averages every organization is measured against (spec 3 §2). Read too is the
   * platform owner's: admins see the averages only inside their benchmarking report.
   */
  'benchmarking.read': superOnly,
  'benchmarking.write': superOnly,
  /** The client and booker extract: personal data, for organizations with direct_marketing (spec 3 §2). */
  'marketing.read': superAndAdmin,
} as const satisfies Record<string, readonly UserType[]>

export type Permission = keyof typeof permissionTable
/** What a route declares: a permission, `public` (no sign-in) or `signed-in` (any signed-in user). */
export type RouteAccess = Permission | 'public' | 'signed-in'

const roleNames: Record<UserType, string> = { super: 'super', admin: 'admin', csr: 'CSR', basic: 'basic' }

/** The refusal of a permission, naming who has it: "Only super and admin users can do this." */
export function permissionRefusal(permission: Permission): string {
  const names = (permissionTable[permission] as readonly UserType[]).map((type) => roleNames[type])
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '')
  return `Only ${list} users can do this.`
}

export function can(type: UserType | undefined | null, permission: Permission): boolean {
  if (!type) return false
  return (permissionTable[permission] as readonly UserType[]).includes(type)
}
