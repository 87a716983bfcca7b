import {
  DEFAULT_PACKAGE_END,
  DEFAULT_PACKAGE_START,
  messages,
  packageSchema,
  packageTypes,
} from '@spaceboard/domain'
import { useQueries, useQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Col, Form, Input, Radio, Row, Select } from 'antd'
import { useState } from 'react'
import { useRecord, useRecordMutations } from '../../platform/crud.ts'
import { useConfirm } from '../../platform/feedback.ts'
import { crossFieldRule, schemaErrors } from '../../platform/form-kit.ts'
import { MoneyInput } from '../../platform/money-input.tsx'
import { NotFound } from '../../platform/not-found.tsx'
import { OrganizationField, useOrganizationCurrency } from '../../platform/organization-select.tsx'
import { RecordPage, recordIdOf } from '../../platform/record-page.tsx'
import { useProfile } from '../../platform/session.ts'
import { WallTimePicker } from '../../platform/wall-time-picker.tsx'
import { centerOptionsQuery } from '../centers/api.ts'
import { spaceOptionsQuery } from '../spaces/api.ts'
import {
  PACKAGE_ENDPOINT,
  type PackagePayload,
  type PackageStatus,
  type PackageType,
  type PackageView,
} from './api.ts'

const editRoute = getRouteApi('/_signed-in/admin/package/edit/$id')

/** What the package form edits: the payload's fields as the inputs hold them. */
interface PackageFormValues {
  organization_id?: number | undefined
  name: string
  min_attendees: string | number
  type: PackageType
  duration_hours?: number | undefined
  duration_minutes?: number | undefined
  /** HH:mm */
  start_time: string
  end_time: string
  services: string
  rate: string | number | null
  status: PackageStatus
  centers: number[]
  meetingrooms: number[]
}

const newPackageValues: PackageFormValues = {
  name: '',
  min_attendees: '',
  type: 'duration',
  start_time: DEFAULT_PACKAGE_START,
  end_time: DEFAULT_PACKAGE_END,
  services: '',
  rate: null,
  status: 'enable',
  centers: [],
  meetingrooms: [],
}

function packageValues(view: PackageView): PackageFormValues {
  return {
    organization_id: view.organization_id,
    name: view.name,
    min_attendees: String(view.min_attendees),
    type: view.type,
    duration_hours: view.duration_hours ?? undefined,
    duration_minutes: view.duration_minutes ?? undefined,
    start_time: view.start_time ?? DEFAULT_PACKAGE_START,
    end_time: view.end_time ?? DEFAULT_PACKAGE_END,
    services: view.services ?? '',
    rate: view.rate,
    status: view.status,
    centers: view.centers,
    meetingrooms: view.meetingrooms,
  }
}

/** The body of POST/PUT /api/package: the fields of the chosen type, the other type's as null. */
function packagePayload(values: PackageFormValues, sendOrganization: boolean): PackagePayload {
  const duration = values.type === 'duration'
  const payload: PackagePayload = {
    name: (values.name ?? '').trim(),
    min_attendees:
      typeof values.min_attendees === 'number' ? values.min_attendees : (values.min_attendees ?? ''),
    type: values.type,
    duration_hours: duration ? (values.duration_hours ?? null) : null,
    duration_minutes: duration ? (values.duration_minutes ?? null) : null,
    start_time: duration ? null : values.start_time || null,
    end_time: duration ? null : values.end_time || null,
    services: (values.services ?? '').trim(),
    rate: values.rate ?? '',
    status: values.status,
    centers: values.centers ?? [],
    meetingrooms: values.meetingrooms ?? [],
  }
  if (sendOrganization) payload.organization_id = values.organization_id ?? null
  return payload
}

/** Valid values for fields still wrong, so that the type's cross-field rules show meanwhile. */
const standIns: Partial<Record<keyof PackagePayload, unknown>> = {
  name: 'Package',
  min_attendees: 1,
  rate: 0,
  centers: [1],
  meetingrooms: [1],
}

/** The minimum attendees typed, when it is a valid one. */
function minimumOf(value: unknown): number | null {
  const parsed = packageSchema.shape.min_attendees.safeParse(value ?? '')
  return parsed.success ? parsed.data : null
}

