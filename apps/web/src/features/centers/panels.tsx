import { AimOutlined } from '@ant-design/icons'
import { centerSchema, messages, timeFormats } from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import {
  Alert,
  Button,
  Checkbox,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Typography,
} from 'antd'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { configQuery } from '../../platform/config.ts'
import { zodRule } from '../../platform/form-kit.ts'
import { useOrganizationOptions } from '../../platform/organization-select.tsx'
import { WallTimePicker } from '../../platform/wall-time-picker.tsx'
import { countryOptionsQuery } from '../organizations/api.ts'
import { type CenterView, timeZoneOptionsQuery, useRegionOptions } from './api.ts'
import type { CenterFormValues } from './form-model.ts'

// Leaflet is only needed on this form: it loads with the map panel.
const CenterMap = lazy(() => import('./center-map.tsx'))

const fields = centerSchema.shape

/** Fields side by side on wide screens, one under the other on narrow ones. */
function Grid({ children }: { children: ReactNode[] }) {
  return (
    <Row gutter={16}>
      {children
        .filter((child) => child !== null && child !== false)
        .map((child, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of fields
          <Col key={index} xs={24} md={12} xl={8}>
            {child}
          </Col>
        ))}
    </Row>
  )
}

/** Organization (super; fixed once the center exists), "Error: Select an Organization." when missing. */
function OrganizationItem({ loaded }: { loaded: CenterView | null }) {
  const form = Form.useFormInstance<CenterFormValues>()
  const options = useOrganizationOptions(loaded === null)
  if (loaded) {
    return (
      <Form.Item label="Organization">
        <Input value={loaded.organizationName} disabled aria-label="Organization" />
      </Form.Item>
    )
  }
  return (
    <Form.Item
      label="Organization"
      name="organization_id"
      required
      rules={[{ required: true, message: messages.selectOrganizationError }]}
    >
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="Select an Organization"
        loading={options.isPending}
        // The regions belong to the organization.
        onChange={() => form.setFieldValue('regionId', [])}
        options={(options.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
      />
    </Form.Item>
  )
}

/** Name, contacts, address, time zone, opening hours and the third party's center id. */
export function DetailsPanel({
  loaded,
  isSuper,
  thirdParty,
}: {
  loaded: CenterView | null
  isSuper: boolean
  thirdParty: boolean
}) {
  const countries = useQuery(countryOptionsQuery)
  const timeZones = useQuery(timeZoneOptionsQuery)
  return (
    <>
      <Grid>
        {isSuper ? <OrganizationItem loaded={loaded} /> : null}
        <Form.Item label="Name" name="name" required rules={[zodRule(fields.name)]}>
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item label="Location ID" name="site_id" rules={[zodRule(fields.site_id)]}>
          <Input maxLength={100} />
        </Form.Item>
        {thirdParty ? (
          <Form.Item
            label="Native Center ID"
            name="native_center_id"
            required
            rules={[
              { required: true, whitespace: true, message: messages.fieldRequired },
              zodRule(fields.native_center_id),
            ]}
          >
            <Input maxLength={100} />
          </Form.Item>
        ) : null}
      </Grid>
      <Grid>
        <Form.Item
          label="Contact Email"
          name="contact_email"
          required
          rules={[zodRule(fields.contact_email)]}
        >
          <Input inputMode="email" maxLength={255} />
        </Form.Item>
        <Form.Item
          label="Contact Number"
          name="contact_number"
          required
          rules={[zodRule(fields.contact_number)]}
        >
          <Input inputMode="tel" maxLength={30} />
        </Form.Item>
        <Form.Item
          label="Booking Confirmation Email"
          name="booking_confirm_email"
          required
          rules={[zodRule(fields.booking_confirm_email)]}
        >
          <Input inputMode="email" maxLength={255} />
        </Form.Item>
      </Grid>
      <Row gutter={16}>
        <Col xs={24} xl={16}>
          <Form.Item
            label="CC Emails"
            name="booking_confirm_emails"
            rules={[zodRule(fields.booking_confirm_emails)]}
            extra="Copies of the booking confirmations: addresses separated by commas, no spaces."
          >
            <Input
              inputMode="email"
              maxLength={2000}
              placeholder="frontdesk@example.com,manager@example.com"
            />
          </Form.Item>
        </Col>
      </Row>
      <Grid>
        <Form.Item label="Street" name="street" required rules={[zodRule(fields.street)]}>
          <Input maxLength={100} autoComplete="street-address" />
        </Form.Item>
        <Form.Item label="City" name="city" required rules={[zodRule(fields.city)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="State" name="state" required rules={[zodRule(fields.state)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="Postcode" name="postcode" required rules={[zodRule(fields.postcode)]}>
          <Input maxLength={10} autoComplete="postal-code" />
        </Form.Item>
        <Form.Item label="Country" name="country_id" required rules={[zodRule(fields.country_id)]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Select a country"
            loading={countries.isPending}
            options={(countries.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        <Form.Item label="Time Zone" name="timezone_id" required rules={[zodRule(fields.timezone_id)]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Select a time zone"
            loading={timeZones.isPending}
            options={(timeZones.data ?? []).map((zone) => ({ value: zone.id, label: zone.label }))}
          />
        </Form.Item>
      </Grid>
      <Grid>
        <Form.Item label="Open Time" name="open_time" required>
          <WallTimePicker />
        </Form.Item>
        <Form.Item
          label="Close Time"
          name="close_time"
          required
          dependencies={['open_time']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                const open = getFieldValue('open_time') as string | undefined
                if (open && value && open >= value) throw new Error(messages.invalidDateRange)
              },
            }),
          ]}
        >
          <WallTimePicker />
        </Form.Item>
        <Form.Item label="Time Format" name="time_format" required>
          <Select options={timeFormats.map((format) => ({ value: format, label: format }))} />
        </Form.Item>
      </Grid>
      <Form.Item name="open_after_hours" valuePropName="checked">
        <Checkbox>Open after hours</Checkbox>
      </Form.Item>
      <Form.Item label="Description" name="description" rules={[zodRule(fields.description)]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={5000} />
      </Form.Item>
    </>
  )
}

/** Latitude and longitude, "Locate on map" and the map with its draggable pin. */
export function MapPanel({
  locating,
  onLocate,
  canLocate,
}: {
  locating: boolean
  onLocate: () => void
  canLocate: boolean
}) {
  const form = Form.useFormInstance<CenterFormValues>()
  const lat = Form.useWatch('lat', { form, preserve: true }) as number | null | undefined
  const lon = Form.useWatch('lon', { form, preserve: true }) as number | null | undefined
  const config = useQuery(configQuery)
  // Without access to the map tiles the map is an empty box: say so; the coordinates still work.
  const [tilesFailed, setTilesFailed] = useState(false)
  const coordinate = (label: string, name: 'lat' | 'lon', rule: typeof fields.lat) => (
    <Form.Item label={label} name={name} rules={[zodRule(rule, (value) => value ?? null)]}>
      <InputNumber precision={6} step={0.0001} style={{ width: '100%' }} placeholder="Not located yet" />
    </Form.Item>
  )
  return (
    <Flex vertical gap={8}>
      <Row gutter={16} align="bottom">
        <Col xs={24} md={8}>
          {coordinate('Latitude', 'lat', fields.lat)}
        </Col>
        <Col xs={24} md={8}>
          {coordinate('Longitude', 'lon', fields.lon)}
        </Col>
        <Col xs={24} md={8}>
          <Form.Item>
            <Button icon={<AimOutlined />} loading={locating} onClick={onLocate}>
              Locate on map
            </Button>
          </Form.Item>
        </Col>
      </Row>
      <Typography.Text type="secondary">
        {canLocate
          ? 'The pin follows the address. Drag it to the exact entrance.'
          : 'Fill in the address to place the pin, or click the map.'}
      </Typography.Text>
      {tilesFailed ? <Alert type="warning" showIcon title={messages.addressNotLocated} /> : null}
      {config.data ? (
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 360 }} />}>
          <CenterMap
            lat={lat ?? null}
            lon={lon ?? null}
            tileUrl={config.data.mapTileUrl}
            onMove={(newLat, newLon) => form.setFieldsValue({ lat: newLat, lon: newLon })}
            onTilesFailed={setTilesFailed}
          />
        </Suspense>
      ) : config.error ? (
        <Alert type="error" showIcon title={config.error.message} />
      ) : (
        <Skeleton.Node active style={{ width: '100%', height: 360 }} />
      )}
    </Flex>
  )
}

/** Tax label, percent (empty: no tax) and type. */
export function TaxesPanel() {
  return (
    <Grid>
      <Form.Item label="Tax Label" name="taxes_label" rules={[zodRule(fields.taxes_label)]}>
        <Input maxLength={100} placeholder="GST" />
      </Form.Item>
      <Form.Item
        label="Tax Percent"
        name="taxes_percent"
        rules={[zodRule(fields.taxes_percent, (value) => value ?? null)]}
        extra="Leave empty for no tax."
      >
        <InputNumber min={0} max={99} step={0.01} precision={2} suffix="%" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="Tax Type" name="taxes_type" rules={[zodRule(fields.taxes_type)]}>
        <Input maxLength={100} />
      </Form.Item>
    </Grid>
  )
}

/** The organization's regions the center belongs to (at least one). */
export function RegionPanel({
  organizationId,
  isSuper,
}: {
  organizationId: number | null
  isSuper: boolean
}) {
  const regions = useRegionOptions(organizationId, isSuper)
  return (
    <Form.Item
      label="Regions"
      name="regionId"
      required
      rules={[zodRule(fields.regionId, (value) => value ?? [])]}
      extra={organizationId === null ? messages.selectOrganization : undefined}
    >
      <Select
        mode="multiple"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="Select regions"
        loading={regions.isFetching}
        disabled={organizationId === null}
        options={(regions.data ?? []).map((region) => ({ value: region.id, label: region.name }))}
      />
    </Form.Item>
  )
}

/** Stripe keys (super only); the secret key is write-only: the API says only whether one is saved. */
export function StripePanel({ secretKeySet }: { secretKeySet: boolean }) {
  const form = Form.useFormInstance<CenterFormValues>()
  const clearing = Form.useWatch('stripe_secret_key_clear', { form, preserve: true }) as boolean | undefined
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          label="Stripe Publishable Key"
          name="stripe_publishable_key"
          rules={[zodRule(fields.stripe_publishable_key)]}
        >
          <Input maxLength={255} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label="Stripe Secret Key"
          name="stripe_secret_key"
          rules={[zodRule(fields.stripe_secret_key)]}
          extra={
            secretKeySet ? 'A key is saved. Type a new one to replace it; leave empty to keep it.' : undefined
          }
          style={secretKeySet ? { marginBottom: 8 } : undefined}
        >
          <Input.Password
            maxLength={4000}
            autoComplete="new-password"
            placeholder={secretKeySet ? '••••••••' : ''}
            disabled={Boolean(clearing)}
          />
        </Form.Item>
        {secretKeySet ? (
          <Form.Item name="stripe_secret_key_clear" valuePropName="checked">
            <Checkbox>Remove the saved secret key</Checkbox>
          </Form.Item>
        ) : null}
      </Col>
    </Row>
  )
}
