import { type Country, type CountryInput, countrySchema } from '@spaceboard/domain'
import { Form, Input } from 'antd'
import { useRecord, useRecordMutations } from '../../platform/crud.ts'
import { zodRule } from '../../platform/form-kit.ts'
import { RecordDialog } from '../../platform/record-dialog.tsx'

export const COUNTRY_ENDPOINT = '/api/country'

const fields = countrySchema.shape

/** Add Country / Edit Country: Country Name and Abbreviation. */
export function CountryDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const record = useRecord<Country>(COUNTRY_ENDPOINT, id)
  const { create, update } = useRecordMutations<CountryInput, Country>(COUNTRY_ENDPOINT)
  const editing = id !== null
  return (
    <RecordDialog<CountryInput>
      title={editing ? 'Edit Country' : 'Add Country'}
      saveText={editing ? 'Save changes' : 'Save'}
      values={record.data ? { name: record.data.name, code: record.data.code } : undefined}
      loading={editing && record.isPending}
      onSave={(input) => (editing ? update(id, input) : create(input))}
      onClose={onClose}
    >
      <Form.Item label="Country Name" name="name" required rules={[zodRule(fields.name)]}>
        <Input maxLength={50} autoFocus />
      </Form.Item>
      <Form.Item label="Abbreviation" name="code" required rules={[zodRule(fields.code)]}>
        <Input maxLength={3} />
      </Form.Item>
    </RecordDialog>
  )
}
