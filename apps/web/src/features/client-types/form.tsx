import {
  type ClientType,
  type ClientTypeInput,
  can,
  clientTypeSchema,
  messages,
  permissionRefusal,
} from '@spaceboard/domain'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Form, Input } from 'antd'
import { useRecord, useRecordMutations } from '../../platform/crud.ts'
import { zodRule } from '../../platform/form-kit.ts'
import { NotFound } from '../../platform/not-found.tsx'
import { OrganizationField } from '../../platform/organization-select.tsx'
import { RecordPage, recordIdOf } from '../../platform/record-page.tsx'
import { useProfile } from '../../platform/session.ts'

export const CLIENT_TYPE_ENDPOINT = '/api/client-types'
/** The spec's delete call sends the id in the query string. */
export const clientTypeDeletePath = (id: number) => `${CLIENT_TYPE_ENDPOINT}?id=${id}`

const fields = clientTypeSchema.shape
const editRoute = getRouteApi('/_signed-in/admin/client-types/edit/$id')

/** Add Client Type (/admin/client-types/add). */
export function AddClientType() {
  return <ClientTypeForm id={null} />
}

/** Edit Client Type (/admin/client-types/edit/{id}). */
export function EditClientType() {
  const id = recordIdOf(editRoute.useParams().id)
  // Not a record id (`edit/abc`): not found, inside the shell.
  return id === null ? <NotFound /> : <ClientTypeForm id={id} />
}

/** Name, and for super the organization the type belongs to; after saving, back to the list. */
function ClientTypeForm({ id }: { id: number | null }) {
  const profile = useProfile()
  const navigate = useNavigate()
  const [form] = Form.useForm<ClientTypeInput>()
  const record = useRecord<ClientType>(CLIENT_TYPE_ENDPOINT, id)
  const { create, update } = useRecordMutations<ClientTypeInput, ClientType>(CLIENT_TYPE_ENDPOINT)
  const editing = id !== null
  const isSuper = profile.type === 'super'

  let locked: string | null = null
  if (!editing && !can(profile.type, 'client-types.create')) locked = permissionRefusal('client-types.create')
  if (record.data?.is_default) locked = messages.defaultClientTypeLocked

  return (
    <RecordPage<ClientTypeInput>
      title={editing ? 'Edit Client Type' : 'Add Client Type'}
      form={form}
      values={
        record.data
          ? { name: record.data.name, organization_id: record.data.organization_id ?? undefined }
          : undefined
      }
      loading={editing && record.isPending}
      loadError={record.error}
      locked={locked}
      onSave={(input) => (editing ? update(id, input) : create(input))}
      onDone={() => void navigate({ to: '/admin/client-types/list', search: {} })}
    >
      {isSuper && !record.data?.is_default ? <OrganizationField disabled={editing} /> : null}
      <Form.Item label="Name" name="name" required rules={[zodRule(fields.name)]}>
        <Input maxLength={255} autoFocus />
      </Form.Item>
    </RecordPage>
  )
}
