import { cancelRuleSchema } from '@spaceboard/domain'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Form, Input } from 'antd'
import { useRecord, useRecordMutations } from '../../platform/crud.ts'
import { crossFieldRule, schemaErrors } from '../../platform/form-kit.ts'
import { NotFound } from '../../platform/not-found.tsx'
import { OrganizationField } from '../../platform/organization-select.tsx'
import { RecordPage, recordIdOf } from '../../platform/record-page.tsx'
import { useProfile } from '../../platform/session.ts'
import { CANCEL_RULE_ENDPOINT, type CancelRule } from './list.tsx'

const editRoute = getRouteApi('/_signed-in/admin/cancel-rule/edit/$id')

/** The form's values: the inputs' texts (the schema reads digits from them). */
interface CancelRuleValues {
  organization_id?: number | undefined
  min_day: string
  max_day: string
  max_attendee: string
  refund_percent: string
}

/** Valid values for fields still wrong, so that "Invalid day range" shows meanwhile. */
const standIns = { max_attendee: 1, refund_percent: 0 }
const errorsOf = (values: CancelRuleValues) => schemaErrors(cancelRuleSchema, { ...values }, standIns)
const rule = (key: keyof CancelRuleValues) => crossFieldRule(errorsOf, key)

/** Add Cancellation Rule (/admin/cancel-rule/add). */
export function AddCancelRule() {
  return <CancelRuleForm id={null} />
}

/** Edit Cancellation Rule (/admin/cancel-rule/edit/{id}). */
export function EditCancelRule() {
  const id = recordIdOf(editRoute.useParams().id)
  return id === null ? <NotFound /> : <CancelRuleForm id={id} />
}

/**
 * Days before the booking (from, to), the most attendees and the refund percent. A rule whose days
 * overlap another's (or share a boundary) is refused: "The rule for these parameters already exist.".
 */
function CancelRuleForm({ id }: { id: number | null }) {
  const profile = useProfile()
  const navigate = useNavigate()
  const [form] = Form.useForm<CancelRuleValues>()
  const record = useRecord<CancelRule>(CANCEL_RULE_ENDPOINT, id)
  const { create, update } = useRecordMutations<CancelRuleValues, CancelRule>(CANCEL_RULE_ENDPOINT)
  const editing = id !== null
  const data = record.data
  return (
    <RecordPage<CancelRuleValues>
      title={editing ? 'Edit Cancellation Rule' : 'Add Cancellation Rule'}
      form={form}
      values={
        data
          ? {
              organization_id: data.organization_id,
              min_day: String(data.min_day),
              max_day: String(data.max_day),
              max_attendee: String(data.max_attendee),
              refund_percent: String(data.refund_percent),
            }
          : undefined
      }
      loading={editing && record.isPending}
      loadError={record.error}
      onSave={(values) => {
        // The organization is chosen when adding only (the API keeps a rule's own).
        const { organization_id, ...rest } = values
        const input = profile.type === 'super' && !editing ? { ...rest, organization_id } : rest
        return editing ? update(id, input) : create(input)
      }}
      onDone={() => void navigate({ to: '/admin/cancel-rule/list', search: {} })}
    >
      {profile.type === 'super' ? <OrganizationField disabled={editing} /> : null}
      <Form.Item label="Min Day" name="min_day" required rules={[rule('min_day')]}>
        <Input inputMode="numeric" maxLength={12} autoFocus />
      </Form.Item>
      <Form.Item label="Max Day" name="max_day" required dependencies={['min_day']} rules={[rule('max_day')]}>
        <Input inputMode="numeric" maxLength={12} />
      </Form.Item>
      <Form.Item label="Max Attendee" name="max_attendee" required rules={[rule('max_attendee')]}>
        <Input inputMode="numeric" maxLength={12} />
      </Form.Item>
      <Form.Item label="Refund Percent" name="refund_percent" required rules={[rule('refund_percent')]}>
        <Input inputMode="decimal" maxLength={6} suffix="%" />
      </Form.Item>
    </RecordPage>
  )
}
