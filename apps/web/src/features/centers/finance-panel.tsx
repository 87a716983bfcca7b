import { messages, months, revenueTargetSchema, revenueTargetYears } from '@spaceboard/domain'
import { Alert, Col, Flex, Form, Row, Select, Spin } from 'antd'
import { zodRule } from '../../platform/form-kit.ts'
import { MoneyInput } from '../../platform/money-input.tsx'
import { useOrganizationCurrency } from '../../platform/organization-select.tsx'
import type { CenterFormValues } from './form-model.ts'

/** An empty month has no target; a filled one is an amount of at least 0 with 2 decimals. */
const revenueRule = zodRule(revenueTargetSchema.shape.revenue.nullable(), (value) => value ?? null)

/**
 * Monthly revenue targets of one year (1990 to this year + 10). Choosing a year loads its targets
 * (edit mode); the targets of years before the current one are history and read-only.
 */
export function FinancePanel({
  currentYear,
  loading,
  onYearChange,
  organizationId,
}: {
  currentYear: number
  loading: boolean
  onYearChange: (year: number) => void
  organizationId: number | null
}) {
  const currency = useOrganizationCurrency(organizationId)
  const form = Form.useFormInstance<CenterFormValues>()
  const year = Form.useWatch('year', { form, preserve: true }) as number | undefined
  const past = year !== undefined && year < currentYear
  return (
    <Flex vertical gap={8}>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label="Year" name="year" required>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              onChange={(value: number) => onYearChange(value)}
              options={revenueTargetYears(currentYear).map((y) => ({ value: y, label: String(y) }))}
            />
          </Form.Item>
        </Col>
      </Row>
      {past ? (
        <Alert type="info" showIcon title={messages.pastRevenueTargetsLocked} style={{ marginBottom: 16 }} />
      ) : null}
      <Spin spinning={loading}>
        <Row gutter={16}>
          {months.map((month, index) => (
            <Col key={month} xs={12} md={8} xl={6}>
              <Form.Item label={month} name={['monthRevenue', index, 'revenue']} rules={[revenueRule]}>
                <MoneyInput
                  currency={currency}
                  max="9999999999.99"
                  step="100"
                  disabled={past || loading}
                  placeholder={past ? undefined : 'Target'}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Spin>
    </Flex>
  )
}
