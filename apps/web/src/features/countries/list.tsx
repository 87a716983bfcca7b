import { PlusOutlined } from '@ant-design/icons'
import { type Country, can, type countryOrderKeys } from '@spaceboard/domain'
import { getRouteApi } from '@tanstack/react-router'
import { Button } from 'antd'
import { useState } from 'react'
import { useRecordMutations } from '../../platform/crud.ts'
import { useFormatDate } from '../../platform/format.ts'
import { type ListColumn, ListPage, useListPage } from '../../platform/list-page.tsx'
import { RowActions } from '../../platform/row-actions.tsx'
import { useProfile } from '../../platform/session.ts'
import { COUNTRY_ENDPOINT, CountryDialog } from './form.tsx'

type CountryOrder = (typeof countryOrderKeys)[number]

const route = getRouteApi('/_signed-in/admin/country/list')

/** Countries: Name, Abbreviation, Updated at; super adds, edits and deletes, others read. */
export function CountryList() {
  const formatDate = useFormatDate()
  const profile = useProfile()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const list = useListPage<Country, CountryOrder>({
    endpoint: COUNTRY_ENDPOINT,
    search,
    onSearchChange: (next) => void navigate({ search: next }),
  })
  const { remove } = useRecordMutations<unknown, Country>(COUNTRY_ENDPOINT)
  const [dialog, setDialog] = useState<{ id: number | null } | null>(null)
  const canWrite = can(profile.type, 'countries.write')

  const columns: ListColumn<Country, CountryOrder>[] = [
    { title: 'Name', dataIndex: 'name', sortKey: 'name' },
    { title: 'Abbreviation', dataIndex: 'code', sortKey: 'code' },
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
      render: (_: unknown, country: Country) => (
        <RowActions
          actions={[
            { key: 'edit', label: 'Edit', onClick: () => setDialog({ id: country.id }) },
            { key: 'delete', label: 'Delete', danger: true, onClick: () => void remove(country.id) },
          ]}
        />
      ),
    })
  }

  return (
    <>
      <ListPage<Country, CountryOrder>
        title="Countries"
        list={list}
        columns={columns}
        actions={
          canWrite ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ id: null })}>
              Add Country
            </Button>
          ) : null
        }
      />
      {dialog ? <CountryDialog id={dialog.id} onClose={() => setDialog(null)} /> : null}
    </>
  )
}
