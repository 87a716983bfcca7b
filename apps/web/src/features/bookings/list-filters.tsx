import { type BookingListFilters, bookingListFilterErrors, dateDisplayFormat } from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Button, Flex, Select, Skeleton } from 'antd'
import { type ReactNode, useEffect, useState } from 'react'
import { api, queryString } from '../../platform/api-client.ts'
import { useToast } from '../../platform/feedback.ts'
import { DateFilter, OrganizationFilter } from '../../platform/filter-fields.tsx'
import { preferenceQuery, useSavePreference } from '../../platform/preferences.ts'
import { useProfile } from '../../platform/session.ts'
import { CENTER_ENDPOINT, type CenterOption } from '../centers/api.ts'
import type { BookingListSearch } from './list-search.ts'

/** The two screens filtering bookings by dates, organization and location: the bookings list and billing. */
type FilteredListPath = '/admin/book/list' | '/admin/billing/list'

/**
 * The locations to filter on: the organization's, or for super without an organization every
 * organization's (so that "Select organization." can be said when one is picked alone).
 */
export const locationOptionsQuery = (organizationId: number | undefined) => ({
  queryKey: [CENTER_ENDPOINT, 'options', organizationId ?? 'all'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<CenterOption[]>(`${CENTER_ENDPOINT}${queryString({ all: 1, organization_id: organizationId })}`, {
      signal,
    }),
  staleTime: 30_000,
})

/**
 * A non-super user's location is remembered on the server (the screen's preference) and put back
 * into the URL when they come back without one; only on arrival, so a location cleared on the page
 * itself stays cleared. The screen shows with the remembered location as soon as the preference is
 * known (the URL follows), and a skeleton before: on the server's render of the page too (ssr.tsx).
 */
export function RememberedLocation({
  path,
  preferenceKey,
  search,
  children,
}: {
  path: FilteredListPath
  preferenceKey: 'booking-list' | 'billing-list'
  search: BookingListSearch
  children: (search: BookingListSearch) => ReactNode
}) {
  const profile = useProfile()
  const navigate = useNavigate()
  const remembers = profile.type !== 'super'
  const preference = useQuery({ ...preferenceQuery(preferenceKey), enabled: remembers })
  const [arriving, setArriving] = useState(remembers && search.business_center_id === undefined)
  const remembered = arriving ? (preference.data?.business_center_id ?? null) : null

  useEffect(() => {
    if (!arriving || preference.isPending) return
    if (remembered === null) {
      setArriving(false)
      return
    }
    void navigate({ to: path, search: { ...search, business_center_id: remembered }, replace: true }).finally(
      () => setArriving(false),
    )
  }, [arriving, preference.isPending, remembered, search, navigate, path])

  if (arriving && preference.isPending) return <Skeleton active paragraph={{ rows: 8 }} />
  return children(remembered === null ? search : { ...search, business_center_id: remembered })
}

/**
 * The filter bar of dates, organization (super) and location: edited as a draft, applied with Go
 * (spec 2 §2, §5 messages), dropped with the clear button; a non-super user's location choice is
 * saved as the screen's preference.
 */
export function BookingFilterBar({
  search,
  go,
  preferenceKey,
  clearLabel,
}: {
  search: BookingListSearch
  go: (next: BookingListSearch) => void
  preferenceKey: 'booking-list' | 'billing-list'
  clearLabel: string
}) {
  const profile = useProfile()
  const toast = useToast()
  const isSuper = profile.type === 'super'
  const savePreference = useSavePreference(preferenceKey)
  const dateFormat = dateDisplayFormat(profile.time_format)

  const [draft, setDraft] = useState<BookingListFilters>(() => ({
    start_date: search.start_date,
    end_date: search.end_date,
    org_id: search.org_id,
    business_center_id: search.business_center_id,
  }))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const { start_date, end_date, org_id, business_center_id } = search
  useEffect(() => {
    setDraft({ start_date, end_date, org_id, business_center_id })
    setErrors({})
  }, [start_date, end_date, org_id, business_center_id])

  const locations = useQuery(locationOptionsQuery(isSuper ? draft.org_id : undefined))

  const apply = () => {
    const found = bookingListFilterErrors(draft, isSuper)
    setErrors(found)
    const first = Object.values(found)[0]
    if (first) {
      toast.error(first)
      return
    }
    go({ ...search, ...draft, org_id: isSuper ? draft.org_id : undefined, page: 1 })
    const center = draft.business_center_id ?? null
    if (!isSuper && center !== (search.business_center_id ?? null))
      savePreference.mutate(center === null ? null : { business_center_id: center })
  }

  const clear = () => {
    setErrors({})
    go({ search: '', order: search.order, direct: search.direct, page: 1 })
    if (!isSuper) savePreference.mutate(null)
  }

  return (
    <Flex gap={8} align="flex-start" wrap>
      <DateFilter
        label="Start date"
        format={dateFormat}
        value={draft.start_date}
        message={errors.start_date}
        onChange={(value) => setDraft({ ...draft, start_date: value })}
      />
      <DateFilter
        label="End date"
        format={dateFormat}
        value={draft.end_date}
        onChange={(value) => setDraft({ ...draft, end_date: value })}
      />
      {isSuper ? (
        <OrganizationFilter
          value={draft.org_id}
          message={errors.org_id}
          onChange={(value) => setDraft({ ...draft, org_id: value, business_center_id: undefined })}
        />
      ) : null}
      <Select
        aria-label="Select Location"
        placeholder="Select Location"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 220 }}
        loading={locations.isPending}
        value={draft.business_center_id}
        onChange={(value?: number) => setDraft({ ...draft, business_center_id: value })}
        options={(locations.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
      />
      <Button type="primary" onClick={apply}>
        Go
      </Button>
      <Button onClick={clear}>{clearLabel}</Button>
    </Flex>
  )
}
