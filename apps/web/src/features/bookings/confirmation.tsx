import { DownOutlined, EnvironmentOutlined, PrinterOutlined } from '@ant-design/icons'
import {
  type BookingConfirmation,
  bookingDetailRows,
  bookingNotes,
  directionsUrl,
  locationAddress,
  organizationAddressLines,
  paymentDetailRows,
  statusLabel,
} from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import {
  Button,
  Card,
  Col,
  Descriptions,
  type DescriptionsProps,
  Divider,
  Dropdown,
  Flex,
  Row,
  Skeleton,
  Tag,
  Typography,
  theme,
} from 'antd'
import type { ReactNode } from 'react'
import { NotFound } from '../../platform/not-found.tsx'
import { recordIdOf } from '../../platform/record-page.tsx'
import { LoadFailed } from '../../platform/route-guard.tsx'
import { bookingActionMenu, bookingActions } from './booking-actions.tsx'
import { BookingMails } from './booking-mails.tsx'
import { useBookingOperations } from './booking-operations.tsx'
import { bookingConfirmationQuery } from './confirmation-api.ts'
import { BillingDetails } from './confirmation-billing.tsx'
import { ReschedulingLog, SectionTitle, WorkflowLogs } from './confirmation-logs.tsx'

const route = getRouteApi('/_signed-in/admin/book/invoice/$id')

/** View Booking, the booking confirmation (/admin/book/invoice/{id}, spec 2 §2). */
export function BookingConfirmationPage() {
  const id = recordIdOf(route.useParams().id)
  return id === null ? <NotFound /> : <ConfirmationOf key={id} id={id} />
}

/** Printing shows the confirmation alone: no menu, header or action bar. */
const printStyles = `@media print {
  .ant-layout-sider, .ant-layout-header, .confirmation-toolbar, .confirmation-rescheduling, .confirmation-mails { display: none !important; }
  .ant-layout-content, .ant-layout-content > main { padding: 0 !important; }
  .confirmation-sheet { box-shadow: none !important; border: none !important; }
}`

function ConfirmationOf({ id }: { id: number }) {
  const navigate = useNavigate()
  const booking = useQuery(bookingConfirmationQuery(id))
  const operations = useBookingOperations()
  if (booking.error) return <LoadFailed error={booking.error} />

  const data = booking.data
  // The same menu as the bookings list's rows (booking-actions.tsx), with its cancelled rule.
  const menu = bookingActionMenu(
    data
      ? bookingActions(data, {
          navigate,
          place: 'confirmation',
          onChanged: () => void booking.refetch(),
          operations,
        })
      : [],
  )

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1120, marginInline: 'auto' }}>
      <style>{printStyles}</style>
      {operations.holder}
      <Flex className="confirmation-toolbar" justify="space-between" align="center" gap={8} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          View Booking
        </Typography.Title>
        <Flex gap={8}>
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!data}>
            Print
          </Button>
          <Dropdown trigger={['click']} menu={menu} disabled={!data}>
            <Button type="primary" aria-label="Actions">
              Actions <DownOutlined />
            </Button>
          </Dropdown>
        </Flex>
      </Flex>
      {data ? (
        <Confirmation booking={data} />
      ) : (
        <Card>
          <Skeleton active paragraph={{ rows: 12 }} />
        </Card>
      )}
    </Flex>
  )
}

const statusColors: Record<string, string> = { tentative: 'gold', cancelled: 'red', confirmed: 'green' }

