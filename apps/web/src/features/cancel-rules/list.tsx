import { PlusOutlined } from '@ant-design/icons'
import { can, type cancelRuleOrderKeys } from '@spaceboard/domain'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button } from 'antd'
import { useRecordMutations } from '../../platform/crud.ts'
import { useFormatDate } from '../../platform/format.ts'
import { type ListColumn, ListPage, useListPage } from '../../platform/list-page.tsx'
import { RowActions } from '../../platform/row-actions.tsx'
import { useProfile } from '../../platform/session.ts'

export const CANCEL_RULE_ENDPOINT = '/api/rule'

type CancelRuleOrder = (typeof cancelRuleOrderKeys)[number]

/** A row of GET /api/rule (and GET /api/rule/{id}). */
export interface CancelRule {
  id: number
  organization_id: number
  organizationName: string
  min_day: number
  max_day: number
  max_attendee: number
  refund_percent: number
  updated_at: string
}

const route = getRouteApi('/_signed-in/admin/cancel-rule/list')

/**
 * Cancellation Rules (/admin/cancel-rule/list): the refund for a cancellation so many days ahead,
 * up to so many attendees. Edit, and Delete after a confirmation (disabled for csr).
 */
export function CancelRuleList() {
  const profile = useProfile()
  const search = route.useSearch()
  const navigate = useNavigate()
  const formatDate = useFormatDate()
  const list = useListPage<CancelRule, CancelRuleOrder>({
    endpoint: CANCEL_RULE_ENDPOINT,
    search,
    onSearchChange: (next) => void navigate({ to: '/admin/cancel-rule/list', search: next }),
  })
  const { remove } = useRecordMutations<unknown, CancelRule>(CANCEL_RULE_ENDPOINT)
  const canDelete = can(profile.type, 'cancel-rules.delete')

  const columns: ListColumn<CancelRule, CancelRuleOrder>[] = []
  if (profile.type === 'super') columns.push({ title: 'Organization', dataIndex: 'organizationName' })
  columns.push(
    { title: 'Min Day', dataIndex: 'min_day', sortKey: 'min_day', align: 'right' },
    { title: 'Max Day', dataIndex: 'max_day', sortKey: 'max_day', align: 'right' },
    { title: 'Max Attendee', dataIndex: 'max_attendee', sortKey: 'max_attendee', align: 'right' },
    {
      title: 'Refund Percent',
      dataIndex: 'refund_percent',
      sortKey: 'refund_percent',
      align: 'right',
      render: (value: number) => `${value}%`,
    },
    {
      title: 'Updated At',
      dataIndex: 'updated_at',
      sortKey: 'updated_at',
      render: (value: string) => formatDate(value),
    },
    {
      title: 'Action',
      key: 'action',
      width: 120,
      render: (_: unknown, rule: CancelRule) => (
        <RowActions
          actions={[
            {
              key: 'edit',
              label: 'Edit',
              onClick: () =>
                void navigate({ to: '/admin/cancel-rule/edit/$id', params: { id: String(rule.id) } }),
            },
            {
              key: 'delete',
              label: 'Delete',
              danger: true,
              disabled: !canDelete,
              onClick: () => void remove(rule.id),
            },
          ]}
        />
      ),
    },
  )

  return (
    <ListPage<CancelRule, CancelRuleOrder>
      title="Cancellation Rules"
      list={list}
      columns={columns}
      actions={
        can(profile.type, 'cancel-rules.write') ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate({ to: '/admin/cancel-rule/add' })}
          >
            Add Cancellation Rule
          </Button>
        ) : null
      }
    />
  )
}
