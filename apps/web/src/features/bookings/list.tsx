import { DownOutlined, FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons'
import {
  BOOKING_EXPORT_FILENAME,
  BOOKING_LIST_PREFERENCE,
  type BookingListFilters,
  type BookingListRow,
  type BookingOrder,
  bookingListFilterErrors,
  dateDisplayFormat,
  formatIsoDate,
  formatMoney,
  formatWallTime,
  runSheetFilename,
  runSheetPartLabel,
  runSheetParts,
  statusLabel,
} from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button, Dropdown, Flex, Select, Skeleton, Tag, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect, useState } from 'react'
import { api, queryString } from '../../platform/api-client.ts'
import { DatePickerLater } from '../../platform/date-picker-later.tsx'
import { downloadFile } from '../../platform/download.ts'
import { useToast } from '../../platform/feedback.ts'
import { type ListColumn, ListPage, useListPage } from '../../platform/list-page.tsx'
import { useOrganizationOptions } from '../../platform/organization-options.ts'
import { preferenceQuery, useSavePreference } from '../../platform/preferences.ts'
import { useProfile } from '../../platform/session.ts'
import { CENTER_ENDPOINT, type CenterOption } from '../centers/api.ts'
import { BOOKING_ENDPOINT } from './api.ts'
import { BookingActionsButton } from './booking-actions.tsx'
import { type BookingListSearch, filterParams } from './list-search.ts'

const route = getRouteApi('/_signed-in/admin/book/list')

/**
 * The locations to filter on: the organization's, or for super without an organization every
 * organization's (so that "Select organization." can be said when one is picked alone).
 */
