import { type ClientType, can, clientSchema, messages, paymentMethods } from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Card, Checkbox, Empty, Flex, Form, Input, InputNumber, Select, Spin, Table, Typography } from 'antd'
import { useEffect, useRef } from 'react'
import { useRecord, useRecordMutations } from '../../platform/crud.ts'
import { useToast } from '../../platform/feedback.ts'
import { zodRule } from '../../platform/form-kit.ts'
import { FieldPair, FormSection } from '../../platform/form-layout.tsx'
import { OrganizationField } from '../../platform/organization-select.tsx'
import { RecordPage } from '../../platform/record-page.tsx'
import { useProfile } from '../../platform/session.ts'
import { clientTypeOptionsQuery, countryOptionsQuery } from '../organizations/api.ts'
import {
  CLIENT_ENDPOINT,
  type ClientPayload,
  type ClientView,
  clientNameTaken,
  type GratisLogEntry,
  gratisLogQuery,
} from './api.ts'

/** What the form edits; the payload adds removedClientType. */
interface ClientValues {
  organization_id?: number | undefined
  name: string
  external_client_id: string
  street: string
  city: string
  state: string
  country_id: number | null
  postcode: string
  contact_email: string
  contact_number: string
  website: string
  payment_method: ClientPayload['payment_method'] | undefined
  company_number: string
  send_confirmation_only: boolean
  access_to_private_room: boolean
  notes: string
  internal_percent_discount_rate: number | null
  additional_discount_rate: number | null
  gartisMinutes: string
  clientClientTypes: number[]
}

const fields = clientSchema.shape
const editRoute = getRouteApi('/_signed-in/admin/client/edit/$id')

const emptyClient: ClientValues = {
  name: '',
  external_client_id: '',
  street: '',
  city: '',
  state: '',
  country_id: null,
  postcode: '',
  contact_email: '',
  contact_number: '',
  website: '',
  payment_method: undefined,
  company_number: '',
  send_confirmation_only: false,
  access_to_private_room: false,
  notes: '',
  internal_percent_discount_rate: null,
  additional_discount_rate: null,
  gartisMinutes: '',
  clientClientTypes: [],
}

function valuesOf(client: ClientView): ClientValues {
  return {
    organization_id: client.organization_id,
    name: client.name,
    external_client_id: client.external_client_id ?? '',
    street: client.street ?? '',
    city: client.city ?? '',
    state: client.state ?? '',
    country_id: client.country_id,
    postcode: client.postcode ?? '',
    contact_email: client.contact_email ?? '',
    contact_number: client.contact_number ?? '',
    website: client.website ?? '',
    payment_method: client.payment_method,
    company_number: client.company_number ?? '',
    send_confirmation_only: client.send_confirmation_only,
    access_to_private_room: client.access_to_private_room,
    notes: client.notes ?? '',
    internal_percent_discount_rate: client.internal_percent_discount_rate,
    additional_discount_rate: client.additional_discount_rate,
    gartisMinutes: String(client.gartisMinutes ?? 0),
    clientClientTypes: client.clientClientTypes,
  }
}

/** The payload: empty gratis minutes and rates are sent as 0; unticked loaded types as removedClientType. */
function payloadOf(values: ClientValues, loaded: ClientView | undefined): ClientPayload {
  const { payment_method, gartisMinutes, ...rest } = values
  return {
    ...rest,
    payment_method: payment_method ?? ('' as ClientPayload['payment_method']),
    // A cleared select gives undefined: the API reads null as "none".
    country_id: values.country_id ?? null,
    internal_percent_discount_rate: values.internal_percent_discount_rate ?? 0,
    additional_discount_rate: values.additional_discount_rate ?? 0,
    gartisMinutes: gartisMinutes === '' ? 0 : gartisMinutes,
    removedClientType: (loaded?.clientClientTypes ?? []).filter(
      (id) => !values.clientClientTypes.includes(id),
    ),
  }
}

/** The type preselected on add: the organization's first default type (the spec's id 1). */
function defaultTypeIds(types: ClientType[]): number[] {
  const defaults = types.filter((type) => type.is_default).map((type) => type.id)
  return defaults.length > 0 ? [Math.min(...defaults)] : []
}

/** Add Client (/admin/client/add). */
export function AddClient() {
  return <ClientForm id={null} />
}

/** Edit Client (/admin/client/edit/{id}). */
export function EditClient() {
  const { id } = editRoute.useParams()
  return <ClientForm id={Number(id)} />
}

