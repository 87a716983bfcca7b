import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { adhocChargeSchema, type BookingConfirmation, currencySymbol } from '@spaceboard/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
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
  Radio,
  Row,
  Select,
  Typography,
  theme,
} from 'antd'
import { useState } from 'react'
import { ApiError } from '../../platform/api-client.ts'
import { useToast } from '../../platform/feedback.ts'
import { fieldPathOf } from '../../platform/form-kit.ts'
import { MoneyInput } from '../../platform/money-input.tsx'
import { NotFound } from '../../platform/not-found.tsx'
import { recordIdOf } from '../../platform/record-page.tsx'
import { organizationAmenitiesQuery, spaceTypesQuery } from '../spaces/api.ts'
import { BOOKING_ENDPOINT } from './api.ts'
import { BillingSection, BookingDetailsTable, BookingScreen, PaymentAndPackage } from './booking-facts.tsx'
import { SectionTitle } from './confirmation-logs.tsx'
import { type AdhocCharge, bookingListPath, bookingOperation, IdempotentAction } from './operations-api.ts'

const route = getRouteApi('/_signed-in/admin/book/charge-booking/$id')

/** Additional Charges (/admin/book/charge-booking/{id}, spec 2 §2): ad hoc charges of a booking. */
export function ChargeBookingPage() {
  const id = recordIdOf(route.useParams().id)
  if (id === null) return <NotFound />
  return (
    <BookingScreen
      key={id}
      id={id}
      title="Additional Charges"
      subtitle="Charge the booking for its space or an amenity, with the reason."
    >
      {(booking) => <ChargeBooking booking={booking} />}
    </BookingScreen>
  )
}

interface ChargeRow {
  charge_type: 'room' | 'amenities'
  room_code_id?: string | undefined
  amenity_code_id?: number | undefined
  additional_booking_charge_value?: string | null | undefined
  reason_for_additional_booking_charge?: string | undefined
}

interface ChargeValues {
  charges: ChargeRow[]
}

/** Ad hoc charge form: one empty room charge to start (spec 2 §4). */
const emptyCharge = (): ChargeRow => ({ charge_type: 'room' })

/** A row as the API takes it: the chosen item of its type only, the texts trimmed. */
function chargeBody(row: ChargeRow): AdhocCharge {
  const base = {
    charge_type: row.charge_type,
    additional_booking_charge_value: (row.additional_booking_charge_value ?? '').toString().trim(),
    reason_for_additional_booking_charge: (row.reason_for_additional_booking_charge ?? '').trim(),
  }
  return row.charge_type === 'amenities'
    ? { ...base, ...(row.amenity_code_id ? { amenity_code_id: row.amenity_code_id } : {}) }
    : { ...base, room_code_id: row.room_code_id ?? '' }
}

/**
 * The first failure of the charges in order (spec 2 §5: the first failure stops validation):
 * the item of its type, then the amount, then the reason; null when every charge passes.
 */
export function firstChargeError(rows: ChargeRow[]): { path: (string | number)[]; message: string } | null {
  for (const [index, row] of rows.entries()) {
    const result = adhocChargeSchema.safeParse(chargeBody(row))
    const issue = result.success ? undefined : result.error.issues[0]
    if (issue)
      return { path: ['charges', index, String(issue.path[0] ?? 'charge_type')], message: issue.message }
  }
  return null
}

