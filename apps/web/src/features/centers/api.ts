import type { centerOrderKeys, centerSchema, Region, TimeFormat } from '@spaceboard/domain'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { api, queryString } from '../../platform/api-client.ts'

export const CENTER_ENDPOINT = '/api/center'

export type CenterOrder = (typeof centerOrderKeys)[number]

/** A row of GET /api/center. */
export interface CenterRow {
  id: number
  name: string
  organization_id: number
  organizationName: string
  site_id: string
  city: string
  contact_email: string
  contact_number: string
  timezone_id: string
  is_active: 0 | 1
  deleted_at: string | null
  created_at: string
}

/** One month of the Finance panel: its revenue target (null when none is set). */
export interface MonthRevenue {
  name: string
  month_id: number
  revenue: number | null
  /** Actual net revenue of the month (decimal text), months in the center's zone. */
  actual: string
}

/** GET /api/center/{id}?year=: the form's fields, the chosen year's targets and a few facts. */
export interface CenterView {
  id: number
  organization_id: number
  organizationName: string
  name: string
  site_id: string
  booking_confirm_email: string
  booking_confirm_emails: string
  contact_email: string
  contact_number: string
  street: string
  city: string
  state: string
  postcode: string
  country_id: number
  countryName: string | null
  address: string
  timezone_id: string
  /** HH:mm */
  open_time: string
  close_time: string
  time_format: TimeFormat
  open_after_hours: boolean
  description: string
  native_center_id: string
  /** The organization is linked to a third party: native_center_id is shown and required. */
  third_party: boolean
  lat: number | null
  lon: number | null
  regionId: number[]
  taxes_label: string
  taxes_percent: number | null
  taxes_type: string
  stripe_publishable_key: string | null
  stripe_secret_key_set: boolean
  year: number
  /** The calendar year now in the center's time zone: targets of earlier years are read-only. */
  current_year: number
  monthRevenue: MonthRevenue[]
  is_active: 0 | 1
  deleted_at: string | null
  created_at: string
}

/** What POST and PUT /api/center take (centerSchema's input; strict: no view-only keys). */
export type CenterPayload = z.input<typeof centerSchema>

/** The status changes of the list, all on PUT /api/center/{id} (spec 1 §7). */
export type CenterStatusChange = { is_active: 0 | 1 } | { deleted_at: string | null } | { code: 'PERMENANT' }

/** An active center of GET /api/center?all=1, for pickers (spaces, package deals). */
export interface CenterOption {
  id: number
  name: string
  organization_id: number
  timezone_id: string
}

/** The active centers of an organization (nothing is asked until there is one). */
export const centerOptionsQuery = (organizationId: number | null) =>
  queryOptions({
    queryKey: [CENTER_ENDPOINT, 'options', organizationId],
    queryFn: ({ signal }) =>
      api<CenterOption[]>(`${CENTER_ENDPOINT}${queryString({ all: 1, organization_id: organizationId })}`, {
        signal,
      }),
    enabled: organizationId !== null,
    staleTime: 30_000,
  })

/** A center with the targets of one year; edit mode reloads it when the year changes. */
export const centerQuery = (id: number, year: number | null) =>
  queryOptions({
    queryKey: [CENTER_ENDPOINT, 'record', id, year],
    queryFn: ({ signal }) => api<CenterView>(`${CENTER_ENDPOINT}/${id}${queryString({ year })}`, { signal }),
    staleTime: 0,
  })

export interface TimeZone {
  id: string
  name: string
  /** +10:00 */
  offset: string
  /** (UTC+10:00) Australia/Sydney */
  label: string
}

/** IANA zones with their offsets now, sorted by offset. */
export const timeZoneOptionsQuery = queryOptions({
  queryKey: ['/api/timezone'],
  queryFn: ({ signal }) => api<TimeZone[]>('/api/timezone', { signal }),
  staleTime: 10 * 60_000,
})

/**
 * The regions of the center's organization (super names it; nothing is asked until one is chosen).
 * Keyed under the regions, so a region saved elsewhere shows here.
 */
export function useRegionOptions(organizationId: number | null, isSuper: boolean) {
  return useQuery({
    queryKey: ['/api/region', 'options', organizationId],
    queryFn: ({ signal }) =>
      api<Region[]>(
        `/api/region${queryString({ all: 1, organization_id: isSuper ? organizationId : undefined })}`,
        { signal },
      ),
    enabled: organizationId !== null,
    staleTime: 30_000,
  })
}

export interface GeocodeAnswer {
  lat: number
  lon: number
}

/**
 * Address → coordinates through the API's Nominatim-compatible geocoder. A failure rejects with
 * an ApiError whose message says the address could not be located (and how to go on).
 */
export function geocode(address: string, signal?: AbortSignal): Promise<GeocodeAnswer> {
  return api<GeocodeAnswer>(`/api/geocode${queryString({ q: address })}`, signal ? { signal } : {})
}
