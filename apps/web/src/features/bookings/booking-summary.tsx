import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons'
import { formatMoney, formatWallTime, toCents } from '@spaceboard/domain'
import { Alert, Button, Card, Divider, Flex, Skeleton, Table, Tag, Typography, theme } from 'antd'
import type { ReactNode } from 'react'
import type { Quote, QuotePrice, SeriesConflict } from './api.ts'
import { describeDuration, durationMinutes } from './room-detail-model.ts'

const rateUnitLabel: Record<string, string> = {
  hour: 'hourly rate',
  halfday: 'half-day rate',
  day: 'day rate',
  package: 'package rate',
}

const chargeLabel: Record<string, string> = { flat: 'flat', attendee: 'per attendee', hour: 'per hour' }

/** An amount of the quote (decimal text, or cents) with the currency's symbol and two decimals. */
export function money(amount: string | number, currency: string | null | undefined): string {
  return formatMoney(amount, currency)
}

const isZero = (amount: string | null | undefined) => !amount || toCents(amount) === 0

function Line({
  label,
  detail,
  value,
  strong = false,
  testId,
}: {
  label: ReactNode
  detail?: ReactNode
  value: ReactNode
  strong?: boolean
  testId?: string
}) {
  return (
    <Flex justify="space-between" align="baseline" gap={12} data-testid={testId}>
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong={strong}>{label}</Typography.Text>
        {detail ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {detail}
          </Typography.Text>
        ) : null}
      </Flex>
      <Typography.Text strong={strong} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography.Text>
    </Flex>
  )
}

/** The price breakdown of a quote (spec 2 §2 Billing Details, §9), each line only when it counts. */
export function PriceBreakdown({
  price,
  attendees,
  durationMinutes,
  packageName,
}: {
  price: QuotePrice
  attendees: number
  durationMinutes: number
  packageName: string | null
}) {
  const { token } = theme.useToken()
  const m = (amount: string) => money(amount, price.currency)
  const minus = (amount: string) => `-${m(amount)}`
  const isPackage = price.rate_unit === 'package'
  const hours = describeDuration(price.chargeable_minutes)
  const roomDetail = isPackage
    ? `${m(price.room_unit_amount)} × ${attendees} attendee${attendees === 1 ? '' : 's'}`
    : price.chargeable_minutes > 0
      ? `${m(price.room_unit_amount)} × ${hours}, ${rateUnitLabel[price.rate_unit] ?? price.rate_unit}`
      : 'All minutes gratis'
  return (
    <Flex vertical gap={10} data-testid="price-breakdown">
      <Line
        label={isPackage ? `Package: ${packageName ?? 'package deal'}` : 'Room'}
        detail={
          price.room_rate_modified ? `${roomDetail} · amended from ${m(price.original_amount)}` : roomDetail
        }
        value={m(price.room_amount)}
        testId="price-room"
      />
      {price.gratis_minutes > 0 ? (
        <Line
          label="Gratis minutes"
          detail={`${describeDuration(price.gratis_minutes)} of ${describeDuration(durationMinutes)} free`}
          value={`${price.gratis_minutes} min`}
          testId="price-gratis"
        />
      ) : null}
      {!isZero(price.internal_discount) ? (
        <Line
          label="Discount"
          detail={`${price.rate_level} rate, ${price.rate_percentage}%`}
          value={minus(price.internal_discount)}
          testId="price-discount"
        />
      ) : null}
      {!isZero(price.voucher_discount) ? (
        <Line
          label="Voucher"
          detail={price.voucher_code}
          value={minus(price.voucher_discount)}
          testId="price-voucher"
        />
      ) : null}
      {!isZero(price.additional_discount_amount) ? (
        <Line
          label="Additional discount"
          detail={`${price.additional_discount_rate}%`}
          value={minus(price.additional_discount_amount)}
          testId="price-additional-discount"
        />
      ) : null}
      {price.amenities.map((amenity) => (
        <Line
          key={amenity.amenity_id}
          label={amenity.name}
          detail={`${m(amenity.unit_amount)} ${chargeLabel[amenity.type] ?? ''}${
            amenity.type === 'flat' ? '' : ` × ${amenity.quantity}`
          }`}
          value={m(amenity.total_amount)}
          testId="price-amenity"
        />
      ))}
      <Divider style={{ margin: '4px 0' }} />
      <Line label="Sub Total" value={m(price.sub_total)} testId="price-sub-total" />
      <Line
        label={`Tax (${price.tax_label || 'Tax'} ${price.tax_percentage}%)`}
        value={m(price.tax_amount)}
        testId="price-tax"
      />
      <Flex
        justify="space-between"
        align="center"
        style={{
          marginTop: 4,
          padding: '10px 12px',
          borderRadius: token.borderRadius,
          background: token.colorInfoBg,
          border: `1px solid ${token.colorInfoBorder}`,
        }}
        data-testid="price-grand-total"
      >
        <Typography.Text strong>Grand Total</Typography.Text>
        <Typography.Text strong style={{ fontSize: 20, fontVariantNumeric: 'tabular-nums' }}>
          {m(price.net_amount)}
        </Typography.Text>
      </Flex>
    </Flex>
  )
}

