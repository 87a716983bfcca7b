import type { ClientInput, clientOrderKeys, clientSchema } from '@spaceboard/domain'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { api, queryString } from '../../platform/api-client.ts'

export const CLIENT_ENDPOINT = '/api/client'

export type ClientOrder = (typeof clientOrderKeys)[number]

/** A row of GET /api/client. */
export interface ClientRow {
  id: number
  external_client_id: string
  organization_id: number
  organizationName: string | null
  name: string
  /** How many users the client has. */
  registeredUser: number
  /** Who registered the client. */
  alterUserName: string | null
  deleted_at: string | null
}

/** GET /api/client/{id}: every field of the form and a few facts. */
export interface ClientView extends ClientRow {
  street: string
  city: string
  state: string
  country_id: number | null
  postcode: string
  contact_email: string
  contact_number: string
  website: string
  payment_method: ClientInput['payment_method']
  company_number: string
  send_confirmation_only: boolean
  access_to_private_room: boolean
  notes: string
  internal_percent_discount_rate: number
  additional_discount_rate: number
  gartisMinutes: number
  clientClientTypes: number[]
}

/** What POST and PUT /api/client take (clientSchema's input). */
export type ClientPayload = z.input<typeof clientSchema>

/** A month of GET /api/client/{id}/gratis-log. */
export interface GratisLogEntry {
  usedMonth: string
  usedMinutes: number
  refundedMinutes: number
}

/** A client of a picker (GET /api/client?all=1). */
export interface ClientOption {
  id: number
  name: string
  organization_id: number
}

/**
 * The active clients of an organization for a picker; super names the organization (nothing is
 * asked until one is chosen), the others always get their own. Keyed under the clients.
 */
export function useClientOptions(organizationId: number | null | undefined, enabled = true) {
  return useQuery({
    queryKey: [CLIENT_ENDPOINT, 'options', organizationId ?? null],
    queryFn: ({ signal }) =>
      api<ClientOption[]>(`${CLIENT_ENDPOINT}${queryString({ all: 1, organization_id: organizationId })}`, {
        signal,
      }),
    enabled,
    staleTime: 30_000,
  })
}

export const gratisLogQuery = (id: number) =>
  queryOptions({
    queryKey: [CLIENT_ENDPOINT, 'gratis-log', id],
    queryFn: ({ signal }) => api<GratisLogEntry[]>(`${CLIENT_ENDPOINT}/${id}/gratis-log`, { signal }),
  })

/** Whether another client of the organization has this name (the API answers the JSON string "1" or "0"). */
export async function clientNameTaken(
  name: string,
  organizationId: number | null | undefined,
  exceptId: number | null,
): Promise<boolean> {
  const answer = await api<string | number>(
    `${CLIENT_ENDPOINT}/exists${queryString({ name, organization_id: organizationId, id: exceptId })}`,
  )
  return String(answer) === '1'
}
