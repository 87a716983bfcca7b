import { KeyOutlined } from '@ant-design/icons'
import { creatableUserTypes, messages, type UserType, userCreateSchema } from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button, Checkbox, Form, Input, Select } from 'antd'
import { useState } from 'react'
import { useRecord, useRecordMutations } from '../../platform/crud.ts'
import { useConfirm, useToast } from '../../platform/feedback.ts'
import { zodRule } from '../../platform/form-kit.ts'
import { FieldPair, FormSection } from '../../platform/form-layout.tsx'
import { OrganizationField } from '../../platform/organization-select.tsx'
import { PasswordStrengthMeter } from '../../platform/password-meter.tsx'
import { RecordPage } from '../../platform/record-page.tsx'
import { useProfile } from '../../platform/session.ts'
import { useClientOptions } from '../clients/api.ts'
import { countryOptionsQuery } from '../organizations/api.ts'
import { roleLabels } from '../profile/roles.ts'
import {
  emailTaken,
  USER_ENDPOINT,
  type UserCreatePayload,
  type UserUpdatePayload,
  type UserView,
} from './api.ts'
import { ChangePasswordDialog } from './change-password.tsx'

/** What the form edits; the password only when adding. */
interface UserValues {
  type: UserType | undefined
  first_name: string
  last_name: string
  email: string
  mobile: string
  organization_id?: number | undefined
  client_id: number | null
  company_name: string
  /** Create a new client of company_name: an explicit choice, confirmed before saving (issue 15). */
  new_client?: boolean
  company_email: string
  company_phone: string
  street: string
  city: string
  state: string
  country_id: number | null
  postcode: string
  exclude_from_reporting: boolean
  password?: string
}

const fields = userCreateSchema.shape
const editRoute = getRouteApi('/_signed-in/admin/user/edit/$id')

const emptyUser: UserValues = {
  type: undefined,
  first_name: '',
  last_name: '',
  email: '',
  mobile: '',
  client_id: null,
  company_name: '',
  company_email: '',
  company_phone: '',
  street: '',
  city: '',
  state: '',
  country_id: null,
  postcode: '',
  exclude_from_reporting: false,
  password: '',
}

function valuesOf(user: UserView): UserValues {
  return {
    type: user.type,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    mobile: user.mobile ?? '',
    organization_id: user.organization_id ?? undefined,
    client_id: user.client_id,
    company_name: user.company_name ?? '',
    company_email: user.company_email ?? '',
    company_phone: user.company_phone ?? '',
    street: user.street ?? '',
    city: user.city ?? '',
    state: user.state ?? '',
    country_id: user.country_id,
    postcode: user.postcode ?? '',
    exclude_from_reporting: user.exclude_from_reporting,
  }
}

/** Add User (/admin/user/add). */
export function AddUser() {
  return <UserForm id={null} />
}

/** Edit User (/admin/user/edit/{id}). */
export function EditUser() {
  const { id } = editRoute.useParams()
  return <UserForm id={Number(id)} />
}

/**
 * The types the person may give: on add those they may create (a csr only basic); on edit one's
 * own type is fixed, and nobody turns a user into a super user or back.
 */
function typeChoices(actor: UserType, editing: UserView | undefined, self: boolean): readonly UserType[] {
  const creatable = creatableUserTypes(actor)
  if (!editing) return creatable
  if (self) return [editing.type]
  const allowed = creatable.filter((type) => (type === 'super') === (editing.type === 'super'))
  return allowed.includes(editing.type) ? allowed : [editing.type, ...allowed]
}

/**
 * The user form: type, names, email (checked when it changes), mobile, organization (super),
 * client or company name, company contact, address, exclude from reporting (super) and the
 * password on add; on edit a Change password dialog instead.
 */
