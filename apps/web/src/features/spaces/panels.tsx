import { Checkbox, Col, Empty, Form, Input, Row, Select } from 'antd'
import type { Rule } from 'antd/es/form'
import type { ReactNode } from 'react'
import { ImageUpload } from '../../platform/image-upload.tsx'
import { SPACE_ENDPOINT } from './api.ts'
import { hourOptions, minuteOptions, type SpaceFormValues } from './form-model.ts'

/** The rule of a field: its message from the whole form's check (the domain's space schema). */
export type FieldRule = (key: string) => Rule

/** Fields side by side on wide screens (`perRow` of them), one under the other on narrow ones. */
export function Fields({ children, perRow = 3 }: { children: ReactNode[]; perRow?: 3 | 4 }) {
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
export function useHours(name: HoursField): number | undefined {
  const form = Form.useFormInstance<SpaceFormValues>()
  return Form.useWatch(name, { form, preserve: true }) as number | undefined
}

/** Hours 0-24 and minutes 0/15/30/45 of a duration; with 24 hours only 0 minutes can be chosen. */
export function hoursAndMinutes({
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
