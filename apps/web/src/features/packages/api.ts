import type { packageOrderKeys, packageSchema } from '@spaceboard/domain'
import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import { api } from '../../platform/api-client.ts'

export const PACKAGE_ENDPOINT = '/api/package'

export type PackageOrder = (typeof packageOrderKeys)[number]
export type PackageType = 'duration' | 'fixed'
export type PackageStatus = 'enable' | 'disable'

/** A row of GET /api/package. */
export interface PackageRow {
  id: number
  name: string
  min_attendees: number
  type: PackageType
  status: PackageStatus
  rate: number
  organization_id: number
  organizationName: string
  /** Names, comma separated. */
  selectedCenters: string
  selectedSpaces: string
  created_at: string
}

/** GET /api/package/{id}?view=1. */
export interface PackageView {
  id: number
  organization_id: number
  organizationName: string
  name: string
  min_attendees: number
  type: PackageType
  duration_hours: number | null
  duration_minutes: number | null
  /** HH:mm */
  start_time: string | null
  end_time: string | null
  services: string
  rate: number
  status: PackageStatus
  centers: number[]
  meetingrooms: number[]
  selectedCenters: Array<{ id: number; name: string }>
  selectedMeetingrooms: Array<{ id: number; name: string; center_id: number; capacity: number }>
  created_at: string
}

/** What POST and PUT /api/package take (packageSchema's input). */
export type PackagePayload = z.input<typeof packageSchema>

export const packageQuery = (id: number) =>
  queryOptions({
    queryKey: [PACKAGE_ENDPOINT, 'record', id],
    queryFn: ({ signal }) => api<PackageView>(`${PACKAGE_ENDPOINT}/${id}?view=1`, { signal }),
    staleTime: 0,
  })

/** A package deal with its accounting codes (the organization form's Accounts/Finance). */
export interface PackageCodes {
  id: number
  name: string
  account_code: string
  inventory_item_code: string
}

export const packageCodesQuery = (organizationId: number) =>
  queryOptions({
    queryKey: [PACKAGE_ENDPOINT, 'codes', organizationId],
    queryFn: ({ signal }) =>
      api<PackageCodes[]>(`${PACKAGE_ENDPOINT}/codes?organization_id=${organizationId}`, { signal }),
    staleTime: 0,
  })
