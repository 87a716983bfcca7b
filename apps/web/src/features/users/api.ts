import type { UserType, userCreateSchema, userOrderKeys, userUpdateSchema } from '@spaceboard/domain'
import type { z } from 'zod'
import { api, queryString } from '../../platform/api-client.ts'

export const USER_ENDPOINT = '/api/user'

export type UserOrder = (typeof userOrderKeys)[number]
export type UserStatus = 'Active' | 'Archived'

/** A row of GET /api/user. */
export interface UserRow {
  id: number
  first_name: string
  last_name: string
  email: string
  type: UserType
  organization_id: number | null
  organizationName: string | null
  client_id: number | null
  clientName: string | null
  mobile: string
  created_at: string
  deleted_at: string | null
  lastLogin: string | null
  status: UserStatus
}

/** GET /api/user/{id}. */
export interface UserView {
  id: number
  type: UserType
  first_name: string
  last_name: string
  email: string
  mobile: string
  client_id: number | null
  clientName: string | null
  clientEmail: string | null
  clientContactNumber: string | null
  company_name: string
  /** Create a new client named company_name (confirmed on the form); never for a name that exists. */
  new_client?: boolean
  company_email: string
  company_phone: string
  street: string
  city: string
  state: string
  country_id: number | null
  countryName: string | null
  postcode: string
  organization_id: number | null
  organizationName: string | null
  created_at: string
  createdByName: string | null
  deleted_at: string | null
  lastLogin: string | null
  exclude_from_reporting: boolean
  status: UserStatus
}

export type UserCreatePayload = z.input<typeof userCreateSchema>
export type UserUpdatePayload = z.input<typeof userUpdateSchema>

/** PUT /api/user/{id}/status: archive, restore, or (super) delete for good — the spec's spelling. */
export type UserStatusCode = 'ARCHIVE' | 'RESTORE' | 'PERMENANT'

/** Whether another user has this email (the user being edited excepted). */
export async function emailTaken(email: string, exceptId: number | null): Promise<boolean> {
  const answer = await api<{ exists: boolean }>(
    `${USER_ENDPOINT}/email-exists${queryString({ email, id: exceptId })}`,
  )
  return answer.exists
}
