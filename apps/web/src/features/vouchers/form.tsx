import {
  centsToDecimal,
  currencySymbol,
  dateDisplayFormat,
  toCents,
  type VoucherType,
  voucherSchema,
  voucherTypes,
} from '@spaceboard/domain'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Flex, Form, Input, Radio, Switch } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { DATE } from '../../platform/blackout-periods.tsx'
import { useRecord, useRecordMutations } from '../../platform/crud.ts'
import { DatePicker } from '../../platform/date-picker.tsx'
import { crossFieldRule, schemaErrors } from '../../platform/form-kit.ts'
import { MoneyInput } from '../../platform/money-input.tsx'
import { NotFound } from '../../platform/not-found.tsx'
import { OrganizationField, useOrganizationCurrency } from '../../platform/organization-select.tsx'
import { RecordPage, recordIdOf } from '../../platform/record-page.tsx'
import { useProfile } from '../../platform/session.ts'
import { VOUCHER_ENDPOINT, type Voucher } from './list.tsx'

const editRoute = getRouteApi('/_signed-in/admin/voucher/edit/$id')

/** The form's values: texts as typed, dates as dayjs for the DatePickers. */
interface VoucherValues {
  organization_id?: number | undefined
  code: string
  type: VoucherType
  value: string
  valid_from: Dayjs | null
  valid_to: Dayjs | null
  is_active: boolean
}

/** What POST and PUT /api/voucher take. */
interface VoucherPayload {
  organization_id?: number | null
  code: string
  type: VoucherType
  value: string
  valid_from: string
  valid_to: string
  is_active: boolean
}

const day = (value: Dayjs | null | undefined) => (value ? value.format(DATE) : '')

function payloadOf(values: VoucherValues): VoucherPayload {
  return {
    code: (values.code ?? '').trim(),
    type: values.type,
    value: String(values.value ?? '').trim(),
    valid_from: day(values.valid_from),
    valid_to: day(values.valid_to),
    is_active: values.is_active ?? true,
  }
}

const errorsOf = (values: VoucherValues) => schemaErrors(voucherSchema, { ...payloadOf(values) })
const rule = (key: keyof VoucherPayload) => crossFieldRule(errorsOf, key)

const newVoucher: VoucherValues = {
  code: '',
  type: 'percent',
  value: '',
  valid_from: null,
  valid_to: null,
  is_active: true,
}

/** Add Voucher (/admin/voucher/add). */
export function AddVoucher() {
  return <VoucherForm id={null} />
}

/** Edit Voucher (/admin/voucher/edit/{id}). */
export function EditVoucher() {
  const id = recordIdOf(editRoute.useParams().id)
  return id === null ? <NotFound /> : <VoucherForm id={id} />
}

/**
 * A voucher's code (unique in its organization), a percent or fixed value, the days it is valid
 * and whether it is active. Super picks the organization when adding.
 */
function VoucherForm({ id }: { id: number | null }) {
  const profile = useProfile()
  const navigate = useNavigate()
  const [form] = Form.useForm<VoucherValues>()
  const record = useRecord<Voucher>(VOUCHER_ENDPOINT, id)
  const { create, update } = useRecordMutations<VoucherPayload, Voucher>(VOUCHER_ENDPOINT)
  const editing = id !== null
  const data = record.data
  const type = Form.useWatch('type', form)
  const chosenOrganization = Form.useWatch('organization_id', form) as number | undefined
  const currency = useOrganizationCurrency(
    editing ? data?.organization_id : (chosenOrganization ?? profile.organization_id),
  )
  const dateFormat = dateDisplayFormat(profile.time_format)
  return (
    <RecordPage<VoucherValues>
      title={editing ? 'Edit Voucher' : 'Add Voucher'}
      form={form}
      values={
        editing
          ? data
            ? {
                organization_id: data.organization_id,
                code: data.code,
                type: data.type,
                value: centsToDecimal(toCents(data.value)),
                valid_from: dayjs(data.valid_from, DATE),
                valid_to: dayjs(data.valid_to, DATE),
                is_active: data.is_active,
              }
            : undefined
          : newVoucher
      }
      loading={editing && record.isPending}
      loadError={record.error}
      onSave={(values) => {
        const payload = payloadOf(values)
        // The organization is chosen when adding only (the API keeps a voucher's own).
        if (profile.type === 'super' && !editing) payload.organization_id = values.organization_id ?? null
        return editing ? update(id, payload) : create(payload)
      }}
      onDone={() => void navigate({ to: '/admin/voucher/list', search: {} })}
    >
      {profile.type === 'super' ? <OrganizationField disabled={editing} /> : null}
      <Form.Item
        label="Code"
        name="code"
        required
        rules={[rule('code')]}
        normalize={(value: string) => value.toUpperCase()}
        extra="Capital letters, numbers and dashes, e.g. WELCOME10."
      >
        <Input maxLength={30} autoFocus autoComplete="off" />
      </Form.Item>
      <Form.Item label="Type" name="type" required rules={[rule('type')]}>
        <Radio.Group options={voucherTypes.map((t) => ({ value: t.value, label: t.label }))} />
      </Form.Item>
      <Form.Item label="Value" name="value" required dependencies={['type']} rules={[rule('value')]}>
        {/* An empty suffix keeps the input's DOM (and what is typed) when the type changes. */}
        {/* A fixed value is an amount in the organization's currency (issue 15). */}
        <MoneyInput
          suffix={type === 'percent' ? '%' : <span />}
          prefix={type === 'fixed' && currency ? currencySymbol(currency).trim() : <span />}
        />
      </Form.Item>
      <Flex
        gap={16}
        wrap
        // Enter confirms a typed date; it must not also submit (and leave) the whole form.
        onKeyDown={(event) => {
          if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault()
        }}
      >
        <Form.Item
          label="Valid From"
          name="valid_from"
          required
          rules={[rule('valid_from')]}
          style={{ flex: 1, minWidth: 200 }}
        >
          <DatePicker format={dateFormat} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          label="Valid To"
          name="valid_to"
          required
          dependencies={['valid_from']}
          rules={[rule('valid_to')]}
          style={{ flex: 1, minWidth: 200 }}
        >
          <DatePicker format={dateFormat} style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      <Form.Item label="Active" name="is_active" valuePropName="checked">
        <Switch />
      </Form.Item>
    </RecordPage>
  )
}
