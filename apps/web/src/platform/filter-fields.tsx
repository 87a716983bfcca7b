import { Flex, Select, Typography } from 'antd'
import dayjs from 'dayjs'
import { DatePickerLater } from './date-picker-later.tsx'
import { useOrganizationOptions } from './organization-options.ts'

/** A filter bar field with its message under it (the field outlined red while it has one). */
function WithMessage({ message, children }: { message: string | undefined; children: React.ReactNode }) {
  return (
    <Flex vertical gap={4}>
      {children}
      {message ? (
        <Typography.Text type="danger" role="alert">
          {message}
        </Typography.Text>
      ) : null}
    </Flex>
  )
}

/**
 * A date of a filter bar, shown in the organization's order (`format`) and given as yyyy-MM-dd, the
 * form every call takes.
 */
export function DateFilter({
  label,
  value,
  format,
  message,
  onChange,
}: {
  label: string
  value: string | undefined
  format: string
  message?: string | undefined
  onChange: (value: string | undefined) => void
}) {
  return (
    <WithMessage message={message}>
      <DatePickerLater
        aria-label={label}
        placeholder={label}
        format={format}
        value={value ? dayjs(value) : null}
        status={message ? 'error' : ''}
        onChange={(picked) => onChange(picked ? picked.format('YYYY-MM-DD') : undefined)}
      />
    </WithMessage>
  )
}

/** A super user's organization choice in a filter bar (render it for super only). */
export function OrganizationFilter({
  label = 'Select Organization',
  value,
  message,
  onChange,
}: {
  label?: string
  value: number | undefined
  message?: string | undefined
  onChange: (value: number | undefined) => void
}) {
  const organizations = useOrganizationOptions(true)
  return (
    <WithMessage message={message}>
      <Select
        aria-label={label}
        placeholder="Select Organization"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 220 }}
        status={message ? 'error' : ''}
        loading={organizations.isPending}
        value={value}
        onChange={(picked?: number) => onChange(picked)}
        options={(organizations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
      />
    </WithMessage>
  )
}