export interface SummaryFacts {
  space: string | null
  center: string | null
  /** The date as the organization shows it, with its weekday. */
  date: string | null
  start: string | undefined
  end: string | undefined
  attendees: number | null
  client: string | null
  user: string | null
  packageName: string | null
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" gap={12}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text style={{ textAlign: 'right' }}>{children}</Typography.Text>
    </Flex>
  )
}

/**
 * The sticky summary beside the form: what is being booked, the live price of the quote, what
 * stands in the way, a series' dates, and Save.
 */
export function BookingSummary({
  facts,
  quote,
  pricing,
  quoteReady,
  otherProblems,
  saving,
  formatDate,
  onSave,
  onCancel,
}: {
  facts: SummaryFacts
  formatDate: (date: string) => string
  quote: Quote | undefined
  /** A quote is on its way (the figures shown are the previous ones meanwhile). */
  pricing: boolean
  /** The form names everything a quote needs. */
  quoteReady: boolean
  /** Problems of the quote that no field of the form shows. */
  otherProblems: string[]
  saving: boolean
  onSave: () => void
  onCancel: () => void
}) {
  const { token } = theme.useToken()
  const duration = durationMinutes(facts.start, facts.end)
  const price = quote?.price ?? null
  const occurrences = quote?.occurrences ?? []
  const bookable = occurrences.filter((o) => o.ok)
  const seriesTotal =
    price && occurrences.length > 1
      ? money(toCents(price.net_amount) * bookable.length, price.currency)
      : null

  return (
    <Card
      title="Booking summary"
      size="small"
      style={{ position: 'sticky', top: 24 }}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
      aria-label="Booking summary"
      data-testid="booking-summary"
    >
      <Flex vertical gap={4}>
        <Typography.Text strong style={{ fontSize: 16 }}>
          {facts.space ?? 'No space chosen yet'}
        </Typography.Text>
        {facts.center ? <Typography.Text type="secondary">{facts.center}</Typography.Text> : null}
      </Flex>
      <Flex vertical gap={4}>
        <Fact label="Date">{facts.date ?? '—'}</Fact>
        <Fact label="Time">
          {facts.start && facts.end
            ? `${formatWallTime(facts.start)} – ${formatWallTime(facts.end)}${duration ? ` (${describeDuration(duration)})` : ''}`
            : '—'}
        </Fact>
        <Fact label="Attendees">{facts.attendees ?? '—'}</Fact>
        <Fact label="Client">{facts.client ?? '—'}</Fact>
        {facts.user ? <Fact label="Booked for">{facts.user}</Fact> : null}
        {facts.packageName ? <Fact label="Package deal">{facts.packageName}</Fact> : null}
      </Flex>
      <Divider style={{ margin: 0 }} />
      {price ? (
        <div style={{ opacity: pricing ? 0.55 : 1, transition: 'opacity 120ms' }} aria-busy={pricing}>
          <PriceBreakdown
            price={price}
            attendees={facts.attendees ?? 0}
            durationMinutes={duration}
            packageName={facts.packageName}
          />
        </div>
      ) : pricing ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : (
        <Typography.Text type="secondary" data-testid="price-placeholder">
          {quoteReady
            ? 'Fix what is marked to see the price.'
            : 'Choose the space, date, times, client, booking user and attendees to see the price.'}
        </Typography.Text>
      )}
      {otherProblems.length > 0 ? (
        <Alert
          type="error"
          showIcon
          title={otherProblems.length === 1 ? otherProblems[0] : 'This booking cannot be made yet'}
          description={
            otherProblems.length > 1 ? (
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {otherProblems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      ) : null}
      {quote?.preparation ? <Alert type="warning" showIcon title={quote.preparation.message} /> : null}
      {occurrences.length > 1 ? (
        <Flex vertical gap={6} data-testid="series-dates">
          <Flex justify="space-between">
            <Typography.Text strong>Series</Typography.Text>
            <Typography.Text type="secondary">
              {bookable.length} of {occurrences.length} dates free
            </Typography.Text>
          </Flex>
          <Flex
            vertical
            gap={4}
            style={{
              maxHeight: 180,
              overflowY: 'auto',
              padding: '6px 8px',
              borderRadius: token.borderRadius,
              background: token.colorFillAlter,
            }}
          >
            {occurrences.map((occurrence) => (
              <Flex key={occurrence.date} gap={8} align="baseline">
                {occurrence.ok ? (
                  <CheckCircleFilled style={{ color: token.colorSuccess }} />
                ) : (
                  <CloseCircleFilled style={{ color: token.colorError }} />
                )}
                <Typography.Text style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(occurrence.date)}
                </Typography.Text>
                {occurrence.ok ? null : (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {occurrence.message}
                  </Typography.Text>
                )}
              </Flex>
            ))}
          </Flex>
          {seriesTotal ? (
            <Line label={`Series total (${bookable.length} bookings)`} value={seriesTotal} strong />
          ) : null}
        </Flex>
      ) : null}
      <Flex gap={8}>
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="primary" block onClick={onSave} loading={saving} disabled={saving}>
          Save
        </Button>
      </Flex>
    </Card>
  )
}

/**
 * The dates of a series that cannot be booked (409 of a recurring create), with the offer to book
 * the others.
 */
export function SeriesConflicts({
  message,
  conflicts,
  others,
  formatDate,
  saving,
  onBookOthers,
}: {
  message: string
  conflicts: SeriesConflict[]
  /** How many dates of the series are left once the conflicting ones are skipped. */
  others: number
  formatDate: (date: string) => string
  saving: boolean
  onBookOthers: () => void
}) {
  return (
    <Alert
      type="error"
      showIcon
      title={message}
      data-testid="series-conflicts"
      description={
        <Flex vertical gap={12} style={{ marginTop: 8 }}>
          <Table<SeriesConflict>
            size="small"
            pagination={false}
            rowKey="date"
            dataSource={conflicts}
            columns={[
              { title: 'Date', dataIndex: 'date', width: 160, render: (date: string) => formatDate(date) },
              { title: 'Reason', dataIndex: 'message' },
            ]}
          />
          {others > 0 ? (
            <div>
              <Button type="primary" onClick={onBookOthers} loading={saving} disabled={saving}>
                {`Book the other ${others} date${others === 1 ? '' : 's'}`}
              </Button>
            </div>
          ) : (
            <Tag color="error" style={{ alignSelf: 'start' }}>
              No other dates left in the series
            </Tag>
          )}
        </Flex>
      }
    />
  )
}
