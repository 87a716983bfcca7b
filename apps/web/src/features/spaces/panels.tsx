import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { chargeTypes, messages, rateUnits } from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import {
  Alert,
  Avatar,
  Button,
  Checkbox,
  Col,
  Empty,
  Flex,
  Form,
  type FormInstance,
  Input,
  Row,
  Select,
  Spin,
  Typography,
} from 'antd'
import type { Rule } from 'antd/es/form'
import type { ReactNode } from 'react'
import { ImageUpload } from '../../platform/image-upload.tsx'
import { MoneyInput } from '../../platform/money-input.tsx'
import { OrganizationField, useOrganizationCurrency } from '../../platform/organization-select.tsx'
import { WallTimePicker } from '../../platform/wall-time-picker.tsx'
import { centerOptionsQuery } from '../centers/api.ts'
import {
  type ChildCandidate,
  childCandidatesQuery,
  organizationAmenitiesQuery,
  SPACE_ENDPOINT,
  type SpaceView,
  spaceTypesQuery,
} from './api.ts'
import { hourOptions, minuteOptions, type SpaceFormValues } from './form-model.ts'

/** The rule of a field: its message from the whole form's check (the domain's space schema). */
export type FieldRule = (key: string) => Rule

/** Fields side by side on wide screens (`perRow` of them), one under the other on narrow ones. */
function Fields({ children, perRow = 3 }: { children: ReactNode[]; perRow?: 3 | 4 }) {
  return (
    <Row gutter={16}>
      {children
        .flat()
        .filter((child) => child !== null && child !== false)
        .map((child, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of fields
          <Col key={index} xs={24} sm={12} lg={24 / perRow}>
            {child}
          </Col>
        ))}
    </Row>
  )
}

const hourSelectOptions = hourOptions.map((hour) => ({ value: hour, label: String(hour) }))

type HoursField =
  | 'minimum_duration_hours'
  | 'maximum_duration_hours'
  | 'pre_makeup_hours'
  | 'post_makeup_hours'
type MinutesField =
  | 'minimum_duration_minutes'
  | 'maximum_duration_minutes'
  | 'pre_makeup_minutes'
  | 'post_makeup_minutes'

/** The hours chosen in a field (24 leaves only 0 minutes). */
function useHours(name: HoursField): number | undefined {
  const form = Form.useFormInstance<SpaceFormValues>()
  return Form.useWatch(name, { form, preserve: true }) as number | undefined
}

/** Hours 0-24 and minutes 0/15/30/45 of a duration; with 24 hours only 0 minutes can be chosen. */
function hoursAndMinutes({
  label,
  hoursName,
  minutesName,
  hours,
  rule,
  dependencies = [],
}: {
  label: string
  hoursName: HoursField
  minutesName: MinutesField
  hours: number | undefined
  rule: FieldRule
  dependencies?: (keyof SpaceFormValues)[]
}) {
  return [
    <Form.Item
      key="hours"
      label={`${label} Hours`}
      name={hoursName}
      required
      dependencies={dependencies}
      rules={[rule(hoursName)]}
    >
      <Select options={hourSelectOptions} virtual={false} />
    </Form.Item>,
    <Form.Item
      key="minutes"
      label={`${label} Minutes`}
      name={minutesName}
      required
      dependencies={[hoursName, ...dependencies]}
      rules={[rule(minutesName)]}
    >
      <Select
        options={minuteOptions.map((minutes) => ({
          value: minutes,
          label: String(minutes),
          disabled: hours === 24 && minutes !== 0,
        }))}
      />
    </Form.Item>,
  ]
}

