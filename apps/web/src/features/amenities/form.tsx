import { type AmenityInput, amenityCategories, amenitySchema } from '@spaceboard/domain'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Form, Input, Select } from 'antd'
import { useRecord, useRecordMutations } from '../../platform/crud.ts'
import { zodRule } from '../../platform/form-kit.ts'
import { ImageUpload, singleImageField } from '../../platform/image-upload.tsx'
import { NotFound } from '../../platform/not-found.tsx'
import { RecordPage, recordIdOf } from '../../platform/record-page.tsx'
import { AMENITY_ENDPOINT, type AmenityRow } from './list.tsx'

const fields = amenitySchema.shape
const editRoute = getRouteApi('/_signed-in/admin/amenities/edit/$id')

/** Add Amenity (/admin/amenities/add). */
export function AddAmenity() {
  return <AmenityForm id={null} />
}

/** Edit Amenity (/admin/amenities/edit/{id}). */
export function EditAmenity() {
  const id = recordIdOf(editRoute.useParams().id)
  return id === null ? <NotFound /> : <AmenityForm id={id} />
}

/** The shared amenity form: name, category and an icon (png/jpg/jpeg under 1MB); back to the list after saving. */
function AmenityForm({ id }: { id: number | null }) {
  const navigate = useNavigate()
  const [form] = Form.useForm<AmenityInput>()
  const record = useRecord<AmenityRow>(AMENITY_ENDPOINT, id)
  const { create, update } = useRecordMutations<AmenityInput, AmenityRow>(AMENITY_ENDPOINT)
  const editing = id !== null
  return (
    <RecordPage<AmenityInput>
      title={editing ? 'Edit Amenity' : 'Add Amenity'}
      form={form}
      values={
        record.data
          ? {
              name: record.data.name,
              category: record.data.category as AmenityInput['category'],
              image: record.data.icon ?? '',
            }
          : undefined
      }
      loading={editing && record.isPending}
      loadError={record.error}
      onSave={(input) => (editing ? update(id, input) : create(input))}
      onDone={() => void navigate({ to: '/admin/amenities/list', search: {} })}
    >
      <Form.Item label="Facility name" name="name" required rules={[zodRule(fields.name)]}>
        <Input maxLength={255} autoFocus />
      </Form.Item>
      <Form.Item label="Category" name="category" required rules={[zodRule(fields.category)]}>
        <Select
          placeholder="Select a category"
          options={amenityCategories.map((category) => ({ value: category, label: category }))}
        />
      </Form.Item>
      <Form.Item
        label="Icon"
        name="image"
        required
        rules={[zodRule(fields.image)]}
        extra="png, jpg or jpeg, up to 1MB."
        {...singleImageField}
      >
        <ImageUpload endpoint={`${AMENITY_ENDPOINT}/icon`} alt="Icon" />
      </Form.Item>
    </RecordPage>
  )
}