/**
 * The client form: organization (super), name (checked against the organization's clients when it
 * changes), Unique Client ID and Custom Rates (super and admin), address, contact, payment, Company
 * Registration Number (not csr), options, notes, gratis minutes and client types. In edit mode the
 * used gratis minutes follow below.
 */
function ClientForm({ id }: { id: number | null }) {
  const profile = useProfile()
  const navigate = useNavigate()
  const toast = useToast()
  const [form] = Form.useForm<ClientValues>()
  const record = useRecord<ClientView>(CLIENT_ENDPOINT, id)
  const { create, update } = useRecordMutations<ClientPayload, ClientView>(CLIENT_ENDPOINT)
  const editing = id !== null
  const isSuper = profile.type === 'super'
  const showRates = can(profile.type, 'clients.rates')
  const showCompanyNumber = can(profile.type, 'clients.company-number')

  // The organization whose types and names apply: the record's, super's choice, or one's own.
  const chosenOrganization = Form.useWatch('organization_id', form)
  const organizationId = editing
    ? (record.data?.organization_id ?? null)
    : isSuper
      ? (chosenOrganization ?? null)
      : profile.organization_id
  const types = useQuery({
    ...clientTypeOptionsQuery(organizationId),
    enabled: organizationId !== null && !record.error,
  })
  const countries = useQuery(countryOptionsQuery)

  // On add, the organization's default type is ticked (again when super picks another organization).
  const preselectedFor = useRef<number | null>(null)
  useEffect(() => {
    if (editing || !types.data || organizationId === null || preselectedFor.current === organizationId) return
    preselectedFor.current = organizationId
    form.setFieldValue('clientClientTypes', defaultTypeIds(types.data))
  }, [editing, types.data, organizationId, form])

  // When the name changes: another client of the organization with that name clears it.
  const checkName = async (organization: number | null = organizationId) => {
    const name = String(form.getFieldValue('name') ?? '').trim()
    if (!name || organization === null || name === record.data?.name) return
    try {
      if (await clientNameTaken(name, isSuper ? organization : undefined, id)) {
        toast.error(messages.clientAlreadyExist)
        form.setFieldValue('name', '')
      }
    } catch (error) {
      toast.failure(error)
    }
  }

  // Non-super users of the free plan cannot choose Credit Card (spec 1 §6).
  const creditCardBlocked = !isSuper && profile.mh_plan === 'free'

  return (
    <>
      <RecordPage<ClientValues>
        title={editing ? 'Edit Client' : 'Add Client'}
        form={form}
        values={record.data ? valuesOf(record.data) : editing ? undefined : emptyClient}
        loading={editing && record.isPending}
        loadError={record.error}
        onSave={(values) => {
          const payload = payloadOf(values, record.data)
          return editing ? update(id, payload) : create(payload)
        }}
        onDone={() => void navigate({ to: '/admin/client/list', search: {} })}
      >
        {isSuper ? (
          <OrganizationField
            disabled={editing}
            onChange={(organization) => {
              form.setFieldValue('clientClientTypes', [])
              void checkName(organization)
            }}
          />
        ) : null}
        <Form.Item label="Name" name="name" required rules={[zodRule(fields.name)]}>
          <Input maxLength={255} onBlur={() => void checkName()} />
        </Form.Item>
        {showRates ? (
          <Form.Item
            label="Unique Client ID"
            name="external_client_id"
            rules={[zodRule(fields.external_client_id)]}
          >
            <Input maxLength={255} />
          </Form.Item>
        ) : null}

        <FormSection title="Address">
          <Form.Item label="Street" name="street" rules={[zodRule(fields.street)]}>
            <Input maxLength={255} autoComplete="street-address" />
          </Form.Item>
          <FieldPair>
            <Form.Item label="City" name="city" rules={[zodRule(fields.city)]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item label="State" name="state" rules={[zodRule(fields.state)]}>
              <Input maxLength={100} />
            </Form.Item>
          </FieldPair>
          <FieldPair>
            <Form.Item label="Country" name="country_id">
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Select a country"
                loading={countries.isPending}
                options={(countries.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              />
            </Form.Item>
            <Form.Item label="Postcode" name="postcode" rules={[zodRule(fields.postcode)]}>
              <Input maxLength={20} autoComplete="postal-code" />
            </Form.Item>
          </FieldPair>
        </FormSection>

        <FormSection title="Contact">
          <FieldPair>
            <Form.Item label="Contact Email" name="contact_email" rules={[zodRule(fields.contact_email)]}>
              <Input inputMode="email" maxLength={255} />
            </Form.Item>
            <Form.Item label="Contact Number" name="contact_number" rules={[zodRule(fields.contact_number)]}>
              <Input inputMode="tel" maxLength={30} />
            </Form.Item>
          </FieldPair>
          <Form.Item label="Website" name="website" rules={[zodRule(fields.website)]}>
            <Input maxLength={255} placeholder="https://" />
          </Form.Item>
        </FormSection>

        <FormSection title="Billing and bookings">
          <FieldPair>
            <Form.Item
              label="Payment Method"
              name="payment_method"
              required
              rules={[zodRule(fields.payment_method)]}
            >
              <Select
                placeholder="Select a payment method"
                options={paymentMethods.map((method) => ({
                  value: method.value,
                  label: method.label,
                  disabled: method.value === 'credit_card' && creditCardBlocked,
                }))}
              />
            </Form.Item>
            {showCompanyNumber ? (
              <Form.Item
                label="Company Registration Number"
                name="company_number"
                rules={[zodRule(fields.company_number)]}
              >
                <Input maxLength={100} />
              </Form.Item>
            ) : null}
          </FieldPair>
          <Form.Item name="send_confirmation_only" valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox>Send confirmation only</Checkbox>
          </Form.Item>
          <Form.Item name="access_to_private_room" valuePropName="checked">
            <Checkbox>Access to private room</Checkbox>
          </Form.Item>
          <Form.Item label="Notes" name="notes" rules={[zodRule(fields.notes)]}>
            <Input.TextArea rows={3} maxLength={5000} />
          </Form.Item>
        </FormSection>

        {showRates ? (
          <Card
            size="small"
            title="Custom Rates"
            style={{ marginBottom: 24 }}
            styles={{ body: { paddingBottom: 0 } }}
          >
            <FieldPair>
              <Form.Item
                label="Internal Percent Discount Rate"
                name="internal_percent_discount_rate"
                rules={[zodRule(fields.internal_percent_discount_rate)]}
              >
                <InputNumber precision={2} step={0.01} suffix="%" style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item
                label="Additional Discount Rate"
                name="additional_discount_rate"
                rules={[zodRule(fields.additional_discount_rate)]}
              >
                <InputNumber precision={2} step={0.01} suffix="%" style={{ width: '100%' }} />
              </Form.Item>
            </FieldPair>
          </Card>
        ) : null}

        <Form.Item
          label="Gratis Minutes"
          name="gartisMinutes"
          rules={[zodRule(fields.gartisMinutes)]}
          extra="In multiples of 15 minutes."
        >
          <Input inputMode="numeric" maxLength={10} suffix="minutes" />
        </Form.Item>

        <Form.Item
          label="Client Types"
          name="clientClientTypes"
          required
          rules={[zodRule(fields.clientClientTypes)]}
        >
          <ClientTypeBoxes
            types={types.data ?? []}
            loading={types.isFetching}
            organizationChosen={organizationId !== null}
          />
        </Form.Item>
      </RecordPage>
      {editing && record.data ? <UsedGratisMinutes id={id} /> : null}
    </>
  )
}

/** The client types of the organization as checkboxes; super sees a hint until an organization is chosen. */
function ClientTypeBoxes({
  types,
  loading,
  organizationChosen,
  value,
  onChange,
}: {
  types: ClientType[]
  loading: boolean
  organizationChosen: boolean
  value?: number[]
  onChange?: (value: number[]) => void
}) {
  if (!organizationChosen)
    return <Typography.Text type="secondary">{messages.selectOrganization}</Typography.Text>
  return (
    <Spin spinning={loading} size="small">
      <Checkbox.Group
        value={value ?? []}
        onChange={(next) => onChange?.(next as number[])}
        options={types.map((type) => ({ value: type.id, label: type.name }))}
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
      />
    </Spin>
  )
}

/** Used gratis minutes of the client by month (edit mode). */
function UsedGratisMinutes({ id }: { id: number }) {
  const log = useQuery(gratisLogQuery(id))
  return (
    <Flex vertical gap={8} style={{ maxWidth: 560, marginTop: 32 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        Used gratis minutes
      </Typography.Title>
      <Table<GratisLogEntry>
        rowKey="usedMonth"
        size="small"
        loading={log.isPending}
        dataSource={log.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description="No gratis minutes used yet." /> }}
        columns={[
          { title: 'Month', dataIndex: 'usedMonth' },
          { title: 'Used Minutes', dataIndex: 'usedMinutes', align: 'right' },
          { title: 'Refunded Minutes', dataIndex: 'refundedMinutes', align: 'right' },
        ]}
      />
    </Flex>
  )
}
