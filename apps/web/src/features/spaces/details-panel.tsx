import { messages } from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import { Checkbox, Form, Input, Select } from 'antd'
import { MoneyInput } from '../../platform/money-input.tsx'
import { OrganizationField, useOrganizationCurrency } from '../../platform/organization-select.tsx'
import { WallTimePicker } from '../../platform/wall-time-picker.tsx'
import { centerOptionsQuery } from '../centers/api.ts'
import { type SpaceView, spaceTypesQuery } from './api.ts'
import type { SpaceFormValues } from './form-model.ts'
import { type FieldRule, Fields, hoursAndMinutes, useHours } from './panels.tsx'

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
