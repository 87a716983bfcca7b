import { type GlobalRegion, type GlobalRegionInput, globalRegionSchema } from '@spaceboard/domain'
import { Form, Input } from 'antd'
import { useRecord, useRecordMutations } from '../../platform/crud.ts'
import { zodRule } from '../../platform/form-kit.ts'
import { RecordDialog } from '../../platform/record-dialog.tsx'

export const GLOBAL_REGION_ENDPOINT = '/api/global-region'

const fields = globalRegionSchema.shape

/** Add Global Region / Edit Global Region: Name and Code. */
export function GlobalRegionDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const record = useRecord<GlobalRegion>(GLOBAL_REGION_ENDPOINT, id)
  const { create, update } = useRecordMutations<GlobalRegionInput, GlobalRegion>(GLOBAL_REGION_ENDPOINT)
  const editing = id !== null
  return (
    <RecordDialog<GlobalRegionInput>
      title={editing ? 'Edit Global Region' : 'Add Global Region'}
      saveText={editing ? 'Save changes' : 'Save'}
      values={record.data ? { name: record.data.name, code: record.data.code } : undefined}
      loading={editing && record.isPending}
      onSave={(input) => (editing ? update(id, input) : create(input))}
      onClose={onClose}
    >
      <Form.Item label="Name" name="name" required rules={[zodRule(fields.name)]}>
        <Input maxLength={255} autoFocus />
      </Form.Item>
      <Form.Item label="Code" name="code" required rules={[zodRule(fields.code)]}>
        <Input maxLength={50} />
      </Form.Item>
    </RecordDialog>
  )
}
