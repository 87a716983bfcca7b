import { PlusOutlined } from '@ant-design/icons'
import { can, messages, type Region, type regionOrderKeys } from '@spaceboard/domain'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button, Divider, Flex, Tag } from 'antd'
import { useState } from 'react'
import { useRecordMutations } from '../../platform/crud.ts'
import { useFormatDate } from '../../platform/format.ts'
import { type ListColumn, ListPage, type ListSearch, useListPage } from '../../platform/list-page.tsx'
import { RowActions } from '../../platform/row-actions.tsx'
import { useProfile } from '../../platform/session.ts'
import { type GlobalRegionOrder, GlobalRegionTable } from '../global-regions/list.tsx'
import { REGION_ENDPOINT } from './form.tsx'

type RegionOrder = (typeof regionOrderKeys)[number]

const route = getRouteApi('/_signed-in/admin/region/list')

/** The spec's regions list call: "regions list with globalRegion 1". */
const listParams = { globalRegion: 1 }

/**
 * Regions (/admin/region/list): Name, Parent, Global Region, Updated at. Default regions have
 * their action menu disabled; csr sees Delete disabled. Below, the Global Regions list (spec 1 §2).
 */
export function RegionList() {
  const formatDate = useFormatDate()
  const profile = useProfile()
  const search = route.useSearch()
  const navigate = useNavigate()
  const list = useListPage<Region, RegionOrder>({
    endpoint: REGION_ENDPOINT,
    search,
    onSearchChange: (next) => void navigate({ to: '/admin/region/list', search: next }),
    params: listParams,
  })
  const { remove } = useRecordMutations<unknown, Region>(REGION_ENDPOINT, {
    confirmDeleteText: messages.confirmRegionDelete,
  })
  // The URL keeps the regions list's search; the global regions below keep theirs on the page.
  const [globalSearch, setGlobalSearch] = useState<ListSearch<GlobalRegionOrder>>({
    search: '',
    order: '',
    direct: 'asc',
    page: 1,
  })
  const canDelete = can(profile.type, 'regions.delete')

  const columns: ListColumn<Region, RegionOrder>[] = [
    {
      title: 'Name',
      dataIndex: 'name',
      sortKey: 'name',
      render: (name: string, region: Region) => (
        <Flex gap={8} align="center">
          {name}
          {region.is_default ? <Tag>Default</Tag> : null}
        </Flex>
      ),
    },
    {
      title: 'Parent',
      dataIndex: 'parent',
      sortKey: 'parent',
      render: (parent: string | null) => parent ?? '',
    },
    { title: 'Global Region', dataIndex: 'globalregion', sortKey: 'globalregion' },
  ]
  // Super sees every organization's regions: say whose each one is.
  if (profile.type === 'super') columns.push({ title: 'Organization', dataIndex: 'organizationName' })
  columns.push(
    {
      title: 'Updated at',
      dataIndex: 'updated_at',
      sortKey: 'updated_at',
      render: (value: string) => formatDate(value),
    },
    {
      title: 'Action',
      key: 'action',
      width: 120,
      render: (_: unknown, region: Region) => (
        <RowActions
          disabled={region.is_default}
          actions={[
            {
              key: 'edit',
              label: 'Edit',
              onClick: () =>
                void navigate({ to: '/admin/region/edit/$id', params: { id: String(region.id) } }),
            },
            {
              key: 'delete',
              label: 'Delete',
              danger: true,
              disabled: !canDelete,
              onClick: () => void remove(region.id),
            },
          ]}
        />
      ),
    },
  )

  return (
    <Flex vertical>
      <section aria-label="Regions">
        <ListPage<Region, RegionOrder>
          title="Regions"
          list={list}
          columns={columns}
          actions={
            can(profile.type, 'regions.create') ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => void navigate({ to: '/admin/region/add' })}
              >
                Add Region
              </Button>
            ) : null
          }
        />
      </section>
      <Divider />
      <section aria-label="Global Regions">
        <GlobalRegionTable search={globalSearch} onSearchChange={setGlobalSearch} />
      </section>
    </Flex>
  )
}
