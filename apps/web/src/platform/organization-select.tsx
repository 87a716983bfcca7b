import { messages } from '@spaceboard/domain'
import { Form, Select } from 'antd'
import { useOrganizationOptions } from './organization-options.ts'

// The options and the currency are plain queries (organization-options.ts), apart from the form
// field, so that a list's filters do not bring antd's Form with them.
export {
  type OrganizationOption,
  useOrganizationCurrency,
  useOrganizationOptions,
} from './organization-options.ts'

/**
 * The Organization select of a super user's form (spec 1 §6), field `organization_id`, required
 * with "Select an Organization" (or the form's own text). Render it only for super: the others
 * always act on their own. Disabled when the record's organization cannot change (editing).
 */
export function OrganizationField({
  disabled = false,
  message = messages.selectOrganization,
  onChange,
}: {
  disabled?: boolean
  /** The required message when the form's spec words it differently (spaces: "Please, select an Organization."). */
  message?: string
  /** Called after the person picks another organization (the form has the new value already). */
  onChange?: (organizationId: number) => void
}) {
  const options = useOrganizationOptions()
  return (
    <Form.Item label="Organization" name="organization_id" required rules={[{ required: true, message }]}>
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="Select an Organization"
        loading={options.isPending}
        disabled={disabled}
        onChange={(value: number) => onChange?.(value)}
        options={(options.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
      />
    </Form.Item>
  )
}