const locationOptionsQuery = (organizationId: number | undefined) => ({
  queryKey: [CENTER_ENDPOINT, 'options', organizationId ?? 'all'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<CenterOption[]>(`${CENTER_ENDPOINT}${queryString({ all: 1, organization_id: organizationId })}`, {
      signal,
    }),
  staleTime: 30_000,
})

/** "05-12-2026 09:00 AM - 11:00 AM", the end date too when the booking ends on another day. */
export function bookingWhenText(row: BookingListRow): string {
  const start = `${formatIsoDate(row.start_date, row.time_format)} ${formatWallTime(row.start_wall)}`
  const endDate = row.end_date !== row.start_date ? `${formatIsoDate(row.end_date, row.time_format)} ` : ''
  return `${start} - ${endDate}${formatWallTime(row.end_wall)}`
}

const statusColors: Record<string, string> = { tentative: 'gold', confirmed: 'green', cancelled: 'default' }

/**
 * Bookings (/admin/book/list, spec 2 §2). A non-super user's location is remembered on the server
 * (preference `booking-list`) and put back into the URL when they come back without one.
 */
export function BookingList() {
  const profile = useProfile()
  const search = route.useSearch()
  const navigate = useNavigate()
  const remembers = profile.type !== 'super'
  const preference = useQuery({ ...preferenceQuery(BOOKING_LIST_PREFERENCE), enabled: remembers })
  // Only on arrival: a location cleared on the page itself stays cleared.
  const [arriving, setArriving] = useState(remembers && search.business_center_id === undefined)

  useEffect(() => {
    if (!arriving || preference.isPending) return
    const remembered = preference.data?.business_center_id ?? null
    if (remembered === null) {
      setArriving(false)
      return
    }
    void navigate({
      to: '/admin/book/list',
      search: { ...search, business_center_id: remembered },
      replace: true,
    }).finally(() => setArriving(false))
  }, [arriving, preference.isPending, preference.data, search, navigate])

  if (arriving) return <Skeleton active paragraph={{ rows: 8 }} />
  return <BookingListScreen search={search} />
}

interface FilterDraft extends BookingListFilters {}

const draftOf = (search: BookingListSearch): FilterDraft => ({
  start_date: search.start_date,
  end_date: search.end_date,
  org_id: search.org_id,
  business_center_id: search.business_center_id,
})

function BookingListScreen({ search }: { search: BookingListSearch }) {
  const profile = useProfile()
  const navigate = useNavigate()
  const toast = useToast()
  const isSuper = profile.type === 'super'
  const savePreference = useSavePreference(BOOKING_LIST_PREFERENCE)
  const dateFormat = dateDisplayFormat(profile.time_format)

  const go = (next: BookingListSearch) => void navigate({ to: '/admin/book/list', search: next })
  const params = filterParams(search, isSuper)
  const list = useListPage<BookingListRow, BookingOrder>({
    endpoint: BOOKING_ENDPOINT,
    search,
    // The list kit changes search, sort and page; the filters stay as they are.
    onSearchChange: (next) => go({ ...search, ...next }),
    // As bookingListQuery has them (the route starts that call as the page is entered).
    params: { booking: 1, ...params },
  })

  // The filters as being edited; Go applies them (spec 2 §2), Clear Filter drops them.
  const [draft, setDraft] = useState<FilterDraft>(() => draftOf(search))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const { start_date, end_date, org_id, business_center_id } = search
  useEffect(() => {
    setDraft({ start_date, end_date, org_id, business_center_id })
    setErrors({})
  }, [start_date, end_date, org_id, business_center_id])

  const organizations = useOrganizationOptions(isSuper)
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

  // The exports take the applied filters (the URL's), the list's search and sort.
  const exportQuery = (extra: Record<string, string | number>) =>
    queryString({ ...extra, search: search.search, order: search.order, direct: search.direct, ...params })
  const [exporting, setExporting] = useState<'xlsx' | 'pdf' | null>(null)
  // A run sheet longer than one file's bookings is printed in parts, one file each.
  const sheetParts = runSheetParts(list.total)
  const download = async (kind: 'xlsx' | 'pdf', part = 1) => {
    setExporting(kind)
    try {
      if (kind === 'xlsx')
        await downloadFile(`${BOOKING_ENDPOINT}${exportQuery({ bookingSheet: 1 })}`, BOOKING_EXPORT_FILENAME)
      else
        await downloadFile(
          `${BOOKING_ENDPOINT}${exportQuery({ pdf: 'true', ...(part > 1 ? { part } : {}) })}`,
          runSheetFilename(part, sheetParts),
        )
    } catch (error) {
      toast.failure(error)
    } finally {
      setExporting(null)
    }
  }

  const showStatus = isSuper || list.rows.some((row) => row.showStatus)
  const columns: ListColumn<BookingListRow, BookingOrder>[] = [
    { title: 'Booking Id', dataIndex: 'reference', sortKey: 'bookingId' },
  ]
  if (isSuper)
    columns.push({ title: 'Organization', dataIndex: 'organizationName', sortKey: 'organizationName' })
  columns.push(
    { title: 'Location Name', dataIndex: 'centerName', sortKey: 'centerName' },
    { title: 'Space Name', dataIndex: 'meetingName', sortKey: 'meetingName' },
    {
      title: 'Start and End Date Time',
      key: 'when',
      sortKey: 'start_time',
      render: (_: unknown, row: BookingListRow) => bookingWhenText(row),
    },
    { title: 'Client Name', dataIndex: 'clientName', sortKey: 'clientName' },
    { title: 'First Name', dataIndex: 'fUserName', sortKey: 'fUserName' },
    { title: 'Last Name', dataIndex: 'lUserName', sortKey: 'lUserName' },
    {
      title: 'Total Amount',
      key: 'net_amount',
      sortKey: 'net_amount',
      align: 'right',
      render: (_: unknown, row: BookingListRow) => formatMoney(row.net_amount, row.currency),
    },
  )
  if (showStatus) {
    columns.push({
      title: 'Booking Status',
      dataIndex: 'status',
      sortKey: 'status',
      render: (status: string) => <Tag color={statusColors[status] ?? 'blue'}>{statusLabel(status)}</Tag>,
    })
  }
  columns.push({
    title: 'Action',
    key: 'action',
    width: 110,
    render: (_: unknown, row: BookingListRow) => (
      <BookingActionsButton
        booking={row}
        context={{ navigate, place: 'list', onChanged: () => void list.refetch() }}
      />
    ),
  })

  const dateValue = (value: string | undefined) => (value ? dayjs(value) : null)
  const dateText = (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : undefined)
  const error = (field: string) =>
    errors[field] ? (
      <Typography.Text type="danger" role="alert">
        {errors[field]}
      </Typography.Text>
    ) : null

  const toolbar = (
    <Flex gap={8} align="flex-start" wrap>
      <Flex vertical gap={4}>
        <DatePickerLater
          aria-label="Start date"
          placeholder="Start date"
          format={dateFormat}
          value={dateValue(draft.start_date)}
          status={errors.start_date ? 'error' : ''}
          onChange={(value) => setDraft({ ...draft, start_date: dateText(value) })}
        />
        {error('start_date')}
      </Flex>
      <DatePickerLater
        aria-label="End date"
        placeholder="End date"
        format={dateFormat}
        value={dateValue(draft.end_date)}
        onChange={(value) => setDraft({ ...draft, end_date: dateText(value) })}
      />
      {isSuper ? (
        <Flex vertical gap={4}>
          <Select
            aria-label="Select Organization"
            placeholder="Select Organization"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 220 }}
            status={errors.org_id ? 'error' : ''}
            loading={organizations.isPending}
            value={draft.org_id}
            onChange={(value?: number) =>
              setDraft({ ...draft, org_id: value, business_center_id: undefined })
            }
            options={(organizations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          />
          {error('org_id')}
        </Flex>
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
      <Button onClick={clear}>Clear Filter</Button>
    </Flex>
  )

  return (
    <ListPage<BookingListRow, BookingOrder>
      title="Bookings"
      list={list}
      columns={columns}
      rowKey="bookingId"
      toolbar={toolbar}
      actions={
        <>
          <Button
            icon={<FileExcelOutlined />}
            loading={exporting === 'xlsx'}
            disabled={exporting !== null}
            onClick={() => void download('xlsx')}
          >
            Excel
          </Button>
          {sheetParts > 1 ? (
            <Dropdown
              disabled={exporting !== null}
              menu={{
                items: Array.from({ length: sheetParts }, (_, i) => ({
                  key: String(i + 1),
                  label: runSheetPartLabel(i + 1, list.total),
                })),
                onClick: ({ key }) => void download('pdf', Number(key)),
              }}
            >
              <Button icon={<FilePdfOutlined />} loading={exporting === 'pdf'}>
                PDF <DownOutlined />
              </Button>
            </Dropdown>
          ) : (
            <Button
              icon={<FilePdfOutlined />}
              loading={exporting === 'pdf'}
              disabled={exporting !== null}
              onClick={() => void download('pdf')}
            >
              PDF
            </Button>
          )}
        </>
      }
    />
  )
}
