import {
  formatMoney,
  messages,
  months,
  revenueTargetSchema,
  revenueTargetYears,
  toCents,
} from '@spaceboard/domain'
import { Alert, Col, Flex, Form, Row, Select, Spin, Typography } from 'antd'
import { zodRule } from '../../platform/form-kit.ts'
import { MoneyInput } from '../../platform/money-input.tsx'
import { useOrganizationCurrency } from '../../platform/organization-select.tsx'
import type { MonthRevenue } from './api.ts'
import type { CenterFormValues } from './form-model.ts'

/** Actual net revenue of a month beside its target, with the variance (actual − target). */
function ActualRevenue({
  actual,
  target,
  currency,
}: {
  actual: string
  target: string | number | null | undefined
  currency: string | null
}) {
  const actualCents = toCents(actual)
  const variance =
    target === null || target === undefined || target === '' ? null : actualCents - toCents(target)
  return (
    <Typography.Text type="secondary">
      Actual {formatMoney(actualCents, currency)}
      {variance === null ? null : (
        <Typography.Text type={variance < 0 ? 'danger' : 'success'}>
          {' '}
          · Variance {variance > 0 ? '+' : ''}
          {formatMoney(variance, currency)}
        </Typography.Text>
      )}
    </Typography.Text>
  )
}

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
  actuals = null,
}: {
  currentYear: number
  loading: boolean
  onYearChange: (year: number) => void
  organizationId: number | null
  /** The shown year's actual net revenue per month (a saved center only). */
  actuals?: MonthRevenue[] | null
}) {
  const currency = useOrganizationCurrency(organizationId)
  const form = Form.useFormInstance<CenterFormValues>()
  const year = Form.useWatch('year', { form, preserve: true }) as number | undefined
  const past = year !== undefined && year < currentYear
  const targets = Form.useWatch('monthRevenue', { form, preserve: true }) as
    | CenterFormValues['monthRevenue']
    | undefined
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
              <Form.Item
                label={month}
                name={['monthRevenue', index, 'revenue']}
                rules={[revenueRule]}
                extra={
                  actuals?.[index] ? (
                    <ActualRevenue
                      actual={actuals[index].actual}
                      target={targets?.[index]?.revenue}
                      currency={currency}
                    />
                  ) : undefined
                }
              >
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
