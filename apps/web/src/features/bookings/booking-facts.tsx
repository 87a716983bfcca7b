import {
  type BookingConfirmation,
  bookingDetailRows,
  formatWallTime,
  messages,
  paymentDetailRows,
  statusLabel,
} from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import {
  Alert,
  Button,
  Card,
  Descriptions,
  type DescriptionsProps,
  Flex,
  Skeleton,
  Tag,
  Typography,
} from 'antd'
import type { ReactNode } from 'react'
import { LoadFailed } from '../../platform/route-guard.tsx'
import { bookingConfirmationQuery } from './confirmation-api.ts'
import { BillingDetails } from './confirmation-billing.tsx'
import { SectionTitle } from './confirmation-logs.tsx'
import { bookingListPath } from './operations-api.ts'

const statusColors: Record<string, string> = { tentative: 'gold', cancelled: 'red', confirmed: 'green' }

/** The booking's details as the confirmation names them, its status as a tag. */
export function BookingDetailsTable({
  booking,
  column = 2,
}: {
  booking: BookingConfirmation
  column?: number
}) {
  const items: DescriptionsProps['items'] = bookingDetailRows(booking)
    .filter((row) => row.key !== 'address')
    .map((row) => ({
      key: row.key,
      label: row.label,
      children:
        row.key === 'status' ? (
          <Tag color={statusColors[booking.status] ?? 'blue'}>{statusLabel(booking.status)}</Tag>
        ) : (
          row.value
        ),
    }))
  return (
    <Descriptions
      bordered
      size="small"
      column={column}
      items={items}
      styles={{ label: { width: 150, whiteSpace: 'nowrap' } }}
    />
  )
}

/** Payment Details, and the package's when the booking is a package deal (spec 2 §2 Additional Charges). */
export function PaymentAndPackage({ booking }: { booking: BookingConfirmation }) {
  const payment: DescriptionsProps['items'] = paymentDetailRows(booking).map((row) => ({
    key: row.key,
    label: row.label,
    children: <span style={{ whiteSpace: 'pre-line' }}>{row.value}</span>,
  }))
  const pkg = booking.organization_package_id ? booking.packageDetails : null
  return (
    <Flex vertical gap={24}>
      <section aria-label="Payment Details">
        <SectionTitle>Payment Details</SectionTitle>
        <Descriptions bordered size="small" column={1} items={payment} styles={{ label: { width: 170 } }} />
      </section>
      {booking.organization_package_id ? (
        <section aria-label="Package Details">
          <SectionTitle>Package Details</SectionTitle>
          <Descriptions
            bordered
            size="small"
            column={1}
            styles={{ label: { width: 170 } }}
            items={[
              { key: 'name', label: 'Package', children: booking.packageName },
              {
                key: 'type',
                label: 'Type',
                children: pkg?.type === 'fixed' ? 'Fixed time slot' : 'Duration',
              },
              ...(pkg?.type === 'fixed' && pkg.start_time && pkg.end_time
                ? [
                    {
                      key: 'slot',
                      label: 'Time Slot',
                      children: `${formatWallTime(pkg.start_time)} – ${formatWallTime(pkg.end_time)}`,
                    },
                  ]
                : []),
              ...(booking.packageServices
                ? [{ key: 'services', label: 'Services', children: booking.packageServices }]
                : []),
            ]}
          />
        </section>
      ) : null}
    </Flex>
  )
}

/** The booking's billing table under its title. */
export function BillingSection({ booking }: { booking: BookingConfirmation }) {
  return (
    <section aria-label="Billing Details">
      <SectionTitle>Billing Details</SectionTitle>
      <BillingDetails booking={booking} />
    </section>
  )
}

/**
 * The frame of a screen that works on one booking (Refund Charge, Additional Charges, Reschedule):
 * loads it (another organization's is not found), and refuses a cancelled one with the API's
 * reason and a way back to the bookings (spec 2 §4: a cancelled booking is locked).
 */
export function BookingScreen({
  id,
  title,
  subtitle,
  children,
}: {
  id: number
  title: string
  subtitle?: string
  children: (booking: BookingConfirmation) => ReactNode
}) {
  const navigate = useNavigate()
  const booking = useQuery(bookingConfirmationQuery(id))
  if (booking.error) return <LoadFailed error={booking.error} />
  const data = booking.data
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1320 }}>
      <Flex justify="space-between" align="end" gap={8} wrap>
        <Flex vertical gap={2}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
        </Flex>
        {data ? (
          <Typography.Text strong data-testid="booking-reference">
            {data.reference}
          </Typography.Text>
        ) : null}
      </Flex>
      {!data ? (
        <Card>
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      ) : data.status === 'cancelled' ? (
        <Alert
          type="warning"
          showIcon
          title={messages.bookingCancelledLocked}
          action={
            <Button onClick={() => void navigate(bookingListPath)} size="small">
              Back to the bookings
            </Button>
          }
        />
      ) : (
        children(data)
      )}
    </Flex>
  )
}
