import { PlusOutlined } from '@ant-design/icons'
import { type amenityOrderKeys, can } from '@spaceboard/domain'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button, Image, Typography } from 'antd'
import { useRecordMutations } from '../../platform/crud.ts'
import { type ListColumn, ListPage, useListPage } from '../../platform/list-page.tsx'
import { RowActions } from '../../platform/row-actions.tsx'
import { useProfile } from '../../platform/session.ts'
import type { Amenity } from '../organizations/api.ts'

export const AMENITY_ENDPOINT = '/api/amenity'

type AmenityOrder = (typeof amenityOrderKeys)[number]
/** A row of GET /api/amenity. */
export type AmenityRow = Amenity & { updated_at: string }

const route = getRouteApi('/_signed-in/admin/amenities/list')

/**
 * Amenities (/admin/amenities/list), the platform's catalogue kept by super: Facility name, Icon
 * (a click opens its preview), Category; Edit Amenity, and Delete Amenity after a confirmation.
 */
export function AmenityList() {
  const search = route.useSearch()
  const navigate = useNavigate()
  const list = useListPage<AmenityRow, AmenityOrder>({
    endpoint: AMENITY_ENDPOINT,
    search,
    onSearchChange: (next) => void navigate({ to: '/admin/amenities/list', search: next }),
  })
  const { remove } = useRecordMutations<unknown, AmenityRow>(AMENITY_ENDPOINT)
  // Admin and csr read the catalogue; only super adds, edits and deletes.
  const mayWrite = can(useProfile().type, 'amenities.write')

  const columns: ListColumn<AmenityRow, AmenityOrder>[] = [
    { title: 'Facility name', dataIndex: 'name', sortKey: 'name' },
    {
      title: 'Icon',
      dataIndex: 'icon',
      width: 96,
      render: (icon: string | null, amenity: AmenityRow) =>
        icon ? (
          <Image
            src={icon}
            alt={`${amenity.name} icon`}
            width={40}
            height={40}
            style={{ objectFit: 'contain' }}
          />
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    { title: 'Category', dataIndex: 'category', sortKey: 'category' },
  ]
  if (mayWrite)
    columns.push({
      title: 'Action',
      key: 'action',
      width: 120,
      render: (_: unknown, amenity: AmenityRow) => (
        <RowActions
          actions={[
            {
              key: 'edit',
              label: 'Edit Amenity',
              onClick: () =>
                void navigate({ to: '/admin/amenities/edit/$id', params: { id: String(amenity.id) } }),
            },
            {
              key: 'delete',
              label: 'Delete Amenity',
              danger: true,
              onClick: () => void remove(amenity.id),
            },
          ]}
        />
      ),
    })

  return (
    <ListPage<AmenityRow, AmenityOrder>
      title="Amenities"
      list={list}
      columns={columns}
      actions={
        mayWrite ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate({ to: '/admin/amenities/add' })}
          >
            Add Amenity
          </Button>
        ) : null
      }
    />
  )
}