/** The confirmation's sheet; `children` come after the notes (the Notes screen's form, notes mode). */
export function Confirmation({ booking, children }: { booking: BookingConfirmation; children?: ReactNode }) {
  const { token } = theme.useToken()
  const details: DescriptionsProps['items'] = bookingDetailRows(booking).map((row) => ({
    key: row.key,
    label: row.label,
    children:
      row.key === 'status' ? (
        <Tag color={statusColors[booking.status] ?? 'blue'}>{statusLabel(booking.status)}</Tag>
      ) : (
        row.value
      ),
  }))
  const payment: DescriptionsProps['items'] = paymentDetailRows(booking).map((row) => ({
    key: row.key,
    label: row.label,
    children: <span style={{ whiteSpace: 'pre-line' }}>{row.value}</span>,
  }))
  const notes = bookingNotes(booking)
  const labelWidth = { label: { width: 170 } }

  return (
    <Card className="confirmation-sheet" styles={{ body: { padding: 32 } }}>
      <Flex vertical gap={28}>
        <Header booking={booking} />

        <section aria-label="Booking Details">
          <SectionTitle>Booking Details</SectionTitle>
          <Descriptions
            bordered
            size="small"
            column={2}
            items={details}
            styles={{ label: { width: 160, whiteSpace: 'nowrap' } }}
          />
        </section>

        <section aria-label="Billing Details">
          <SectionTitle>Billing Details</SectionTitle>
          <BillingDetails booking={booking} />
        </section>

        <Row gutter={[24, 24]}>
          <Col xs={24} lg={14}>
            <section aria-label="Payment Details">
              <SectionTitle>Payment Details</SectionTitle>
              <Descriptions bordered size="small" column={1} items={payment} styles={labelWidth} />
            </section>
          </Col>
          <Col xs={24} lg={10}>
            <section aria-label="Location Details">
              <SectionTitle>Location Details</SectionTitle>
              <Flex
                vertical
                gap={4}
                style={{
                  border: `1px solid ${token.colorBorderSecondary}`,
                  borderRadius: token.borderRadiusLG,
                  padding: 16,
                }}
              >
                <Typography.Text strong>{booking.centerName}</Typography.Text>
                <Typography.Text>{locationAddress(booking)}</Typography.Text>
                <Typography.Link href={directionsUrl(booking)} target="_blank" rel="noopener noreferrer">
                  <EnvironmentOutlined /> Get Directions
                </Typography.Link>
              </Flex>
            </section>
          </Col>
        </Row>

        {notes.map((note) => (
          <section key={note.key} aria-label={note.label}>
            <SectionTitle>{note.label}</SectionTitle>
            <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>
              {note.value}
            </Typography.Paragraph>
          </section>
        ))}
        {children}

        <WorkflowLogs booking={booking} />
        <BookingMails booking={booking} />
        <ReschedulingLog booking={booking} />
      </Flex>
    </Card>
  )
}

/** The organization's logo, name, address and registration number; the reference and markers. */
function Header({ booking }: { booking: BookingConfirmation }) {
  const { token } = theme.useToken()
  return (
    <header>
      <Flex justify="space-between" align="flex-start" gap={24} wrap>
        <Flex gap={16} align="flex-start">
          {booking.orgLogo ? (
            <img
              src={booking.orgLogo}
              alt={`${booking.organizationName} logo`}
              style={{ maxHeight: 72, maxWidth: 180, objectFit: 'contain' }}
            />
          ) : null}
          <Flex vertical>
            <Typography.Text strong style={{ fontSize: token.fontSizeHeading4 }}>
              {booking.organizationName}
            </Typography.Text>
            {organizationAddressLines(booking).map((line) => (
              <Typography.Text key={line} type="secondary">
                {line}
              </Typography.Text>
            ))}
            {booking.company_registration_number ? (
              <Typography.Text type="secondary">
                Company Registration No: {booking.company_registration_number}
              </Typography.Text>
            ) : null}
          </Flex>
        </Flex>
        <Flex vertical align="flex-end" gap={4}>
          <Typography.Title level={3} style={{ margin: 0, color: token.colorPrimary }}>
            Booking Confirmation
          </Typography.Title>
          <Typography.Text style={{ fontSize: token.fontSizeLG }} data-testid="booking-reference">
            {booking.reference}
          </Typography.Text>
          {booking.recurringId ? <Tag color="blue">Recurring Booking</Tag> : null}
        </Flex>
      </Flex>
      <Divider style={{ marginBlock: '24px 0' }} />
    </header>
  )
}
