import { currencySymbol } from '@spaceboard/domain'
import {
  Checkbox,
  Col,
  Empty,
  Flex,
  Form,
  type FormItemProps,
  Input,
  Row,
  Switch,
  Typography,
  theme,
} from 'antd'
import type { Rule } from 'antd/es/form'
import { FieldPair, FormSection } from '../../platform/form-layout.tsx'
import { MoneyInput } from '../../platform/money-input.tsx'
import type { QuotePrice, RoomAmenity } from './api.ts'
import { money } from './booking-summary.tsx'

const chargeLabels: Record<RoomAmenity['charge_type'], string> = {
  flat: 'flat',
  attendee: 'per attendee',
  hour: 'per hour',
}

/**
 * The Extras of a new booking: the space's amenities, a voucher, the client's gratis minutes and an
 * amended room amount.
 */
export function ExtrasSection({
  rule,
  problem,
  amenities,
  currency,
  packageChosen,
  gratisMinutes,
  month,
  amendRoomAmount,
  ratePrice,
}: {
  rule: (key: string) => Rule
  problem: (key: string) => Partial<FormItemProps>
  /** The chosen space's amenities; undefined before a space is chosen. */
  amenities: RoomAmenity[] | undefined
  currency: string | undefined
  packageChosen: boolean
  /** The client's gratis minutes left in the booking's month; null before a client and space are chosen. */
  gratisMinutes: number | null
  month: string
  amendRoomAmount: boolean
  /** The quote's price, whose rate table amount the amended room amount replaces. */
  ratePrice: QuotePrice | null | undefined
}) {
  return (
    <FormSection title="Extras">
      <Form.Item label="Amenities" name="amenity_ids" {...problem('amenity_ids')}>
        <AmenityChoice amenities={amenities} currency={currency} />
      </Form.Item>
      <FieldPair>
        <Form.Item
          label="Voucher Code"
          name="voucher_code"
          rules={[rule('voucher_code')]}
          {...problem('voucher_code')}
          normalize={(value: string) => value.toUpperCase()}
        >
          <Input maxLength={30} placeholder="e.g. WELCOME10" allowClear />
        </Form.Item>
        <Form.Item
          label="Use Gratis Minutes"
          name="use_gratis"
          valuePropName="checked"
          extra={
            packageChosen
              ? 'Package deals are priced per attendee, without gratis minutes.'
              : gratisMinutes === null
                ? 'Choose a client to see their gratis minutes.'
                : `${gratisMinutes} minutes available in ${month}.`
          }
        >
          <GratisSwitch available={gratisMinutes} />
        </Form.Item>
      </FieldPair>
      <Form.Item
        name="amend_room_amount"
        valuePropName="checked"
        style={{ marginBottom: amendRoomAmount ? 8 : 24 }}
      >
        <Checkbox>Amend room amount</Checkbox>
      </Form.Item>
      {amendRoomAmount ? (
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              label="Room Amount"
              name="room_amount"
              required
              rules={[rule('room_amount')]}
              {...problem('room_amount')}
              extra={
                ratePrice
                  ? `Rate table: ${money(ratePrice.original_amount, ratePrice.currency)}`
                  : 'Replaces the rate table’s room amount.'
              }
            >
              <MoneyInput prefix={currencySymbol(currency)} />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
    </FormSection>
  )
}

/** The space's amenities as a checkbox list with their charge (flat, per attendee, per hour). */
function AmenityChoice({
  amenities,
  currency,
  value,
  onChange,
  id,
}: {
  amenities: RoomAmenity[] | undefined
  currency: string | undefined
  value?: number[]
  onChange?: (value: number[]) => void
  id?: string
}) {
  const { token } = theme.useToken()
  if (!amenities)
    return <Typography.Text type="secondary">Choose a space to see its amenities.</Typography.Text>
  if (amenities.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="This space has no amenities." />
  return (
    <Checkbox.Group
      value={value ?? []}
      onChange={(next) => onChange?.(next as number[])}
      style={{ width: '100%' }}
    >
      <Row id={id} gutter={[12, 8]} style={{ width: '100%' }}>
        {amenities.map((amenity) => (
          <Col key={amenity.amenity_id} xs={24} md={12}>
            <div
              style={{
                height: '100%',
                display: 'flex',
                alignItems: 'center',
                padding: '8px 12px',
                border: `1px solid ${(value ?? []).includes(amenity.amenity_id) ? token.colorPrimary : token.colorBorderSecondary}`,
                borderRadius: token.borderRadius,
              }}
            >
              <Checkbox value={amenity.amenity_id} style={{ width: '100%' }} styles={{ label: { flex: 1 } }}>
                <Flex justify="space-between" gap={8} style={{ width: '100%' }}>
                  <span>{amenity.name}</span>
                  <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                    {money(amenity.amount, currency)} {chargeLabels[amenity.charge_type]}
                  </Typography.Text>
                </Flex>
              </Checkbox>
            </div>
          </Col>
        ))}
      </Row>
    </Checkbox.Group>
  )
}

/** Use gratis minutes: off and disabled while the client has none left that month. */
function GratisSwitch({
  available,
  checked,
  onChange,
  id,
}: {
  available: number | null
  checked?: boolean
  onChange?: (checked: boolean) => void
  id?: string
}) {
  const none = available === 0
  return (
    <Switch
      id={id}
      checked={Boolean(checked) && !none}
      disabled={none}
      onChange={(next) => onChange?.(next)}
    />
  )
}
