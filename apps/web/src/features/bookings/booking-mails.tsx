import {
  type BookingConfirmation,
  type BookingMailEntry,
  bookingMailStatusLabels,
  centerDateTime,
  emailTemplateTypeLabel,
} from '@spaceboard/domain'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { Table, type TableColumnsType, Tag, Typography } from 'antd'
import { api } from '../../platform/api-client.ts'
import { SectionTitle } from './confirmation-logs.tsx'

const statusColors: Record<string, string> = { sent: 'success', failed: 'error', pending: 'processing' }

/** GET /api/userbooking/{id}/mails: newest first; asked again while a mail is still queued. */
const bookingMailsQuery = (id: number) =>
  queryOptions({
    queryKey: ['/api/userbooking', 'mails', id],
    queryFn: ({ signal }) => api<BookingMailEntry[]>(`/api/userbooking/${id}/mails`, { signal }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((m) => m.status === 'pending') ? 5000 : false),
  })

/**
 * E-mails of View Booking (issue 17 item 10): every mail sent for the booking or its series, with
 * its delivery status, attempts and last error, so a mail that failed for good is seen. Hidden when
 * there is none.
 */
export function BookingMails({ booking }: { booking: BookingConfirmation }) {
  const mails = useQuery(bookingMailsQuery(booking.bookingId))
  if (!mails.data?.length) return null
  const columns: TableColumnsType<BookingMailEntry> = [
    {
      key: 'type',
      title: 'E-mail',
      dataIndex: 'type',
      render: (type: string | null, mail) => (
        <>
          <div>{type ? emailTemplateTypeLabel(type) : 'E-mail'}</div>
          <Typography.Text type="secondary">{mail.subject}</Typography.Text>
        </>
      ),
    },
    {
      key: 'to',
      title: 'To',
      dataIndex: 'to',
      render: (to: string, mail) => (mail.cc ? `${to} (CC ${mail.cc.split(',').join(', ')})` : to),
    },
    {
      key: 'createdAt',
      title: 'Date/Time',
      dataIndex: 'createdAt',
      width: 190,
      render: (at: string, mail) => centerDateTime(mail.sentAt ?? at, booking),
    },
    {
      key: 'status',
      title: 'Status',
      dataIndex: 'status',
      width: 200,
      render: (status: string, mail) => (
        <>
          <Tag color={statusColors[status]}>{bookingMailStatusLabels[status] ?? status}</Tag>
          {mail.lastError ? (
            <Typography.Paragraph
              type="danger"
              style={{ margin: '4px 0 0' }}
              ellipsis={{ rows: 2, tooltip: true }}
            >
              {mail.lastError}
            </Typography.Paragraph>
          ) : null}
        </>
      ),
    },
    { key: 'attempts', title: 'Attempts', dataIndex: 'attempts', width: 90, align: 'right' },
  ]
  return (
    <section aria-label="E-mails" className="confirmation-mails">
      <SectionTitle>E-mails</SectionTitle>
      <Table size="small" bordered pagination={false} rowKey="id" columns={columns} dataSource={mails.data} />
    </section>
  )
}