const hourOptions = Array.from({ length: 24 }, (_, hour) => ({ value: hour, label: String(hour) }))
const minuteOptions = [0, 15, 30, 45].map((minutes) => ({ value: minutes, label: String(minutes) }))

/** Add Package (/admin/package/add). */
export function AddPackage() {
  return <PackageForm id={null} />
}

/** Edit Package (/admin/package/edit/{id}). */
export function EditPackage() {
  const id = recordIdOf(editRoute.useParams().id)
  return id === null ? <NotFound /> : <PackageForm key={id} id={id} />
}

/**
 * The package deal form (spec 1 §5): name, minimum attendees, a duration (hours 0-23, minutes in
 * quarters) or a fixed slot (15-minute steps, end after start), services, rate per attendee,
 * status, and the centers and their spaces that seat the minimum attendees.
 */
function PackageForm({ id }: { id: number | null }) {
  const profile = useProfile()
  const navigate = useNavigate()
  const confirm = useConfirm()
  const [form] = Form.useForm<PackageFormValues>()
  const record = useRecord<PackageView>(PACKAGE_ENDPOINT, id === null ? null : id)
  const { create, update } = useRecordMutations<PackagePayload, PackageView>(PACKAGE_ENDPOINT)
  const editing = id !== null
  const isSuper = profile.type === 'super'
  const sendOrganization = isSuper && !editing
  const rule = (key: string) =>
    crossFieldRule(
      (values: PackageFormValues) =>
        schemaErrors(packageSchema, packagePayload(values, sendOrganization), standIns),
      key,
    )

  const chosenOrganization = Form.useWatch('organization_id', { form, preserve: true }) as number | undefined
  const organizationId = editing
    ? (record.data?.organization_id ?? null)
    : isSuper
      ? (chosenOrganization ?? null)
      : profile.organization_id
  const currency = useOrganizationCurrency(organizationId)
  const type = (Form.useWatch('type', { form, preserve: true }) as PackageType | undefined) ?? 'duration'
  const chosenCenters = (Form.useWatch('centers', { form, preserve: true }) as number[] | undefined) ?? []

  // The minimum attendees as last accepted: the spaces offered seat at least that many.
  const [accepted, setMinimum] = useState<number | null | undefined>(undefined)
  const minimum = accepted === undefined ? (record.data?.min_attendees ?? null) : accepted

  const centers = useQuery(centerOptionsQuery(organizationId))
  const spaceLists = useQueries({ queries: chosenCenters.map((centerId) => spaceOptionsQuery(centerId)) })
  const centerName = new Map((centers.data ?? []).map((center) => [center.id, center.name]))
  for (const center of record.data?.selectedCenters ?? []) centerName.set(center.id, center.name)
  // Every space known (the saved ones too): its center and capacity.
  const spaces = new Map<number, { name: string; center_id: number; capacity: number }>()
  for (const space of record.data?.selectedMeetingrooms ?? []) spaces.set(space.id, space)
  for (const list of spaceLists) for (const space of list.data ?? []) spaces.set(space.id, space)
  const spaceOptions = [...spaces.entries()]
    .filter(([, space]) => chosenCenters.includes(space.center_id) && space.capacity >= (minimum ?? 0))
    .map(([spaceId, space]) => ({
      value: spaceId,
      label: `${space.name} (${centerName.get(space.center_id) ?? ''}, capacity ${space.capacity})`,
    }))
  const centerOptions = [...centerName.entries()].map(([value, label]) => ({ value, label }))

  const keepSpaces = (keep: (space: { center_id: number; capacity: number }) => boolean) => {
    const chosen = (form.getFieldValue('meetingrooms') as number[] | undefined) ?? []
    form.setFieldValue(
      'meetingrooms',
      chosen.filter((spaceId) => {
        const space = spaces.get(spaceId)
        return space ? keep(space) : false
      }),
    )
  }

  /** A new minimum: editing asks before the space mappings are lost (spec 1 §4); adding drops the spaces too small. */
  const commitMinimum = async () => {
    const next = minimumOf(form.getFieldValue('min_attendees'))
    if (next === minimum) return
    const chosen = (form.getFieldValue('meetingrooms') as number[] | undefined) ?? []
    if (editing && next !== null && chosen.length > 0) {
      if (!(await confirm({ content: messages.confirmPackageAttendeesChange }))) {
        form.setFieldValue('min_attendees', minimum === null ? '' : String(minimum))
        form.validateFields(['min_attendees']).catch(() => undefined)
        return
      }
      form.setFieldValue('meetingrooms', [])
    } else if (next !== null) {
      keepSpaces((space) => space.capacity >= next)
    }
    setMinimum(next)
  }

  const noMinimum = minimum === null
  return (
    <RecordPage<PackageFormValues>
      title={editing ? 'Edit Package' : 'Add Package'}
      form={form}
      values={editing ? (record.data ? packageValues(record.data) : undefined) : newPackageValues}
      loading={editing && record.isPending}
      loadError={record.error}
      onSave={(values) => {
        const payload = packagePayload(values, sendOrganization)
        return editing ? update(id, payload) : create(payload)
      }}
      onDone={() => void navigate({ to: '/admin/package/list', search: {} })}
    >
      {isSuper ? (
        <OrganizationField
          disabled={editing}
          onChange={() => form.setFieldsValue({ centers: [], meetingrooms: [] })}
        />
      ) : null}
      <Form.Item label="Name" name="name" required rules={[rule('name')]}>
        <Input maxLength={1000} />
      </Form.Item>
      <Form.Item label="Minimum Attendees" name="min_attendees" required rules={[rule('min_attendees')]}>
        <Input
          inputMode="numeric"
          maxLength={6}
          onBlur={() => void commitMinimum()}
          onPressEnter={(event) => {
            event.preventDefault()
            event.currentTarget.blur()
          }}
        />
      </Form.Item>
      <Form.Item label="Type" name="type" required rules={[rule('type')]}>
        <Radio.Group
          optionType="button"
          options={packageTypes.map((t) => ({ value: t.value, label: t.label }))}
        />
      </Form.Item>
      {type === 'duration' ? (
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label="Hours" name="duration_hours" required rules={[rule('duration_hours')]}>
              <Select placeholder="Hours" options={hourOptions} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="Minutes"
              name="duration_minutes"
              required
              dependencies={['duration_hours']}
              rules={[rule('duration_minutes')]}
            >
              <Select placeholder="Minutes" options={minuteOptions} />
            </Form.Item>
          </Col>
        </Row>
      ) : (
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label="Start Time" name="start_time" required rules={[rule('start_time')]}>
              <WallTimePicker />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="End Time"
              name="end_time"
              required
              dependencies={['start_time']}
              rules={[rule('end_time')]}
            >
              <WallTimePicker />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Form.Item label="Rate per Attendee" name="rate" required rules={[rule('rate')]}>
        <MoneyInput currency={currency} />
      </Form.Item>
      <Form.Item label="Services" name="services" rules={[rule('services')]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={5000} />
      </Form.Item>
      <Form.Item label="Status" name="status" required>
        <Select
          options={[
            { value: 'enable', label: 'Active' },
            { value: 'disable', label: 'Inactive' },
          ]}
        />
      </Form.Item>
      <Form.Item
        label="Locations / Centers"
        name="centers"
        required
        rules={[rule('centers')]}
        extra={noMinimum ? 'Set the minimum attendees first.' : undefined}
      >
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Select locations / centers"
          loading={centers.isFetching}
          disabled={noMinimum || organizationId === null}
          options={centerOptions}
          onChange={(next: number[]) => keepSpaces((space) => next.includes(space.center_id))}
        />
      </Form.Item>
      <Form.Item
        label="Spaces"
        name="meetingrooms"
        required
        rules={[rule('meetingrooms')]}
        extra={
          noMinimum
            ? undefined
            : `Spaces of the chosen locations that seat at least ${minimum} ${minimum === 1 ? 'attendee' : 'attendees'}.`
        }
      >
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Select spaces"
          loading={spaceLists.some((list) => list.isFetching)}
          disabled={noMinimum || chosenCenters.length === 0}
          options={spaceOptions}
        />
      </Form.Item>
    </RecordPage>
  )
}
