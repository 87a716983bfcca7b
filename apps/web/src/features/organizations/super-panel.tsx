import { featureFlags, messages, organizationSchema, plans, thirdParties } from '@spaceboard/domain'
import { Checkbox, Col, Divider, Form, Input, InputNumber, Row, Select, Switch } from 'antd'
import { api } from '../../platform/api-client.ts'
import { useToast } from '../../platform/feedback.ts'
import { zodRule } from '../../platform/form-kit.ts'
import { customerIdTaken } from './api.ts'
import { Grid, SecretField, TokenField } from './fields.tsx'
import type { SectionProps } from './form-sections.ts'

const fields = organizationSchema.shape

const planOptions = plans.map((plan) => ({
  value: plan,
  label: plan.charAt(0).toUpperCase() + plan.slice(1),
}))

/** Super Admin panel (super only): plan, licences, feature toggles and the integrations' keys. */
export function SuperAdminPanel({ loaded }: SectionProps) {
  const form = Form.useFormInstance()
  const toast = useToast()
  const ms365 = Form.useWatch(['features', 'enable_ms_365'], { form, preserve: true }) as boolean | undefined

  // The customer id must be unique: checked when leaving the field; a taken one is cleared (spec 1 §8).
  const checkCustomerId = async () => {
    const value = String(form.getFieldValue('mh_customer_id') ?? '').trim()
    if (!value) return
    try {
      if (await customerIdTaken(value, loaded?.id ?? null)) {
        toast.error(messages.customerIdExists)
        form.setFieldValue('mh_customer_id', '')
      }
    } catch (error) {
      toast.failure(error)
    }
  }

  // Screen bookings stay on while the organization has tentative bookings (spec 1 §4): the box returns to on.
  const checkScreenBookings = async (checked: boolean) => {
    if (checked || !loaded?.id) return
    try {
      const tentative = await api<{ count: number }>(`/api/organization/${loaded.id}/tentative-bookings`)
      if (tentative.count > 0) {
        toast.error(messages.tentativeBookingsExist)
        form.setFieldValue(['features', 'user_screen_booking'], true)
      }
    } catch (error) {
      toast.failure(error)
      form.setFieldValue(['features', 'user_screen_booking'], true)
    }
  }

  return (
    <>
      <Grid>
        <Form.Item label="Customer ID" name="mh_customer_id" rules={[zodRule(fields.mh_customer_id)]}>
          <Input maxLength={100} onBlur={() => void checkCustomerId()} />
        </Form.Item>
        <Form.Item label="Exclude From Reporting" name="exclude_from_reporting" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label="Plan" name="mh_plan" rules={[zodRule(fields.mh_plan)]}>
          <Select options={planOptions} />
        </Form.Item>
        <Form.Item
          label="Licensed Spaces"
          name="licensed_spaces"
          rules={[zodRule(fields.licensed_spaces, (value) => value ?? 0)]}
        >
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          label="Commission Rate (%)"
          name="commission_rate"
          extra="Of every room amount, room charge and room refund of bookings made from now on; 0 until set."
          rules={[zodRule(fields.commission_rate)]}
        >
          <Input inputMode="decimal" maxLength={6} />
        </Form.Item>
      </Grid>

      <Divider titlePlacement="start" plain>
        Plan features
      </Divider>
      <Row gutter={[16, 8]} style={{ marginBottom: 16 }}>
        {featureFlags.map((flag) => (
          <Col key={flag.key} xs={24} md={12} xl={8}>
            <Form.Item name={['features', flag.key]} valuePropName="checked" noStyle>
              <Checkbox
                onChange={
                  flag.key === 'user_screen_booking'
                    ? (event) => void checkScreenBookings(event.target.checked)
                    : undefined
                }
              >
                {flag.label}
              </Checkbox>
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={12} xl={8}>
          <Checkbox checked disabled>
            Charge amenities (always on)
          </Checkbox>
        </Col>
      </Row>

      {ms365 ? (
        <>
          <Divider titlePlacement="start" plain>
            Microsoft 365
          </Divider>
          <Grid>
            <Form.Item
              label="MS 365 Tenant ID"
              name="ms365_tenant_id"
              required
              rules={[
                { required: true, whitespace: true, message: messages.ms365TenantId },
                zodRule(fields.ms365_tenant_id),
              ]}
            >
              <Input maxLength={255} />
            </Form.Item>
            <Form.Item
              label="MS 365 Client ID"
              name="ms365_client_id"
              required
              rules={[
                { required: true, whitespace: true, message: messages.ms365ClientId },
                zodRule(fields.ms365_client_id),
              ]}
            >
              <Input maxLength={255} />
            </Form.Item>
            <Form.Item label="MS 365 Client Secret" name="ms365_client_secret">
              <SecretField isSet={loaded?.ms365_client_secret_set ?? false} label="MS 365 client secret" />
            </Form.Item>
            <Form.Item
              label="MS 365 Proxy User Email"
              name="ms365_proxy_user_email"
              rules={[zodRule(fields.ms365_proxy_user_email)]}
            >
              <Input maxLength={255} inputMode="email" />
            </Form.Item>
            <Form.Item
              label="MS 365 Default Client Name"
              name="ms365_default_client_name"
              required
              rules={[
                { required: true, whitespace: true, message: messages.ms365DefaultClientName },
                zodRule(fields.ms365_default_client_name),
              ]}
            >
              <Input maxLength={255} />
            </Form.Item>
          </Grid>
        </>
      ) : null}

      <Divider titlePlacement="start" plain>
        Stripe, analytics and API
      </Divider>
      <Grid>
        <Form.Item
          label="Stripe Publishable Key"
          name="stripe_publishable_key"
          rules={[zodRule(fields.stripe_publishable_key)]}
        >
          <Input maxLength={255} autoComplete="off" />
        </Form.Item>
        <Form.Item label="Stripe Secret Key" name="stripe_secret_key">
          <SecretField isSet={loaded?.stripe_secret_key_set ?? false} label="Stripe secret key" />
        </Form.Item>
        <Form.Item
          label="Google Analytics Code"
          name="google_analytics_code"
          rules={[zodRule(fields.google_analytics_code)]}
        >
          <Input maxLength={50} placeholder="G-1A2B3C4D5E" />
        </Form.Item>
        <Form.Item label="Enable API" name="enable_api" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label="API Token" name="generateToken">
          <TokenField isSet={loaded?.api_token_set ?? false} label="API token" />
        </Form.Item>
        <Form.Item label="Web API Token" name="generateWebToken">
          <TokenField isSet={loaded?.web_api_token_set ?? false} label="web API token" />
        </Form.Item>
        <Form.Item
          label="Third-party Integration"
          name="third_party_org_code"
          getValueProps={(value: string | undefined) => ({ value: value || undefined })}
          normalize={(value: string | undefined) => value ?? ''}
        >
          <Select
            allowClear
            placeholder="None"
            options={thirdParties.map((party) => ({ value: party.code, label: party.name }))}
          />
        </Form.Item>
      </Grid>
    </>
  )
}

/** Third-party credentials (super and admin, when the organization is linked to a third party). */
export function ThirdPartySection({ loaded }: SectionProps) {
  return (
    <Grid>
      <Form.Item label="Customer Name" name={['thirdPartyCredentials', 'customer_name']}>
        <Input maxLength={255} autoComplete="off" />
      </Form.Item>
      <Form.Item label="Username" name={['thirdPartyCredentials', 'username']}>
        <Input maxLength={255} autoComplete="off" />
      </Form.Item>
      <Form.Item label="Password" name={['thirdPartyCredentials', 'password']}>
        <SecretField isSet={loaded?.thirdPartyCredentials.password_set ?? false} label="password" />
      </Form.Item>
    </Grid>
  )
}