function ChargeBooking({ booking }: { booking: BookingConfirmation }) {
  const { token } = theme.useToken()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const toast = useToast()
  const [form] = Form.useForm<ChargeValues>()
  // Errors are set by path (charges.N.field), which the typed instance does not spell.
  const fields = form as unknown as FormInstance
  const [submitting, setSubmitting] = useState(false)
  const [action] = useState(() => new IdempotentAction())
  const spaceTypes = useQuery(spaceTypesQuery(booking.org_id))
  const amenities = useQuery(organizationAmenitiesQuery(booking.org_id))
  const rows = Form.useWatch('charges', form) ?? [emptyCharge()]

  const clearErrors = () => {
    const current: ChargeRow[] = form.getFieldValue('charges') ?? []
    fields.setFields(
      current.flatMap((_, index) =>
        [
          'charge_type',
          'room_code_id',
          'amenity_code_id',
          'additional_booking_charge_value',
          'reason_for_additional_booking_charge',
        ].map((field) => ({ name: ['charges', index, field], errors: [] })),
      ),
    )
  }

  const submit = async () => {
    if (submitting) return
    clearErrors()
    const current: ChargeRow[] = form.getFieldValue('charges') ?? []
    const failure = firstChargeError(current)
    if (failure) {
      fields.setFields([{ name: failure.path, errors: [failure.message] }])
      fields.scrollToField(failure.path, { block: 'center', behavior: 'smooth' })
      return
    }
    setSubmitting(true)
    try {
      const answer = await bookingOperation(
        booking.bookingId,
        { code: 'additional_charges', adhocCharges: current.map(chargeBody) },
        action,
      )
      toast.success(answer.message)
      await queryClient.invalidateQueries({ queryKey: [BOOKING_ENDPOINT] })
      await navigate(bookingListPath)
    } catch (error) {
      setSubmitting(false)
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        const [key, message] = Object.entries(error.errors)[0] ?? ['', error.message]
        const path = fieldPathOf(key)
        if (path[0] === 'adhocCharges') {
          const name = ['charges', ...path.slice(1)]
          fields.setFields([{ name, errors: [message] }])
          fields.scrollToField(name, { block: 'center', behavior: 'smooth' })
          return
        }
        toast.error(message)
        return
      }
      toast.failure(error)
    }
  }

  const typeOptions = (spaceTypes.data ?? []).map((type) => ({ value: type.key, label: type.label }))
  const amenityOptions = (amenities.data ?? []).map((amenity) => ({
    value: amenity.amenity_id,
    label: amenity.name,
  }))

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={14}>
        <Card styles={{ body: { padding: 24 } }}>
          <Flex vertical gap={24}>
            <section aria-label="Booking Details">
              <SectionTitle>Booking Details</SectionTitle>
              <BookingDetailsTable booking={booking} />
            </section>
            <BillingSection booking={booking} />
            <PaymentAndPackage booking={booking} />
          </Flex>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title="Add Charges" style={{ position: 'sticky', top: 16 }}>
          <Form<ChargeValues>
            form={form}
            layout="vertical"
            initialValues={{ charges: [emptyCharge()] }}
            onValuesChange={clearErrors}
            aria-label="Additional charges"
            requiredMark
          >
            <Form.List name="charges">
              {(fields, { add, remove }) => (
                <Flex vertical gap={16}>
                  {fields.map((field, index) => {
                    const type = rows[index]?.charge_type ?? 'room'
                    return (
                      <fieldset
                        key={field.key}
                        aria-label={`Charge ${index + 1}`}
                        style={{
                          border: 'none',
                          minWidth: 0,
                          margin: 0,
                          padding: 16,
                          borderRadius: token.borderRadiusLG,
                          background: token.colorFillAlter,
                        }}
                      >
                        <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
                          <Typography.Text strong>Charge {index + 1}</Typography.Text>
                          {index > 0 ? (
                            <Button
                              size="small"
                              type="text"
                              danger
                              icon={<DeleteOutlined />}
                              aria-label={`Remove charge ${index + 1}`}
                              onClick={() => remove(field.name)}
                            >
                              Remove
                            </Button>
                          ) : null}
                        </Flex>
                        <Form.Item name={[field.name, 'charge_type']} label="Charge Type" required>
                          <Radio.Group
                            optionType="button"
                            buttonStyle="solid"
                            options={[
                              { value: 'room', label: 'Room' },
                              { value: 'amenities', label: 'Amenities' },
                            ]}
                          />
                        </Form.Item>
                        {type === 'room' ? (
                          <Form.Item name={[field.name, 'room_code_id']} label="Space Type" required>
                            <Select
                              placeholder="Select a space type"
                              loading={spaceTypes.isFetching}
                              options={typeOptions}
                            />
                          </Form.Item>
                        ) : (
                          <Form.Item name={[field.name, 'amenity_code_id']} label="Amenity" required>
                            <Select
                              showSearch={{ optionFilterProp: 'label' }}
                              placeholder="Select an amenity"
                              loading={amenities.isFetching}
                              options={amenityOptions}
                            />
                          </Form.Item>
                        )}
                        <Form.Item
                          name={[field.name, 'additional_booking_charge_value']}
                          label="Amount"
                          required
                        >
                          <MoneyInput prefix={currencySymbol(booking.currency).trim()} />
                        </Form.Item>
                        <Form.Item
                          name={[field.name, 'reason_for_additional_booking_charge']}
                          label="Reason"
                          required
                          style={{ marginBottom: 0 }}
                        >
                          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={2000} />
                        </Form.Item>
                      </fieldset>
                    )
                  })}
                  <Button icon={<PlusOutlined />} onClick={() => add(emptyCharge())} disabled={submitting}>
                    Add another charge
                  </Button>
                </Flex>
              )}
            </Form.List>
            <Divider style={{ marginBlock: 16 }} />
            <Flex justify="end" gap={8}>
              <Button onClick={() => void navigate(bookingListPath)} disabled={submitting}>
                Cancel
              </Button>
              <Button type="primary" onClick={() => void submit()} loading={submitting} disabled={submitting}>
                Charge
              </Button>
            </Flex>
          </Form>
        </Card>
      </Col>
    </Row>
  )
}
