import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { chargeTypes, messages, rateUnits } from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import { Avatar, Button, Col, Empty, Flex, Form, type FormInstance, Row, Select, Typography } from 'antd'
import type { Rule } from 'antd/es/form'
import type { ReactNode } from 'react'
import { MoneyInput } from '../../platform/money-input.tsx'
import { useOrganizationCurrency } from '../../platform/organization-select.tsx'
import { organizationAmenitiesQuery } from './api.ts'
import type { SpaceFormValues } from './form-model.ts'
import type { FieldRule } from './panels.tsx'

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
