import type { RateUnit, SpaceType, spaceOrderKeys, spaceSchema } from '@spaceboard/domain'
import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import { api, queryString } from '../../platform/api-client.ts'
import type { BlackoutPeriod } from '../../platform/blackout-periods.tsx'

/** Spaces live at /api/meetingroom, the spec's name for them. */
export const SPACE_ENDPOINT = '/api/meetingroom'

export type SpaceOrder = (typeof spaceOrderKeys)[number]
export type ChargeType = 'flat' | 'attendee' | 'hour'

/** A row of GET /api/meetingroom. */
export interface SpaceRow {
  id: number
  name: string
  organization_id: number
  organizationName: string
  center_id: number
  centerName: string
  capacity: number
  /** The space type's label. */
  type: string
  room_type: SpaceType
  display_order: number | null
  is_active: 0 | 1
  deleted_at: string | null
}

/** An active space of GET /api/meetingroom?all=1 (pickers). */
export interface SpaceOption {
  id: number
  name: string
  organization_id: number
  center_id: number
  capacity: number
  room_type: SpaceType
  display_order: number | null
}

/** GET /api/meetingroom/{id}: the form's fields and read-only facts. */
export interface SpaceView {
  id: number
  organization_id: number
  organizationName: string
  center_id: number
  centerName: string
  name: string
  capacity: number
  floor: string
  private_room: boolean
  minimum_duration_hours: number
  minimum_duration_minutes: number
  maximum_duration_hours: number
  maximum_duration_minutes: number
  /** HH:mm */
  start_time: string
  end_time: string
  description: string
  organization_roomtype_id: SpaceType
  type: string
  status: 'enabled' | 'disabled'
  is_active: 0 | 1
  native_meetingroom_id: string
  pre_makeup_hours: number
  pre_makeup_minutes: number
  post_makeup_hours: number
  post_makeup_minutes: number
  selectedAmenities: Array<{
    amenity_id: number
    name: string
    amount: number
    type: ChargeType
    image: string | null
  }>
  selectedRates: Array<{ unit: RateUnit; amount: number }>
  full_photo: string[]
  childRooms: number[]
  /** The space is combined into another one: it cannot combine spaces itself. */
  isChild: boolean
  blackoutPeriods: BlackoutPeriod[]
  security_bond_required: boolean
  security_bond_amount: number | null
  site_access_instructions: string
  calendar_type: 'GOOGLE_CALENDAR' | null
  google_account_email: string
  service_account_email: string
  service_account_private_key_set: boolean
  ms_365_resource_email: string
  display_order: number | null
  deleted_at: string | null
  created_at: string
}

/** What POST and PUT /api/meetingroom take (spaceSchema's input; strict: no view-only keys). */
export type SpacePayload = z.input<typeof spaceSchema>

/** A service the organization offers (GET /api/organization-amenities/{organizationId}). */
export interface OrganizationAmenity {
  id: number
  amenity_id: number
  name: string
  category: string
  image: string | null
  code: string
  account_code: string
}

export const spaceQuery = (id: number) =>
  queryOptions({
    queryKey: [SPACE_ENDPOINT, 'record', id],
    queryFn: ({ signal }) => api<SpaceView>(`${SPACE_ENDPOINT}/${id}`, { signal }),
    staleTime: 0,
  })

/** The active spaces of a center, in display order (package deals pick from them). */
export const spaceOptionsQuery = (centerId: number) =>
  queryOptions({
    queryKey: [SPACE_ENDPOINT, 'options', centerId],
    queryFn: ({ signal }) =>
      api<SpaceOption[]>(`${SPACE_ENDPOINT}${queryString({ all: 1, centerId })}`, { signal }),
    staleTime: 30_000,
  })

/** The space types the organization offers. */
export const spaceTypesQuery = (organizationId: number | null) =>
  queryOptions({
    queryKey: [SPACE_ENDPOINT, 'space-types', organizationId],
    queryFn: ({ signal }) =>
      api<Array<{ key: SpaceType; label: string }>>(
        `${SPACE_ENDPOINT}/space-types${queryString({ organization_id: organizationId })}`,
        { signal },
      ),
    enabled: organizationId !== null,
    staleTime: 30_000,
  })

/** The services (amenities) the organization offers, keyed under the amenities. */
export const organizationAmenitiesQuery = (organizationId: number | null) =>
  queryOptions({
    queryKey: ['/api/amenity', 'organization', organizationId],
    queryFn: ({ signal }) =>
      api<OrganizationAmenity[]>(`/api/organization-amenities/${organizationId}`, { signal }),
    enabled: organizationId !== null,
    staleTime: 30_000,
  })

export interface ChildCandidate {
  id: number
  name: string
  capacity: number
}

/** Spaces that can be combined into this one: same organization, center and space type. */
export const childCandidatesQuery = (
  organizationId: number | null,
  centerId: number | undefined,
  roomTypeId: string | undefined,
  currentRoomId: number | null,
) =>
  queryOptions({
    queryKey: [SPACE_ENDPOINT, 'child-candidates', organizationId, centerId, roomTypeId, currentRoomId],
    queryFn: ({ signal }) =>
      api<ChildCandidate[]>(
        `${SPACE_ENDPOINT}/child-candidates${queryString({
          centerId,
          roomTypeId,
          currentRoomId,
          organization_id: organizationId,
        })}`,
        { signal },
      ),
    enabled: organizationId !== null && centerId !== undefined && Boolean(roomTypeId),
    staleTime: 0,
  })

/**
 * How many more spaces the organization's licence allows; null for super (who skips the check).
 * Asked afresh each time: another tab may have used the last one.
 */
export async function remainingLicences(organizationId: number | null): Promise<number | null> {
  const answer = await api<{ remaining: number | null }>(
    `${SPACE_ENDPOINT}/licence${queryString({ organization_id: organizationId })}`,
  )
  return answer.remaining
}
