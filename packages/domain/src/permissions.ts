import type { UserType } from './roles.ts'

/**
 * The one role/permission table. The API enforces it on every route; the web only hides
 * what a role may not do. `staff` are the back-office roles that may sign in.
 */
const everyone: readonly UserType[] = ['super', 'admin', 'csr', 'basic']
const staff: readonly UserType[] = ['super', 'admin', 'csr']
const superOnly: readonly UserType[] = ['super']

export const permissionTable = {
  'profile.read': everyone,
  'profile.update': everyone,
  'countries.read': everyone,
  'countries.write': superOnly,
  'global-regions.read': everyone,
  'global-regions.write': superOnly,
  'admin.access': staff,
} as const satisfies Record<string, readonly UserType[]>

export type Permission = keyof typeof permissionTable
/** What a route declares: a permission, `public` (no sign-in) or `signed-in` (any signed-in user). */
export type RouteAccess = Permission | 'public' | 'signed-in'

export function can(type: UserType | undefined | null, permission: Permission): boolean {
  if (!type) return false
  return (permissionTable[permission] as readonly UserType[]).includes(type)
}