/** Space Details: where it is, what it is, when it can be booked, and its security bond. */
export function DetailsPanel({
  rule,
  loaded,
  isSuper,
  organizationId,
  thirdParty,
}: {
  rule: FieldRule
  loaded: SpaceView | null
  isSuper: boolean
  organizationId: number | null
  thirdParty: boolean
}) {
  const form = Form.useFormInstance<SpaceFormValues>()
  const centers = useQuery(centerOptionsQuery(organizationId))
  const currency = useOrganizationCurrency(organizationId)
  const spaceTypes = useQuery(spaceTypesQuery(organizationId))
  const bondRequired = Form.useWatch('security_bond_required', { form, preserve: true }) as
    | boolean
    | undefined
  const minimumHours = useHours('minimum_duration_hours')
  const maximumHours = useHours('maximum_duration_hours')
  // The saved center or type may be inactive or no longer offered: it still shows by name.
  const centerOptions = (centers.data ?? []).map((center) => ({ value: center.id, label: center.name }))
  if (loaded && !centerOptions.some((option) => option.value === loaded.center_id)) {
    centerOptions.push({ value: loaded.center_id, label: loaded.centerName })
  }
  const typeOptions = (spaceTypes.data ?? []).map((type) => ({ value: type.key, label: type.label }))
  if (loaded && !typeOptions.some((option) => option.value === loaded.organization_roomtype_id)) {
    typeOptions.push({ value: loaded.organization_roomtype_id, label: loaded.type })
  }
  const noOrganization = organizationId === null
  return (
    <>
      <Fields>
        {isSuper ? (
          <OrganizationField
            key="organization"
            disabled={loaded !== null}
            message={messages.selectOrganizationPlease}
          />
        ) : null}
        <Form.Item
          key="center"
          label="Location / Center"
          name="center_id"
          required
          rules={[rule('center_id')]}
          extra={noOrganization ? messages.selectOrganizationPlease : undefined}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Select a Location / Center"
            loading={centers.isFetching}
            // Undefined, not false: a read-only form disables it too.
            disabled={noOrganization || undefined}
            options={centerOptions}
          />
        </Form.Item>
        <Form.Item
          key="type"
          label="Space Type"
          name="organization_roomtype_id"
          required
          rules={[rule('organization_roomtype_id')]}
        >
          <Select
            placeholder="Select a Space Type"
            loading={spaceTypes.isFetching}
            disabled={noOrganization || undefined}
            options={typeOptions}
          />
        </Form.Item>
      </Fields>
      <Fields>
        <Form.Item key="name" label="Name" name="name" required rules={[rule('name')]}>
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item key="capacity" label="Capacity" name="capacity" required rules={[rule('capacity')]}>
          <Input inputMode="numeric" maxLength={6} />
        </Form.Item>
        <Form.Item key="floor" label="Floor" name="floor" rules={[rule('floor')]}>
          <Input maxLength={31} />
        </Form.Item>
      </Fields>
      <Fields>
        <Form.Item key="status" label="Status" name="status" required rules={[rule('status')]}>
          <Select
            options={[
              { value: 'enabled', label: 'Active' },
              { value: 'disabled', label: 'Inactive' },
            ]}
          />
        </Form.Item>
        {thirdParty ? (
          <Form.Item
            key="native"
            label="Native Room ID"
            name="native_meetingroom_id"
            required
            rules={[{ required: true, whitespace: true, message: messages.nativeRoomIdRequired }]}
          >
            <Input maxLength={100} />
          </Form.Item>
        ) : null}
        <Form.Item key="private" label="Private Room" name="private_room" valuePropName="checked">
          <Checkbox>Only for clients with access to private rooms</Checkbox>
        </Form.Item>
      </Fields>
      <Fields perRow={4}>
        {hoursAndMinutes({
          label: 'Minimum Booking',
          hoursName: 'minimum_duration_hours',
          minutesName: 'minimum_duration_minutes',
          hours: minimumHours,
          rule,
        })}
        {hoursAndMinutes({
          label: 'Maximum Booking',
          hoursName: 'maximum_duration_hours',
          minutesName: 'maximum_duration_minutes',
          hours: maximumHours,
          rule,
          dependencies: ['minimum_duration_hours', 'minimum_duration_minutes'],
        })}
      </Fields>
      <Fields perRow={4}>
        <Form.Item key="start" label="Bookable From" name="start_time" required rules={[rule('start_time')]}>
          <WallTimePicker />
        </Form.Item>
        <Form.Item
          key="end"
          label="Bookable To"
          name="end_time"
          required
          dependencies={['start_time']}
          rules={[rule('end_time')]}
        >
          <WallTimePicker />
        </Form.Item>
      </Fields>
      <Form.Item label="Description" name="description" required rules={[rule('description')]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={5000} />
      </Form.Item>
      <Fields perRow={4}>
        <Form.Item key="bond" label="Security Bond" name="security_bond_required" valuePropName="checked">
          <Checkbox>Security bond required</Checkbox>
        </Form.Item>
        {bondRequired ? (
          <Form.Item
            key="bond-amount"
            label="Security Bond Amount"
            name="security_bond_amount"
            required
            dependencies={['security_bond_required']}
            rules={[rule('security_bond_amount')]}
          >
            <MoneyInput currency={currency} />
          </Form.Item>
        ) : null}
      </Fields>
    </>
  )
}

/** Preparation (makeup) time before and after each booking. */
export function PreparationPanel({ rule }: { rule: FieldRule }) {
  const beforeHours = useHours('pre_makeup_hours')
  const afterHours = useHours('post_makeup_hours')
  return (
    <Fields perRow={4}>
      {hoursAndMinutes({
        label: 'Before',
        hoursName: 'pre_makeup_hours',
        minutesName: 'pre_makeup_minutes',
        hours: beforeHours,
        rule,
      })}
      {hoursAndMinutes({
        label: 'After',
        hoursName: 'post_makeup_hours',
        minutesName: 'post_makeup_minutes',
        hours: afterHours,
        rule,
      })}
    </Fields>
  )
}

/** A list's own messages (Add Space rate, a unit twice, a service twice), under its rows. */
function ListErrors({ errors }: { errors: ReactNode[] }) {
  return errors.length ? (
    <Form.Item style={{ marginBottom: 0 }}>
      <Form.ErrorList errors={errors} />
    </Form.Item>
  ) : null
}

/**
 * Additional Services: the organization's amenities this space offers, each charged flat, per
 * attendee or per hour at an amount; a service only once.
 */
export function ServicesPanel({
  rule,
  organizationId,
  readOnly,
}: {
  rule: FieldRule
  organizationId: number | null
  readOnly: boolean
}) {
  const form = Form.useFormInstance<SpaceFormValues>()
  const amenities = useQuery(organizationAmenitiesQuery(organizationId))
  const currency = useOrganizationCurrency(organizationId)
  const listRule = rule('selectedAmenities')
  return (
    <Form.List name="selectedAmenities" rules={[{ validator: (_, value) => runRule(listRule, form, value) }]}>
      {(rows, { add, remove }, { errors }) => (
        <Flex vertical gap={8}>
          {rows.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No additional services" />
          ) : null}
          {rows.map((row, index) => (
            <Row key={row.key} gutter={16} align="top" data-testid="service-row">
              <Col xs={24} md={10}>
                <Form.Item
                  label={`Service ${index + 1}`}
                  name={[row.name, 'amenity_id']}
                  rules={[{ required: true, message: messages.selectRequired }]}
                >
                  <Select
                    showSearch={{ optionFilterProp: 'title' }}
                    placeholder="Select a service"
                    loading={amenities.isFetching}
                    notFoundContent={organizationId === null ? messages.selectOrganizationPlease : undefined}
                    options={(amenities.data ?? []).map((amenity) => ({
                      value: amenity.amenity_id,
                      title: amenity.name,
                      label: (
                        <Flex gap={8} align="center">
                          {amenity.image ? <Avatar src={amenity.image} size={20} shape="square" /> : null}
                          {amenity.name}
                          <Typography.Text type="secondary">{amenity.category}</Typography.Text>
                        </Flex>
                      ),
                    }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={12} md={6}>
                <Form.Item
                  label={`Charged At ${index + 1}`}
                  name={[row.name, 'type']}
                  rules={[rule(`selectedAmenities.${row.name}.type`)]}
                >
                  <Select
                    placeholder="Charged at"
                    options={chargeTypes.map((type) => ({ value: type.value, label: type.label }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={12} md={6}>
                <Form.Item
                  label={`Service Amount ${index + 1}`}
                  name={[row.name, 'amount']}
                  rules={[rule(`selectedAmenities.${row.name}.amount`)]}
                >
                  <MoneyInput currency={currency} />
                </Form.Item>
              </Col>
              {readOnly ? null : (
                <Col xs={24} md={2}>
                  <Form.Item label=" " colon={false}>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={`Remove service ${index + 1}`}
                      onClick={() => remove(row.name)}
                    />
                  </Form.Item>
                </Col>
              )}
            </Row>
          ))}
          <ListErrors errors={errors} />
          {readOnly ? null : (
            <div>
              <Button icon={<PlusOutlined />} onClick={() => add({ amount: null })}>
                Add Service
              </Button>
            </div>
          )}
        </Flex>
      )}
    </Form.List>
  )
}

/** Runs a form rule (a cross-field one) for a Form.List, whose rules only take validators. */
async function runRule(rule: Rule, form: FormInstance<SpaceFormValues>, value: unknown) {
  const resolved = typeof rule === 'function' ? rule(form as FormInstance) : rule
  await resolved.validator?.(resolved, value, () => undefined)
}

/** Rates: by the hour, half day (4 hours) or day (8 hours), each unit once; at least one. */
export function RatesPanel({
  rule,
  readOnly,
  organizationId,
}: {
  rule: FieldRule
  readOnly: boolean
  organizationId: number | null
}) {
  const currency = useOrganizationCurrency(organizationId)
  const form = Form.useFormInstance<SpaceFormValues>()
  const listRule = rule('selectedRates')
  return (
    <Form.List name="selectedRates" rules={[{ validator: (_, value) => runRule(listRule, form, value) }]}>
      {(rows, { add, remove }, { errors }) => (
        <Flex vertical gap={8}>
          {rows.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No rates" /> : null}
          {rows.map((row, index) => (
            <Row key={row.key} gutter={16} align="top" data-testid="rate-row">
              <Col xs={12} md={8}>
                <Form.Item
                  label={`Rate Unit ${index + 1}`}
                  name={[row.name, 'unit']}
                  rules={[rule(`selectedRates.${row.name}.unit`)]}
                >
                  <Select
                    placeholder="Select unit"
                    options={rateUnits.map((unit) => ({
                      value: unit.unit,
                      label: `${unit.label} (${unit.hours} ${unit.hours === 1 ? 'hour' : 'hours'})`,
                    }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={12} md={8}>
                <Form.Item
                  label={`Rate Amount ${index + 1}`}
                  name={[row.name, 'amount']}
                  rules={[rule(`selectedRates.${row.name}.amount`)]}
                >
                  <MoneyInput currency={currency} />
                </Form.Item>
              </Col>
              {readOnly ? null : (
                <Col xs={24} md={2}>
                  <Form.Item label=" " colon={false}>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={`Remove rate ${index + 1}`}
                      onClick={() => remove(row.name)}
                    />
                  </Form.Item>
                </Col>
              )}
            </Row>
          ))}
          <ListErrors errors={errors} />
          {readOnly ? null : (
            <div>
              <Button icon={<PlusOutlined />} onClick={() => add({ amount: null })}>
                Add Rate
              </Button>
            </div>
          )}
        </Flex>
      )}
    </Form.List>
  )
}

/** Photos: png/jpg/jpeg under 1MB, one on the free plan, five on the others. */
export function PhotosPanel({ max, readOnly }: { max: number; readOnly: boolean }) {
  const form = Form.useFormInstance<SpaceFormValues>()
  const photos = Form.useWatch('full_photo', { form, preserve: true }) as string[] | undefined
  if (readOnly && !photos?.length) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No photos" />
  }
  return (
    <Form.Item
      label="Photos"
      name="full_photo"
      extra={readOnly ? undefined : `png, jpg or jpeg, up to 1MB each; at most ${max}.`}
    >
      <ImageUpload endpoint={`${SPACE_ENDPOINT}/photo`} max={max} alt="Photo" disabled={readOnly} />
    </Form.Item>
  )
}

/** Site Access Instructions: what the booker is told about getting in. */
export function SiteAccessPanel({ rule }: { rule: FieldRule }) {
  return (
    <Form.Item
      label="Site Access Instructions"
      name="site_access_instructions"
      rules={[rule('site_access_instructions')]}
    >
      <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={5000} />
    </Form.Item>
  )
}

const calendarFields = ['google_account_email', 'service_account_email', 'service_account_private_key']

/**
 * Calendar Settings (Google Calendar): the three credentials together or none; the private key is
 * write-only (the API says only whether one is saved).
 */
export function CalendarPanel({ rule, keySet }: { rule: FieldRule; keySet: boolean }) {
  const form = Form.useFormInstance<SpaceFormValues>()
  const clearing = Form.useWatch('service_account_private_key_clear', { form, preserve: true }) as
    | boolean
    | undefined
  const dependsOn = (name: string) => [
    ...calendarFields.filter((field) => field !== name),
    'service_account_private_key_clear',
  ]
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          label="Google Account Email"
          name="google_account_email"
          dependencies={dependsOn('google_account_email')}
          rules={[rule('google_account_email')]}
        >
          <Input inputMode="email" maxLength={255} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label="Service Account Email"
          name="service_account_email"
          dependencies={dependsOn('service_account_email')}
          rules={[rule('service_account_email')]}
        >
          <Input inputMode="email" maxLength={255} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item
          label="Service Account Private Key"
          name="service_account_private_key"
          dependencies={dependsOn('service_account_private_key')}
          rules={[rule('service_account_private_key')]}
          extra={
            keySet ? 'A key is saved. Paste a new one to replace it; leave empty to keep it.' : undefined
          }
          style={keySet ? { marginBottom: 8 } : undefined}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={10000}
            placeholder={keySet ? '••••••••' : '-----BEGIN PRIVATE KEY-----'}
            disabled={clearing || undefined}
            spellCheck={false}
          />
        </Form.Item>
        {keySet ? (
          <Form.Item name="service_account_private_key_clear" valuePropName="checked">
            <Checkbox>Remove the saved private key</Checkbox>
          </Form.Item>
        ) : null}
      </Col>
    </Row>
  )
}

/** MS 365 Settings (super): the room's resource mailbox. */
export function Ms365Panel({ rule }: { rule: FieldRule }) {
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          label="MS 365 Resource Email"
          name="ms_365_resource_email"
          rules={[rule('ms_365_resource_email')]}
        >
          <Input inputMode="email" maxLength={255} autoComplete="off" />
        </Form.Item>
      </Col>
    </Row>
  )
}

/**
 * Combine Spaces: other spaces of the same organization, center and space type this space is made
 * of (at least two). The button needs the three chosen first; a child space cannot combine.
 */
export function CombinePanel({
  rule,
  organizationId,
  centerId,
  roomType,
  loaded,
  readOnly,
  onStart,
  onStop,
}: {
  rule: FieldRule
  organizationId: number | null
  /** The center and space type the spaces to combine share (as accepted: not while a change is confirmed). */
  centerId: number | undefined
  roomType: string | undefined
  loaded: SpaceView | null
  readOnly: boolean
  /** The Combine Spaces button: says what is missing, or opens the choice. */
  onStart: () => void
  onStop: () => void
}) {
  const form = Form.useFormInstance<SpaceFormValues>()
  const combine = Form.useWatch('combine', { form, preserve: true }) as boolean | undefined
  const chosen = Form.useWatch('childRooms', { form, preserve: true }) as number[] | undefined
  const candidates = useQuery({
    ...childCandidatesQuery(organizationId, centerId, roomType, loaded?.id ?? null),
    enabled: Boolean(combine) && organizationId !== null && centerId !== undefined && Boolean(roomType),
  })
  if (loaded?.isChild) {
    return (
      <Alert
        type="info"
        showIcon
        title="This space is combined into another space, so it cannot combine spaces itself."
      />
    )
  }
  if (!combine) {
    return readOnly ? null : (
      <Flex vertical gap={8} align="start">
        <Typography.Text type="secondary">
          A combined space is booked as one and occupies the spaces it is made of.
        </Typography.Text>
        <Button onClick={onStart}>Combine Spaces</Button>
      </Flex>
    )
  }
  // Read-only, the space's own child rooms only.
  const options = (candidates.data ?? [])
    .filter((candidate: ChildCandidate) => !readOnly || chosen?.includes(candidate.id))
    .map((candidate: ChildCandidate) => ({
      value: candidate.id,
      label: `${candidate.name} (capacity ${candidate.capacity})`,
    }))
  return (
    <Flex vertical gap={8}>
      <Spin spinning={candidates.isFetching}>
        <Form.Item
          label="Spaces to combine"
          name="childRooms"
          rules={[rule('childRooms')]}
          extra={
            candidates.isSuccess && options.length === 0
              ? 'No other spaces of this location and space type can be combined.'
              : undefined
          }
        >
          <Checkbox.Group>
            <Flex vertical gap={4}>
              {options.map((option) => (
                <Checkbox key={option.value} value={option.value}>
                  {option.label}
                </Checkbox>
              ))}
            </Flex>
          </Checkbox.Group>
        </Form.Item>
      </Spin>
      {readOnly ? null : (
        <div>
          <Button onClick={onStop}>Do not combine</Button>
        </div>
      )}
    </Flex>
  )
}
