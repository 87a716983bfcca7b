import {
  billingSheetColumns,
  can,
  MAX_NOTICE_DAYS,
  messages,
  organizationSchema,
  paymentMethods,
  taxTypes,
} from '@spaceboard/domain'
import { Col, Collapse, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd'
import { zodRule } from '../../platform/form-kit.ts'
import { ColorSelect, Grid, Wide } from './fields.tsx'
import { type SectionProps, useOpenSections } from './form-sections.ts'
import { PackageCodesTable } from './package-codes.tsx'

const fields = organizationSchema.shape

/** Accounts/Finance: banking details, taxes, monthly billing, the package deals' codes and the billing sheet's column names. */
export function FinanceSection({ role, loaded }: SectionProps) {
  const form = Form.useFormInstance()
  const monthlyBilling = Form.useWatch('monthly_billing', { form, preserve: true }) as boolean | undefined
  const taxesPercent = Form.useWatch('taxes_percent', { form, preserve: true }) as number | null | undefined
  const noTax = taxesPercent === null || taxesPercent === undefined
  const isSuper = can(role, 'organizations.super-panel')
  const { open, setOpen } = useOpenSections()
  return (
    <>
      <Grid>
        <Wide>
          <Form.Item label="Banking Details" name="banking_details" rules={[zodRule(fields.banking_details)]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
          </Form.Item>
        </Wide>
        <Form.Item
          label="Tax Percent"
          name="taxes_percent"
          rules={[zodRule(fields.taxes_percent, (value) => value ?? null)]}
          extra="Leave empty for no tax: the tax label and type are cleared too."
        >
          <InputNumber min={0} max={99} step={0.01} suffix="%" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Tax Label" name="taxes_label" rules={[zodRule(fields.taxes_label)]}>
          <Input maxLength={100} disabled={noTax} placeholder="GST" />
        </Form.Item>
        <Form.Item label="Tax Type (billing export)" name="taxes_type" rules={[zodRule(fields.taxes_type)]}>
          <Input maxLength={100} disabled={noTax} />
        </Form.Item>
        <Form.Item
          label="Tax Calculation"
          name="tax_type"
          extra={isSuper ? undefined : 'Set by the platform owner.'}
        >
          <Select options={taxTypes.map((t) => ({ value: t.value, label: t.label }))} disabled={!isSuper} />
        </Form.Item>
        <Form.Item label="Monthly Billing" name="monthly_billing" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          label="Invoice Numbering"
          name="invoice_numbering"
          required={Boolean(monthlyBilling)}
          dependencies={['monthly_billing']}
          rules={[
            zodRule(fields.invoice_numbering),
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (getFieldValue('monthly_billing') && !value?.trim())
                  throw new Error(messages.invoiceNumberingRequired)
              },
            }),
          ]}
        >
          <Input maxLength={50} />
        </Form.Item>
      </Grid>
      {/* A new organization has no package deals yet. */}
      {loaded ? <PackageCodesTable organizationId={loaded.id} /> : null}
      <Collapse
        ghost
        activeKey={open.includes('billingColumns') ? ['billingColumns'] : []}
        onChange={(keys) =>
          setOpen(
            keys.includes('billingColumns')
              ? [...open, 'billingColumns']
              : open.filter((key) => key !== 'billingColumns'),
          )
        }
        items={[
          {
            key: 'billingColumns',
            label: 'Billing sheet column names',
            forceRender: true,
            children: (
              <>
                <Typography.Paragraph type="secondary">
                  Rename the headers of the billing export; leave a name empty to keep the standard one.
                </Typography.Paragraph>
                <Row gutter={16}>
                  {billingSheetColumns.map((column) => (
                    <Col key={column} xs={24} md={12} xl={8}>
                      <Form.Item
                        label={column}
                        name={['orgBillingSheetColumns', column]}
                        rules={[
                          zodRule(fields.orgBillingSheetColumns, (value) => ({ [column]: value ?? '' })),
                        ]}
                      >
                        <Input maxLength={255} placeholder={column} />
                      </Form.Item>
                    </Col>
                  ))}
                </Row>
              </>
            ),
          },
        ]}
      />
    </>
  )
}

/** Settings (super and admin): default payment method, notice period, color, e-mail templates. */
export function SettingsSection({ role, loaded }: SectionProps) {
  const form = Form.useFormInstance()
  const emailTemplates = Form.useWatch(['features', 'email_template'], { form, preserve: true }) as
    | boolean
    | undefined
  const isSuper = can(role, 'organizations.super-panel')
  const freePlan = !isSuper && loaded?.mh_plan === 'free'
  return (
    <Grid>
      <Form.Item
        label="Client Default Payment Method"
        name="client_default_payment_method"
        required
        rules={[zodRule(fields.client_default_payment_method)]}
        extra={freePlan ? messages.creditCardNotOnFreePlan : undefined}
      >
        <Select
          options={paymentMethods.map((method) => ({
            value: method.value,
            label: method.label,
            disabled: freePlan && method.value === 'credit_card',
          }))}
        />
      </Form.Item>
      <Form.Item
        label="Minimum Notice Period"
        name="minimum_notice_period"
        rules={[zodRule(fields.minimum_notice_period, (value) => value ?? 0)]}
        extra="0 means no notice is needed."
      >
        <InputNumber min={0} max={MAX_NOTICE_DAYS} precision={0} suffix="days" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="Color" name="color" required rules={[zodRule(fields.color)]}>
        <ColorSelect />
      </Form.Item>
      {emailTemplates ? (
        <Form.Item label="Use Email Template" name="use_email_template" valuePropName="checked">
          <Switch />
        </Form.Item>
      ) : null}
    </Grid>
  )
}
