import { DownOutlined, FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons'
import {
  BOOKING_EXPORT_FILENAME,
  BOOKING_LIST_PREFERENCE,
  type BookingListRow,
  type BookingOrder,
  formatIsoDate,
  formatMoney,
  formatWallTime,
  runSheetFilename,
  runSheetPartLabel,
  runSheetParts,
  statusLabel,
} from '@spaceboard/domain'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button, Dropdown, Tag } from 'antd'
import { useState } from 'react'
import { queryString } from '../../platform/api-client.ts'
import { downloadFile } from '../../platform/download.ts'
import { useToast } from '../../platform/feedback.ts'
import { type ListColumn, ListPage, useListPage } from '../../platform/list-page.tsx'
import { useProfile } from '../../platform/session.ts'
import { BOOKING_ENDPOINT } from './api.ts'
import { BookingActionsButton } from './booking-actions.tsx'
import { BookingFilterBar, RememberedLocation } from './list-filters.tsx'
import { type BookingListSearch, filterParams } from './list-search.ts'

const route = getRouteApi('/_signed-in/admin/book/list')

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
  const search = route.useSearch()
  return (
    <RememberedLocation path="/admin/book/list" preferenceKey={BOOKING_LIST_PREFERENCE} search={search}>
      {(shown) => <BookingListScreen search={shown} />}
    </RememberedLocation>
  )
}

function BookingListScreen({ search }: { search: BookingListSearch }) {
  const profile = useProfile()
  const navigate = useNavigate()
  const toast = useToast()
  const isSuper = profile.type === 'super'

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

  const toolbar = (
    <BookingFilterBar
      search={search}
      go={go}
      preferenceKey={BOOKING_LIST_PREFERENCE}
      clearLabel="Clear Filter"
    />
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