function UserForm({ id }: { id: number | null }) {
  const profile = useProfile()
  const navigate = useNavigate()
  const toast = useToast()
  const [form] = Form.useForm<UserValues>()
  const record = useRecord<UserView>(USER_ENDPOINT, id)
  const { create, update } = useRecordMutations<UserCreatePayload | UserUpdatePayload, UserView>(
    USER_ENDPOINT,
  )
  const [changingPassword, setChangingPassword] = useState(false)
  const confirm = useConfirm()
  const editing = id !== null
  const isSuper = profile.type === 'super'
  const self = id !== null && id === profile.id

  const type = Form.useWatch('type', form)
  const clientId = Form.useWatch('client_id', form)
  const chosenOrganization = Form.useWatch('organization_id', form)
  // A super user belongs to no organization and no client.
  const superUser = type === 'super'
  const organizationId = editing
    ? (record.data?.organization_id ?? null)
    : isSuper
      ? (chosenOrganization ?? null)
      : profile.organization_id
  const clients = useClientOptions(
    isSuper ? organizationId : undefined,
    organizationId !== null && !superUser,
  )
  const countries = useQuery(countryOptionsQuery)

  // The user's client stays on offer even when it is archived (and so not among the options).
  const clientOptions = (clients.data ?? []).map((client) => ({ value: client.id, label: client.name }))
  const current = record.data
  if (current?.client_id && !clientOptions.some((option) => option.value === current.client_id)) {
    clientOptions.unshift({ value: current.client_id, label: current.clientName ?? `#${current.client_id}` })
  }

  // When the email changes: one another user has is refused at once, and the field is cleared.
  const checkEmail = async () => {
    const email = String(form.getFieldValue('email') ?? '').trim()
    if (!email || email === record.data?.email || !fields.email.safeParse(email).success) return
    try {
      if (await emailTaken(email, id)) {
        toast.error(messages.emailAlreadyExist)
        form.setFieldValue('email', '')
      }
    } catch (error) {
      toast.failure(error)
    }
  }

  const types = typeChoices(profile.type, record.data, self)

  return (
    <>
      <RecordPage<UserValues>
        title={editing ? 'Edit User' : 'Add User'}
        form={form}
        values={record.data ? valuesOf(record.data) : editing ? undefined : emptyUser}
        loading={editing && record.isPending}
        loadError={record.error}
        beforeSave={async (values) => {
          // Picking an existing client is the default; a new one is an explicit, confirmed choice,
          // never for a name the organization already has (issue 15).
          // Hidden fields are not among the values: the company name is there only when typed.
          const name = (values.company_name ?? '').trim()
          if (superUser || values.client_id || !values.new_client || !name) return true
          if (clientOptions.some((option) => option.label.toLowerCase() === name.toLowerCase())) {
            form.setFields([{ name: 'company_name', errors: [messages.clientAlreadyExist] }])
            return false
          }
          return confirm({ content: `Create the new client "${name}" in this organization?` })
        }}
        onSave={({ password, ...values }) => {
          const payload = {
            ...values,
            type: values.type as UserType,
            // A cleared select gives undefined: the API reads null as "none".
            client_id: values.client_id ?? null,
            country_id: values.country_id ?? null,
          }
          return editing ? update(id, payload) : create({ ...payload, password: password ?? '' })
        }}
        onDone={() => void navigate({ to: '/admin/user/list', search: {} })}
      >
        <Form.Item label="Type" name="type" required rules={[zodRule(fields.type)]}>
          <Select
            placeholder="Select a type"
            disabled={types.length < 2 && editing}
            options={types.map((value) => ({ value, label: roleLabels[value] }))}
          />
        </Form.Item>
        {isSuper && !superUser ? (
          // Another organization has other clients: the chosen one no longer applies.
          <OrganizationField disabled={editing} onChange={() => form.setFieldValue('client_id', null)} />
        ) : null}
        <FieldPair>
          <Form.Item label="First Name" name="first_name" required rules={[zodRule(fields.first_name)]}>
            <Input maxLength={255} autoComplete="off" />
          </Form.Item>
          <Form.Item label="Last Name" name="last_name" required rules={[zodRule(fields.last_name)]}>
            <Input maxLength={255} autoComplete="off" />
          </Form.Item>
        </FieldPair>
        <FieldPair>
          <Form.Item label="Email" name="email" required rules={[zodRule(fields.email)]}>
            <Input inputMode="email" maxLength={255} autoComplete="off" onBlur={() => void checkEmail()} />
          </Form.Item>
          <Form.Item label="Mobile" name="mobile" rules={[zodRule(fields.mobile)]}>
            <Input inputMode="tel" maxLength={30} autoComplete="off" />
          </Form.Item>
        </FieldPair>
        {!editing ? (
          <>
            <Form.Item label="Password" name="password" required rules={[zodRule(fields.password)]}>
              <Input.Password maxLength={200} autoComplete="new-password" />
            </Form.Item>
            <Form.Item noStyle dependencies={['password']}>
              {({ getFieldValue }) => <PasswordStrengthMeter password={getFieldValue('password') ?? ''} />}
            </Form.Item>
          </>
        ) : null}

        <FormSection title="Company">
          {superUser ? null : (
            <Form.Item
              label="Client"
              name="client_id"
              extra={
                clientId
                  ? undefined
                  : 'Pick the user’s client. Or type the name of an existing client below, or tick “Create a new client” to add one.'
              }
            >
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={organizationId === null ? messages.selectOrganization : 'Select a client'}
                disabled={organizationId === null}
                loading={clients.isFetching}
                options={clientOptions}
              />
            </Form.Item>
          )}
          {clientId && !superUser ? null : (
            <Form.Item
              label="Company Name"
              name="company_name"
              required={!editing}
              rules={[
                { required: !editing, whitespace: true, message: messages.fieldRequired },
                zodRule(fields.company_name),
              ]}
            >
              <Input maxLength={255} />
            </Form.Item>
          )}
          {clientId || superUser ? null : (
            <Form.Item name="new_client" valuePropName="checked">
              <Checkbox>Create a new client of this name</Checkbox>
            </Form.Item>
          )}
          <FieldPair>
            <Form.Item label="Company Email" name="company_email" rules={[zodRule(fields.company_email)]}>
              <Input inputMode="email" maxLength={255} />
            </Form.Item>
            <Form.Item label="Company Phone" name="company_phone" rules={[zodRule(fields.company_phone)]}>
              <Input inputMode="tel" maxLength={30} />
            </Form.Item>
          </FieldPair>
        </FormSection>

        <FormSection title="Address">
          <Form.Item label="Street" name="street" rules={[zodRule(fields.street)]}>
            <Input maxLength={100} />
          </Form.Item>
          <FieldPair>
            <Form.Item label="City" name="city" rules={[zodRule(fields.city)]}>
              <Input maxLength={255} />
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
              <Input maxLength={20} />
            </Form.Item>
          </FieldPair>
        </FormSection>

        {isSuper ? (
          <Form.Item name="exclude_from_reporting" valuePropName="checked">
            <Checkbox>Exclude from reporting</Checkbox>
          </Form.Item>
        ) : null}

        {editing && record.data ? (
          <Form.Item>
            <Button htmlType="button" icon={<KeyOutlined />} onClick={() => setChangingPassword(true)}>
              Change password
            </Button>
          </Form.Item>
        ) : null}
      </RecordPage>
      {changingPassword && id !== null ? (
        <ChangePasswordDialog userId={id} own={self} onClose={() => setChangingPassword(false)} />
      ) : null}
    </>
  )
}
