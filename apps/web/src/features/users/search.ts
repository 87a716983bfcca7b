import { type UserType, userListQuerySchema, userTypes } from '@spaceboard/domain'
import type { SearchSchemaInput } from '@tanstack/react-router'
import { type ListSearch, type ListSearchInput, listSearchValidator } from '../../platform/list-search.ts'
import type { UserOrder } from './api.ts'

/** The user list's own query: the client whose users are listed and the super filters (spec 1 §2). */
export interface UserFilters {
  clientId?: number | undefined
  excludeInactiveOrganizations?: boolean | undefined
  excludeArchived?: boolean | undefined
  excludeSuper?: boolean | undefined
  userType?: UserType | undefined
}

export type UserListSearch = ListSearch<UserOrder> & UserFilters

const listPart = listSearchValidator<UserOrder>(userListQuerySchema)

/** A flag is on for true, 1, "true" or "1"; anything else leaves it off (and out of the URL). */
function flag(value: unknown): true | undefined {
  return value === true || value === 1 || value === 'true' || value === '1' ? true : undefined
}

function positiveId(value: unknown): number | undefined {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

/**
 * The route search validator of /admin/user/list: the list's search, order, direct, random, page
 * plus clientId and the super filters. A bad value in a hand-edited URL is dropped, not an error.
 */
export function userListSearch(
  raw: ListSearchInput<UserOrder> & UserFilters & SearchSchemaInput,
): UserListSearch {
  const search: UserListSearch = listPart(raw)
  const clientId = positiveId(raw.clientId)
  if (clientId !== undefined) search.clientId = clientId
  for (const key of ['excludeInactiveOrganizations', 'excludeArchived', 'excludeSuper'] as const) {
    if (flag(raw[key])) search[key] = true
  }
  if (typeof raw.userType === 'string' && (userTypes as readonly string[]).includes(raw.userType)) {
    search.userType = raw.userType
  }
  return search
}

/** The filters as the API reads them (flags as 1), for the list call and the export link. */
export function filterParams(
  search: UserFilters,
  isSuper: boolean,
): Record<string, string | number | undefined> {
  const params: Record<string, string | number | undefined> = { clientId: search.clientId }
  if (!isSuper) return params
  return {
    ...params,
    excludeInactiveOrganizations: search.excludeInactiveOrganizations ? 1 : undefined,
    excludeArchived: search.excludeArchived ? 1 : undefined,
    excludeSuper: search.excludeSuper ? 1 : undefined,
    userType: search.userType,
  }
}
