import { can, spaceTypes } from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import { Checkbox, Flex, Form, Input, Spin, Table, Tag, Typography } from 'antd'
import { amenityOptionsQuery, clientTypeOptionsQuery } from './api.ts'
import type { CodedChoice } from './form-model.ts'
import type { SectionProps } from './form-sections.ts'

/** Organization Client Types: the shared default types and the organization's own. */
export function ClientTypesSection({ loaded }: SectionProps) {
  const clientTypes = useQuery(clientTypeOptionsQuery(loaded?.id ?? null))
  // Adding: only the shared types exist for an organization that does not exist yet.
  const options = (clientTypes.data ?? []).filter((t) => loaded || t.organization_id === null)
  return (
    <Spin spinning={clientTypes.isPending}>
      <Form.Item name="orgClientTypes" label="Client types offered" style={{ marginBottom: 0 }}>
        <Checkbox.Group>
          <Flex wrap gap={16}>
            {options.map((type) => (
              <Checkbox key={type.id} value={type.id}>
                {type.name}
                {type.is_default ? (
                  <Tag variant="filled" style={{ marginInlineStart: 8 }}>
                    default
                  </Tag>
                ) : null}
              </Checkbox>
            ))}
          </Flex>
        </Checkbox.Group>
      </Form.Item>
    </Spin>
  )
}

interface ChoiceRow {
  key: string
  label: string
  extra?: string
  codeLabel: string
  accountCodeLabel: string
}

/** A table of checkboxes, each with its code and account code (space types, amenities). */
function CodedChoices({
  field,
  rows,
  codeTitle,
  first,
  showCodes = true,
}: {
  field: 'spaceTypes' | 'amenities'
  rows: ChoiceRow[]
  codeTitle: string
  first: 'code' | 'account_code'
  /** The codes are finance fields: hidden from a role that may not change them. */
  showCodes?: boolean
}) {
  const form = Form.useFormInstance()
  const choices = (Form.useWatch(field, { form, preserve: true }) ?? {}) as Record<string, CodedChoice>
  const input = (row: ChoiceRow, name: 'code' | 'account_code') => (
    <Form.Item name={[field, row.key, name]} style={{ marginBottom: 0 }}>
      <Input
        maxLength={100}
        disabled={!choices[row.key]?.selected}
        aria-label={name === 'code' ? row.codeLabel : row.accountCodeLabel}
        placeholder={name === 'code' ? row.codeLabel : 'account_code'}
      />
    </Form.Item>
  )
  const codeColumns = [
    { title: codeTitle, key: 'code', render: (_: unknown, row: ChoiceRow) => input(row, 'code') },
    {
      title: 'Account code',
      key: 'account_code',
      render: (_: unknown, row: ChoiceRow) => input(row, 'account_code'),
    },
  ]
  return (
    <Table<ChoiceRow>
      rowKey="key"
      size="small"
      pagination={false}
      dataSource={rows}
      columns={[
        {
          title: 'Available',
          key: 'selected',
          width: '40%',
          render: (_, row) => (
            <Form.Item
              name={[field, row.key, 'selected']}
              valuePropName="checked"
              style={{ marginBottom: 0 }}
            >
              <Checkbox>
                {row.label}
                {row.extra ? (
                  <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                    {row.extra}
                  </Typography.Text>
                ) : null}
              </Checkbox>
            </Form.Item>
          ),
        },
        ...(!showCodes ? [] : first === 'code' ? codeColumns : [...codeColumns].reverse()),
      ]}
    />
  )
}

/** Organization Space Types: each type offered, with its account code and its code (spec 1 §3). */
export function SpaceTypesSection() {
  return (
    <CodedChoices
      field="spaceTypes"
      codeTitle="Code"
      first="account_code"
      rows={spaceTypes.map((type) => ({
        key: type.key,
        label: type.label,
        codeLabel: type.codeField,
        accountCodeLabel: `${type.label} account code`,
      }))}
    />
  )
}

/** Organization Amenities Available: each amenity offered, with its code and account code (finance roles). */
export function AmenitiesSection({ role }: Pick<SectionProps, 'role'>) {
  const amenities = useQuery(amenityOptionsQuery)
  return (
    <Spin spinning={amenities.isPending}>
      <CodedChoices
        field="amenities"
        codeTitle="Code"
        first="code"
        showCodes={can(role, 'organizations.finance')}
        rows={(amenities.data ?? []).map((amenity) => ({
          key: String(amenity.id),
          label: amenity.name,
          extra: amenity.category,
          codeLabel: `${amenity.name} code`,
          accountCodeLabel: `${amenity.name} account code`,
        }))}
      />
    </Spin>
  )
}
