import { FileExcelOutlined, FileTextOutlined } from '@ant-design/icons'
import {
  BILLING_EXPORT_NAME,
  BILLING_LIST_PREFERENCE,
  type BillingListRow,
  type BookingListFilters,
  type BookingOrder,
  bookingListFilterErrors,
  dateDisplayFormat,
  formatIsoDate,
  formatMoney,
  formatWallTime,
} from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button, Checkbox, Flex, Select, Skeleton, Typography } from 'antd'
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
import { BOOKING_ENDPOINT } from '../bookings/api.ts'
import { type BookingListSearch, filterParams } from '../bookings/list-search.ts'
import { CENTER_ENDPOINT, type CenterOption } from '../centers/api.ts'

const route = getRouteApi('/_signed-in/admin/billing/list')

const locationOptionsQuery = (organizationId: number | undefined) => ({
  queryKey: [CENTER_ENDPOINT, 'options', organizationId ?? 'all'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<CenterOption[]>(`${CENTER_ENDPOINT}${queryString({ all: 1, organization_id: organizationId })}`, {
      signal,
    }),
  staleTime: 30_000,
})

/**
 * Billing (/admin/billing/list, spec 2 §2): the bookings to invoice, and their money lines as the
 * "Booking Detail" file. A non-super user's location is remembered (preference `billing-list`).
 */
export function BillingList() {
  const profile = useProfile()
  const search = route.useSearch()
  const navigate = useNavigate()
  const remembers = profile.type !== 'super'
  const preference = useQuery({ ...preferenceQuery(BILLING_LIST_PREFERENCE), enabled: remembers })
  const [arriving, setArriving] = useState(remembers && search.business_center_id === undefined)

  useEffect(() => {
    if (!arriving || preference.isPending) return
    const remembered = preference.data?.business_center_id ?? null
    if (remembered === null) {
      setArriving(false)
      return
    }
    void navigate({
      to: '/admin/billing/list',
      search: { ...search, business_center_id: remembered },
      replace: true,
    }).finally(() => setArriving(false))
  }, [arriving, preference.isPending, preference.data, search, navigate])

  if (arriving) return <Skeleton active paragraph={{ rows: 8 }} />
  return <BillingListScreen search={search} />
}

const draftOf = (search: BookingListSearch): BookingListFilters => ({
  start_date: search.start_date,
  end_date: search.end_date,
  org_id: search.org_id,
  business_center_id: search.business_center_id,
})

function BillingListScreen({ search }: { search: BookingListSearch }) {
  const profile = useProfile()
  const navigate = useNavigate()
  const toast = useToast()
  const isSuper = profile.type === 'super'
  const savePreference = useSavePreference(BILLING_LIST_PREFERENCE)
  const dateFormat = dateDisplayFormat(profile.time_format)

  const go = (next: BookingListSearch) => void navigate({ to: '/admin/billing/list', search: next })
  const params = filterParams(search, isSuper)
  const list = useListPage<BillingListRow, BookingOrder>({
    endpoint: BOOKING_ENDPOINT,
    search,
    onSearchChange: (next) => go({ ...search, ...next }),
    params: { billing: 'true', ...params },
  })

  const [draft, setDraft] = useState<BookingListFilters>(() => draftOf(search))
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

  const reset = () => {
    setErrors({})
    go({ search: '', order: search.order, direct: search.direct, page: 1 })
    if (!isSuper) savePreference.mutate(null)
  }

  // Ticked, a download first marks the filter's lines not yet exported (one transaction on the
  // server), then fetches exactly those: the next marked export holds only what happened since.
  const [markExported, setMarkExported] = useState(false)
  const [exporting, setExporting] = useState<'xlsx' | 'csv' | null>(null)
  const filterQuery = { search: search.search, order: search.order, direct: search.direct, ...params }
  const download = async (format: 'xlsx' | 'csv') => {
    setExporting(format)
    try {
      let exportId: number | undefined
      if (markExported) {
        const marked = await api<{ status: boolean; exportId: number; lines: number }>(
          `${BOOKING_ENDPOINT}/${list.rows[0]?.bookingId ?? 1}`,
          { method: 'PUT', body: { code: 'MARK_EXPORTED', ...filterQuery } },
        )
        exportId = marked.exportId
      }
      await downloadFile(
        `${BOOKING_ENDPOINT}/${queryString({ billing: 'true', export: format, ...filterQuery, exportId })}`,
        `${BILLING_EXPORT_NAME}.${format}`,
      )
      if (markExported) toast.success('Marked exported for invoicing.')
    } catch (error) {
      toast.failure(error)
    } finally {
      setExporting(null)
    }
  }

  const columns: ListColumn<BillingListRow, BookingOrder>[] = [
    { title: 'Booking Id', dataIndex: 'reference', sortKey: 'bookingId' },
  ]
  if (isSuper)
    columns.push({ title: 'Organization', dataIndex: 'organizationName', sortKey: 'organizationName' })
  columns.push(
    { title: 'Location Name', dataIndex: 'centerName', sortKey: 'centerName' },
    { title: 'Space Name', dataIndex: 'meetingName', sortKey: 'meetingName' },
    {
      title: 'Start Date Time',
      key: 'start',
      sortKey: 'start_time',
      render: (_: unknown, row: BillingListRow) =>
        `${formatIsoDate(row.start_date, row.time_format)} ${formatWallTime(row.start_wall)}`,
    },
    { title: 'Payment Method', dataIndex: 'payment_method' },
    { title: 'Client Name', dataIndex: 'clientName', sortKey: 'clientName' },
    { title: 'First Name', dataIndex: 'fUserName', sortKey: 'fUserName' },
    { title: 'Last Name', dataIndex: 'lUserName', sortKey: 'lUserName' },
    {
      title: 'Total Amount',
      key: 'net_amount',
      sortKey: 'net_amount',
      align: 'right',
      render: (_: unknown, row: BillingListRow) => formatMoney(row.net_amount, row.currency),
    },
  )

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
      <Button onClick={reset}>Reset Filter</Button>
    </Flex>
  )

  return (
    <ListPage<BillingListRow, BookingOrder>
      title="Billing"
      list={list}
      columns={columns}
      rowKey="bookingId"
      toolbar={toolbar}
      actions={
        <>
          <Checkbox checked={markExported} onChange={(e) => setMarkExported(e.target.checked)}>
            Mark exported for invoicing
          </Checkbox>
          <Button
            icon={<FileExcelOutlined />}
            loading={exporting === 'xlsx'}
            disabled={exporting !== null}
            onClick={() => void download('xlsx')}
          >
            XLS
          </Button>
          <Button
            icon={<FileTextOutlined />}
            loading={exporting === 'csv'}
            disabled={exporting !== null}
            onClick={() => void download('csv')}
          >
            CSV
          </Button>
        </>
      }
    />
  )
}
