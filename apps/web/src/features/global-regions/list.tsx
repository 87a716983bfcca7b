import { PlusOutlined } from '@ant-design/icons'
import { can, type GlobalRegion, type globalRegionOrderKeys } from '@spaceboard/domain'
import { getRouteApi } from '@tanstack/react-router'
import { Button } from 'antd'
import { useState } from 'react'
import { useRecordMutations } from '../../platform/crud.ts'
import { useFormatDate } from '../../platform/format.ts'
import { type ListColumn, ListPage, type ListSearch, useListPage } from '../../platform/list-page.tsx'
import { RowActions } from '../../platform/row-actions.tsx'
import { useProfile } from '../../platform/session.ts'
import { GLOBAL_REGION_ENDPOINT, GlobalRegionDialog } from './form.tsx'

export type GlobalRegionOrder = (typeof globalRegionOrderKeys)[number]

const route = getRouteApi('/_signed-in/admin/global-region/list')

/** The Global Regions page (/admin/global-region/list): the list's search lives in the URL. */
export function GlobalRegionList() {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  return <GlobalRegionTable search={search} onSearchChange={(next) => void navigate({ search: next })} />
}

export interface GlobalRegionTableProps {
  search: ListSearch<GlobalRegionOrder>
  onSearchChange: (next: ListSearch<GlobalRegionOrder>) => void
}

/**
 * Global Regions: Name, Code, Updated at; default regions have their action menu disabled. Shown on
 * its own page and below the regions list (spec 1 §2), each place keeping its search its own way.
 */
export function GlobalRegionTable({ search, onSearchChange }: GlobalRegionTableProps) {
  const formatDate = useFormatDate()
  const profile = useProfile()
  const list = useListPage<GlobalRegion, GlobalRegionOrder>({
    endpoint: GLOBAL_REGION_ENDPOINT,
    search,
    onSearchChange,
  })
  const { remove } = useRecordMutations<unknown, GlobalRegion>(GLOBAL_REGION_ENDPOINT)
  const [dialog, setDialog] = useState<{ id: number | null } | null>(null)
  const canWrite = can(profile.type, 'global-regions.write')

  const columns: ListColumn<GlobalRegion, GlobalRegionOrder>[] = [
    { title: 'Name', dataIndex: 'name', sortKey: 'name' },
    { title: 'Code', dataIndex: 'code', sortKey: 'code' },
    {
      title: 'Updated at',
      dataIndex: 'updated_at',
      sortKey: 'updated_at',
      render: (value: string) => formatDate(value),
    },
  ]
  if (canWrite) {
    columns.push({
      title: 'Action',
      key: 'action',
      width: 120,
      render: (_: unknown, region: GlobalRegion) => (
        <RowActions
          disabled={region.is_default}
          actions={[
            { key: 'edit', label: 'Edit', onClick: () => setDialog({ id: region.id }) },
            { key: 'delete', label: 'Delete', danger: true, onClick: () => void remove(region.id) },
          ]}
        />
      ),
    })
  }

  return (
    <>
      <ListPage<GlobalRegion, GlobalRegionOrder>
        title="Global Regions"
        list={list}
        columns={columns}
        actions={
          canWrite ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ id: null })}>
              Add Global Region
            </Button>
          ) : null
        }
      />
      {dialog ? <GlobalRegionDialog id={dialog.id} onClose={() => setDialog(null)} /> : null}
    </>
  )
}
