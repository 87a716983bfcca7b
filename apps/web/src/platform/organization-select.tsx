import { messages } from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import { Form, Select } from 'antd'
import { api } from './api-client.ts'

export interface OrganizationOption {
  id: number
  name: string
  /** The organization's currency: its amounts are shown with this currency's symbol. */
  currency_code: string
}

/** Active organizations a super user may pick (GET /api/organization/options), keyed under the organizations. */
export function useOrganizationOptions(enabled = true) {
  return useQuery({
    queryKey: ['/api/organization', 'options'],
    queryFn: ({ signal }) => api<OrganizationOption[]>('/api/organization/options', { signal }),
    enabled,
    staleTime: 60_000,
  })
}

/**
 * The currency of an organization (issue 15: amounts show the organization's currency everywhere),
 * from the organization options every staff member may read; null until known.
 */
export function useOrganizationCurrency(organizationId: number | null | undefined): string | null {
  const options = useOrganizationOptions(Boolean(organizationId))
  return options.data?.find((o) => o.id === organizationId)?.currency_code ?? null
}

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
