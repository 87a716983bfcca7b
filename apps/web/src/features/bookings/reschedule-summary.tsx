import { InfoCircleOutlined } from '@ant-design/icons'
import {
  type BookingConfirmation,
  bookingWhen,
  durationText,
  formatMoney,
  toBasisPoints,
  toCents,
} from '@spaceboard/domain'
import { Card, Descriptions, Flex, Spin, Typography } from 'antd'
import type { RescheduleMode, RescheduleQuote } from './operations-api.ts'

/** The booking as it is before the change. */
export function CurrentBooking({ booking }: { booking: BookingConfirmation }) {
  return (
    <Card size="small" title="Current booking">
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'space', label: 'Space', children: booking.meetingName },
          { key: 'center', label: 'Location', children: booking.centerName },
          { key: 'when', label: 'Date/Time', children: bookingWhen(booking) },
          { key: 'client', label: 'Client', children: booking.clientName },
          { key: 'net', label: 'Total', children: formatMoney(booking.net_amount, booking.currency) },
        ]}
      />
    </Card>
  )
}

const modeTexts: Record<RescheduleMode, string> = {
  same: 'Same duration: nothing to charge or refund.',
  CHARGE: 'Longer: the extension is charged.',
  REFUND: 'Shorter: the difference is refunded.',
}

/** What the chosen slot would charge or refund (the reschedule quote). */
export function ChangePreview({
  booking,
  preview,
  pricing,
  ready,
}: {
  booking: BookingConfirmation
  preview: RescheduleQuote | undefined
  pricing: boolean
  ready: boolean
}) {
  const money = (amount: string) => formatMoney(amount, booking.currency)
  const amenities = preview?.amenities.filter((a) => toCents(a.amount) > 0) ?? []
  return (
    <Card
      size="small"
      title="Change"
      extra={pricing ? <Spin size="small" /> : null}
      aria-label="Change"
      role="region"
    >
      {!ready ? (
        <Typography.Text type="secondary">Choose a space, a date and the times.</Typography.Text>
      ) : !preview ? (
        <Typography.Text type="secondary">Working out the change…</Typography.Text>
      ) : (
        <Flex vertical gap={8}>
          <Typography.Text data-testid="reschedule-mode">{modeTexts[preview.mode]}</Typography.Text>
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'duration',
                label: 'Duration',
                children: `${durationText(preview.duration)} (was ${durationText(booking.duration)})`,
              },
              ...(preview.mode === 'same'
                ? []
                : [
                    {
                      key: 'amount',
                      label: preview.mode === 'CHARGE' ? 'Room charge' : 'Room refund',
                      children: <strong data-testid="reschedule-amount">{money(preview.amount)}</strong>,
                    },
                  ]),
              ...(preview.mode === 'REFUND'
                ? [{ key: 'available', label: 'Available to refund', children: money(preview.available) }]
                : []),
              ...(preview.gratisMinutes > 0
                ? [
                    {
                      key: 'gratis',
                      label: preview.mode === 'CHARGE' ? 'Gratis minutes used' : 'Gratis minutes returned',
                      children: `${preview.gratisMinutes} minutes`,
                    },
                  ]
                : []),
              ...amenities.map((a) => ({
                key: `amenity-${a.booking_amenity_id}`,
                label: booking.bookedAmenities.find((b) => b.id === a.booking_amenity_id)?.name ?? 'Amenity',
                children: `${preview.mode === 'CHARGE' ? '' : '-'}${money(a.amount)}`,
              })),
            ]}
          />
        </Flex>
      )}
    </Card>
  )
}

/**
 * The notes of a booking with gratis minutes, a discount, a voucher or amenities (spec 2 §2): how
 * the reschedule treats each.
 */
export function BookingNotes({ booking }: { booking: BookingConfirmation }) {
  const notes: string[] = []
  if (booking.gratis_minutes > 0)
    notes.push(
      `This booking used ${booking.gratis_minutes} gratis minutes${
        booking.refunded_gratis_minutes ? ` (${booking.refunded_gratis_minutes} returned)` : ''
      }. A longer booking uses the client's gratis minutes first; a shorter one returns its gratis minutes first.`,
    )
  if (
    toBasisPoints(booking.rate_percentage || '0') > 0 ||
    toBasisPoints(booking.additional_discount_rate || '0') > 0
  )
    notes.push(
      `The booking's discount (${[
        toBasisPoints(booking.rate_percentage || '0') > 0 ? `${Number(booking.rate_percentage)}%` : '',
        toBasisPoints(booking.additional_discount_rate || '0') > 0
          ? `additional ${Number(booking.additional_discount_rate)}%`
          : '',
      ]
        .filter(Boolean)
        .join(', ')}) applies to the charge or refund.`,
    )
  if (booking.voucher_code)
    notes.push(`Voucher ${booking.voucher_code} stays on the booking; its discount is not worked out again.`)
  if (booking.bookedAmenities.length) {
    const hourly = booking.bookedAmenities.filter((a) => a.type === 'hour').map((a) => a.name)
    notes.push(
      hourly.length
        ? `Hourly amenities (${hourly.join(', ')}) are charged or refunded for the changed duration; the others stay as booked.`
        : 'The amenities stay as booked.',
    )
  }
  if (!notes.length) return null
  return (
    <Card size="small" title="Notes" aria-label="Reschedule notes" role="region">
      <Flex vertical gap={6}>
        {notes.map((note) => (
          <Typography.Text key={note} type="secondary">
            <InfoCircleOutlined style={{ marginRight: 6 }} />
            {note}
          </Typography.Text>
        ))}
      </Flex>
    </Card>
  )
}
