import {
  amenityRefundable,
  type BookingConfirmation,
  type Cents,
  centsToDecimal,
  chargeRefundable,
  currencySymbol,
  formatMoney,
  formatQuantity,
  messages,
  roomRefundable,
  roundMoneyText,
  toCents,
} from '@spaceboard/domain'
import { useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import {
  Button,
  Card,
  Col,
  Divider,
  Flex,
  Form,
  type FormInstance,
  Input,
  Row,
  Table,
  type TableColumnsType,
  Typography,
  theme,
} from 'antd'
import type { Rule } from 'antd/es/form'
import { useState } from 'react'
import { ApiError } from '../../platform/api-client.ts'
import { useToast } from '../../platform/feedback.ts'
import { NotFound } from '../../platform/not-found.tsx'
import { recordIdOf } from '../../platform/record-page.tsx'
import { BOOKING_ENDPOINT } from './api.ts'
import { BillingSection, BookingDetailsTable, BookingScreen } from './booking-facts.tsx'
import { SectionTitle } from './confirmation-logs.tsx'
import { bookingListPath, bookingOperation, IdempotentAction } from './operations-api.ts'

const route = getRouteApi('/_signed-in/admin/book/partial-cancel-view/$id')

/** Refund Charge (/admin/book/partial-cancel-view/{id}, spec 2 §2): titled Booking Details. */
export function PartialRefundPage() {
  const id = recordIdOf(route.useParams().id)
  if (id === null) return <NotFound />
  return (
    <BookingScreen
      key={id}
      id={id}
      title="Booking Details"
      subtitle="Refund part of the room, of an additional charge or of an amenity."
    >
      {(booking) => <PartialRefund booking={booking} />}
    </BookingScreen>
  )
}

interface RefundValues {
  room_amount: string
  room_reason: string
  /** By `c{additional charge id}` */
  charges: Record<string, { amount: string; reason: string }>
  /** By `a{booked amenity id}` */
  amenities: Record<string, string>
  amenity_reason: string
}

const amountPattern = /^\d{1,10}(\.\d{1,2})?$/

/** What is wrong with a refund amount (spec 2 §5): empty is no refund. */
export function refundAmountError(text: string | undefined, refundable: Cents): string | null {
  const value = (text ?? '').trim()
  if (!value) return null
  if (!amountPattern.test(value) || toCents(value) <= 0) return messages.invalidAmount
  if (toCents(value) > refundable) return messages.refundGreaterThanPaid
  return null
}

const amountRule = (refundable: Cents): Rule => ({
  validator: async (_rule, value: string | undefined) => {
    const error = refundAmountError(value, refundable)
    if (error) throw new Error(error)
  },
})

/** A number typed with more than two decimals is rounded to the cent (spec 2 §5). */
function roundedOnBlur(value: string): string {
  const text = value.trim()
  if (!/^\d+(\.\d+)?$/.test(text) || amountPattern.test(text)) return text
  return roundMoneyText(text) ?? text
}

function PartialRefund({ booking }: { booking: BookingConfirmation }) {
  const { token } = theme.useToken()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const toast = useToast()
  const [form] = Form.useForm<RefundValues>()
  const [saving, setSaving] = useState(false)
  const [action] = useState(() => new IdempotentAction())
  const currency = booking.currency
  const money = (amount: Cents | string) => formatMoney(amount, currency)
  const prefix = currencySymbol(currency).trim()

  const room = roomRefundable(booking)
  const charges = booking.additionalCharges.map((charge) => ({
    charge,
    key: `c${charge.id}`,
    refundable: chargeRefundable(charge),
  }))
  const amenities = booking.bookedAmenities
    .filter((amenity) => !amenity.not_charged)
    .map((amenity) => ({ amenity, key: `a${amenity.id}`, refundable: amenityRefundable(amenity) }))

  const initial: RefundValues = {
    room_amount: '',
    room_reason: '',
    charges: Object.fromEntries(charges.map(({ key }) => [key, { amount: '', reason: '' }])),
    amenities: Object.fromEntries(amenities.map(({ key }) => [key, ''])),
    amenity_reason: '',
  }
  const values = Form.useWatch((all: RefundValues) => all, { form, preserve: true }) ?? initial
  const entered = [
    values.room_amount,
    ...Object.values(values.charges ?? {}).map((c) => c?.amount),
    ...Object.values(values.amenities ?? {}),
  ].some((amount) => Boolean(amount?.trim()))

  const submit = async (all: RefundValues) => {
    const amount = (text: string | undefined) => centsToDecimal(toCents((text ?? '').trim()))
    const roomAmount = all.room_amount?.trim()
    setSaving(true)
    try {
      const answer = await bookingOperation(
        booking.bookingId,
        {
          code: 'partial',
          ...(roomAmount ? { roomAmountRefund: amount(roomAmount) } : {}),
          roomNotes: (all.room_reason ?? '').trim(),
          amenityPartialRefund: amenities
            .filter(({ key }) => all.amenities?.[key]?.trim())
            .map(({ amenity, key }) => ({
              booking_amenity_id: amenity.id,
              amount: amount(all.amenities[key]),
            })),
          amenityRefundNotes: (all.amenity_reason ?? '').trim(),
          additionalChargeRefund: charges
            .filter(({ key }) => all.charges?.[key]?.amount?.trim())
            .map(({ charge, key }) => ({
              additional_charge_id: charge.id,
              amount: amount(all.charges[key]?.amount),
              reason: (all.charges[key]?.reason ?? '').trim(),
            })),
        },
        action,
      )
      toast.success(answer.message)
      await queryClient.invalidateQueries({ queryKey: [BOOKING_ENDPOINT] })
      await navigate(bookingListPath)
    } catch (error) {
      setSaving(false)
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        toast.error(Object.values(error.errors)[0] ?? error.message)
        return
      }
      toast.failure(error)
    }
  }

  const amenityColumns: TableColumnsType<(typeof amenities)[number]> = [
    { key: 'name', title: 'Amenity', render: (_, { amenity }) => amenity.name },
    {
      key: 'qty',
      title: 'Quantity',
      align: 'right',
      render: (_, { amenity }) => formatQuantity(amenity.quantity),
    },
    {
      key: 'unit',
      title: 'Unit Price',
      align: 'right',
      render: (_, { amenity }) => money(amenity.unit_amount),
    },
    {
      key: 'total',
      title: 'Amount',
      align: 'right',
      render: (_, { amenity }) => money(amenity.total_amount),
    },
    {
      key: 'refunded',
      title: 'Refunded',
      align: 'right',
      render: (_, { amenity }) => money(amenity.refunded_amount || '0'),
    },
  ]

  const refundField = (
    name: (string | number)[],
    label: string,
    refundable: Cents,
    disabled = refundable <= 0,
  ) => (
    <Form.Item
      name={name}
      label={label}
      rules={[amountRule(refundable)]}
      validateFirst
      extra={refundable > 0 ? `Up to ${money(refundable)}` : 'Nothing left to refund.'}
      normalize={(value: string) => value.replace(',', '.')}
    >
      <Input
        inputMode="decimal"
        prefix={prefix}
        placeholder="0.00"
        disabled={disabled}
        onBlur={(event) => {
          const rounded = roundedOnBlur(event.target.value)
          if (rounded !== event.target.value) {
            const fields = form as unknown as FormInstance
            fields.setFieldValue(name, rounded)
            fields.validateFields([name]).catch(() => undefined)
          }
        }}
      />
    </Form.Item>
  )
  const reasonField = (name: (string | number)[], label: string) => (
    <Form.Item name={name} label={label}>
      <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={2000} />
    </Form.Item>
  )

  const block = {
    border: 'none',
    minWidth: 0,
    padding: 16,
    borderRadius: token.borderRadiusLG,
    background: token.colorFillAlter,
    marginBottom: 16,
  }

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={14}>
        <Card styles={{ body: { padding: 24 } }}>
          <Flex vertical gap={24}>
            <section aria-label="Booking Details">
              <SectionTitle>Booking Details</SectionTitle>
              <BookingDetailsTable booking={booking} column={1} />
            </section>
            <BillingSection booking={booking} />
            {amenities.length ? (
              <section aria-label="Amenities">
                <SectionTitle>Amenities</SectionTitle>
                <Table
                  size="small"
                  bordered
                  pagination={false}
                  rowKey="key"
                  columns={amenityColumns}
                  dataSource={amenities}
                />
              </section>
            ) : null}
          </Flex>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title="Refund" style={{ position: 'sticky', top: 16 }} styles={{ body: { paddingBottom: 8 } }}>
          <Form<RefundValues>
            form={form}
            layout="vertical"
            initialValues={initial}
            onFinish={(all) => void submit(all)}
            scrollToFirstError={{ block: 'center', behavior: 'smooth' }}
            aria-label="Refund"
          >
            <fieldset style={block} aria-label="Room">
              <Flex justify="space-between" style={{ marginBottom: 8 }}>
                <Typography.Text strong>Room</Typography.Text>
                <Typography.Text type="secondary">{booking.meetingName}</Typography.Text>
              </Flex>
              {refundField(['room_amount'], 'Room Amount Refund', room)}
              {reasonField(['room_reason'], 'Reason')}
            </fieldset>

            {charges.map(({ charge, key, refundable }) => {
              const name = charge.charge_type === 'room' ? charge.chargedRoomType : charge.chargedAmenityName
              return (
                <fieldset key={key} style={block} aria-label={`Additional charge ${name}`}>
                  <Flex justify="space-between" gap={8} style={{ marginBottom: 8 }}>
                    <Typography.Text strong>Additional charge: {name}</Typography.Text>
                    <Typography.Text type="secondary">{money(charge.amount)}</Typography.Text>
                  </Flex>
                  {charge.reason ? (
                    <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
                      {charge.reason}
                    </Typography.Paragraph>
                  ) : null}
                  {refundField(['charges', key, 'amount'], `Refund of ${name}`, refundable)}
                  {reasonField(['charges', key, 'reason'], 'Reason')}
                </fieldset>
              )
            })}

            {amenities.length ? (
              <fieldset style={block} aria-label="Amenities">
                <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
                  Amenities
                </Typography.Text>
                {amenities.map(({ amenity, key, refundable }) =>
                  refundField(['amenities', key], `Refund of ${amenity.name}`, refundable),
                )}
                {reasonField(['amenity_reason'], 'Amenity Refund Reason')}
              </fieldset>
            ) : null}

            <Divider style={{ marginBlock: 8 }} />
            <Flex justify="end" gap={8} style={{ paddingBlock: 8 }}>
              <Button onClick={() => void navigate(bookingListPath)} disabled={saving}>
                Cancel
              </Button>
              <Button type="primary" danger htmlType="submit" loading={saving} disabled={saving || !entered}>
                Refund
              </Button>
            </Flex>
          </Form>
        </Card>
      </Col>
    </Row>
  )
}
