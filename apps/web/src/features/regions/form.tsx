import { type GlobalRegion, messages, type Region, regionSchema } from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Form, Input, Select } from 'antd'
import { api, queryString } from '../../platform/api-client.ts'
import { useRecord, useRecordMutations } from '../../platform/crud.ts'
import { zodRule } from '../../platform/form-kit.ts'
import { NotFound } from '../../platform/not-found.tsx'
import { OrganizationField } from '../../platform/organization-select.tsx'
import { RecordPage, recordIdOf } from '../../platform/record-page.tsx'
import { useProfile } from '../../platform/session.ts'
import { GLOBAL_REGION_ENDPOINT } from '../global-regions/form.tsx'

export const REGION_ENDPOINT = '/api/region'

/** What the form edits and sends: parent_id 0 is "None". */
interface RegionValues {
  name: string
  parent_id: number
  global_region_id: number | undefined
  organization_id?: number | undefined
}

const fields = regionSchema.shape
const editRoute = getRouteApi('/_signed-in/admin/region/edit/$id')

/** Add Region (/admin/region/add). */
export function AddRegion() {
  return <RegionForm id={null} />
}

/** Edit Region (/admin/region/edit/{id}). */
export function EditRegion() {
  const id = recordIdOf(editRoute.useParams().id)
  // Not a record id (`edit/abc`): not found, inside the shell.
  return id === null ? <NotFound /> : <RegionForm id={id} />
}

/**
 * The regions that may be the parent: the organization's, less the region being edited and its
 * descendants (the API leaves those out). Keyed under the regions, so a save refreshes them.
 */
function useParentOptions(organizationId: number | undefined, except: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [REGION_ENDPOINT, 'parents', organizationId ?? null, except],
    queryFn: ({ signal }) =>
      api<Region[]>(
        `${REGION_ENDPOINT}${queryString({ parents: 1, all: 1, except, organization_id: organizationId })}`,
        { signal },
      ),
    enabled,
  })
}

function useGlobalRegionOptions() {
  return useQuery({
    queryKey: [GLOBAL_REGION_ENDPOINT, 'options'],
    queryFn: ({ signal }) => api<GlobalRegion[]>(`${GLOBAL_REGION_ENDPOINT}?all=1`, { signal }),
  })
}

/** Name, Parent ("None" or a region), Global Region and, for super, the organization. */
function RegionForm({ id }: { id: number | null }) {
  const profile = useProfile()
  const navigate = useNavigate()
  const [form] = Form.useForm<RegionValues>()
  const record = useRecord<Region>(REGION_ENDPOINT, id)
  const { create, update } = useRecordMutations<RegionValues, Region>(REGION_ENDPOINT)
  const editing = id !== null
  const isSuper = profile.type === 'super'

  // Super picks the organization first; its regions are the parents on offer.
  const chosenOrganization = Form.useWatch('organization_id', form)
  const organizationId = isSuper ? (record.data?.organization_id ?? chosenOrganization) : undefined
  const parents = useParentOptions(
    organizationId,
    id,
    (!isSuper || organizationId !== undefined) && !record.error,
  )
  const globalRegions = useGlobalRegionOptions()

  const values: RegionValues | undefined = record.data
    ? {
        name: record.data.name,
        parent_id: record.data.parent_id,
        global_region_id: record.data.global_region_id,
        organization_id: record.data.organization_id,
      }
    : editing
      ? undefined
      : { name: '', parent_id: 0, global_region_id: undefined }

  return (
    <RecordPage<RegionValues>
      title={editing ? 'Edit Region' : 'Add Region'}
      form={form}
      values={values}
      loading={editing && record.isPending}
      loadError={record.error}
      locked={record.data?.is_default ? messages.defaultRegionLocked : null}
      onSave={(input) => (editing ? update(id, input) : create(input))}
      onDone={() => void navigate({ to: '/admin/region/list', search: {} })}
    >
      {isSuper ? (
        // Another organization has other regions: the chosen parent no longer applies.
        <OrganizationField disabled={editing} onChange={() => form.setFieldValue('parent_id', 0)} />
      ) : null}
      <Form.Item label="Name" name="name" required rules={[zodRule(fields.name)]}>
        <Input maxLength={255} autoFocus />
      </Form.Item>
      <Form.Item label="Parent" name="parent_id">
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={parents.isFetching}
          options={[
            { value: 0, label: 'None' },
            ...(parents.data ?? []).map((region) => ({ value: region.id, label: region.name })),
          ]}
        />
      </Form.Item>
      <Form.Item
        label="Global Region"
        name="global_region_id"
        required
        rules={[zodRule(fields.global_region_id)]}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Select a global region"
          loading={globalRegions.isPending}
          options={(globalRegions.data ?? []).map((region) => ({ value: region.id, label: region.name }))}
        />
      </Form.Item>
    </RecordPage>
  )
}
