import { FileExcelOutlined, FileTextOutlined } from '@ant-design/icons'
import {
  BILLING_EXPORT_NAME,
  BILLING_LIST_PREFERENCE,
  type BillingListRow,
  type BookingOrder,
  formatIsoDate,
  formatMoney,
  formatWallTime,
  messages,
} from '@spaceboard/domain'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button, Checkbox } from 'antd'
import { useState } from 'react'
import { api, queryString } from '../../platform/api-client.ts'
import { downloadFile } from '../../platform/download.ts'
import { useToast } from '../../platform/feedback.ts'
import { type ListColumn, ListPage, useListPage } from '../../platform/list-page.tsx'
import { useProfile } from '../../platform/session.ts'
import { BOOKING_ENDPOINT } from '../bookings/api.ts'
import { BookingFilterBar, RememberedLocation } from '../bookings/list-filters.tsx'
import { type BookingListSearch, filterParams } from '../bookings/list-search.ts'

const route = getRouteApi('/_signed-in/admin/billing/list')

/**
 * Billing (/admin/billing/list, spec 2 §2): the bookings to invoice, and their money lines as the
 * "Booking Detail" file. A non-super user's location is remembered (preference `billing-list`).
 */
export function BillingList() {
  const search = route.useSearch()
  return (
    <RememberedLocation path="/admin/billing/list" preferenceKey={BILLING_LIST_PREFERENCE} search={search}>
      {(shown) => <BillingListScreen search={shown} />}
    </RememberedLocation>
  )
}

function BillingListScreen({ search }: { search: BookingListSearch }) {
  const profile = useProfile()
  const navigate = useNavigate()
  const toast = useToast()
  const isSuper = profile.type === 'super'

  const go = (next: BookingListSearch) => void navigate({ to: '/admin/billing/list', search: next })
  const params = filterParams(search, isSuper)
  const list = useListPage<BillingListRow, BookingOrder>({
    endpoint: BOOKING_ENDPOINT,
    search,
    onSearchChange: (next) => go({ ...search, ...next }),
    params: { billing: 'true', ...params },
  })

  // Ticked, a download first marks the filter's lines not yet exported (one transaction on the
  // server), then fetches exactly those: the next marked export holds only what happened since.
  const [markExported, setMarkExported] = useState(false)
  const [exporting, setExporting] = useState<'xlsx' | 'csv' | null>(null)
  const filterQuery = { search: search.search, order: search.order, direct: search.direct, ...params }
  // Marking needs a date range (the server refuses without one) and names a booking the list shows.
  const download = async (format: 'xlsx' | 'csv') => {
    const shown = list.rows[0]
    if (markExported && (!search.start_date || !search.end_date)) {
      toast.error(messages.markExportedRangeRequired)
      return
    }
    setExporting(format)
    try {
      let exportId: number | undefined
      if (markExported && shown) {
        const marked = await api<{ status: boolean; exportId: number; lines: number }>(
          `${BOOKING_ENDPOINT}/${shown.bookingId}`,
          { method: 'PUT', body: { code: 'MARK_EXPORTED', ...filterQuery } },
        )
        exportId = marked.exportId
      }
      await downloadFile(
        `${BOOKING_ENDPOINT}/${queryString({ billing: 'true', export: format, ...filterQuery, exportId })}`,
        `${BILLING_EXPORT_NAME}.${format}`,
      )
      if (exportId !== undefined) toast.success('Marked exported for invoicing.')
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

  const toolbar = (
    <BookingFilterBar
      search={search}
      go={go}
      preferenceKey={BILLING_LIST_PREFERENCE}
      clearLabel="Reset Filter"
    />
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
