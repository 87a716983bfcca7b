import { PlusOutlined } from '@ant-design/icons'
import {
  can,
  emailTemplateTypeLabel,
  type Workflow,
  type WorkflowOrder,
  workflowEventVariables,
  workflowMessages,
  workflowTimeLabel,
} from '@spaceboard/domain'
import { useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button } from 'antd'
import { api } from '../../platform/api-client.ts'
import { useConfirm, useToast } from '../../platform/feedback.ts'
import { useFormatDateTime } from '../../platform/format.ts'
import { type ListColumn, ListPage, useListPage } from '../../platform/list-page.tsx'
import { RowActions } from '../../platform/row-actions.tsx'
import { useProfile } from '../../platform/session.ts'

export const WORKFLOW_ENDPOINT = '/api/workflow'

const route = getRouteApi('/_signed-in/admin/workflow/list')

const eventLabels = Object.fromEntries(workflowEventVariables.map((e) => [e.value, e.label]))

/**
 * Workflows (spec 3 §2): organization (super), name, location ("All Locations" when none), space
 * ("All Spaces"), action type, template, time, event type, created at; Edit and Delete.
 */
export function WorkflowList() {
  const profile = useProfile()
  const search = route.useSearch()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const toast = useToast()
  const confirm = useConfirm()
  const list = useListPage<Workflow, WorkflowOrder>({
    endpoint: WORKFLOW_ENDPOINT,
    search,
    pagerThreshold: 0,
    onSearchChange: (next) => void navigate({ to: '/admin/workflow/list', search: next }),
  })
  const canWrite = can(profile.type, 'workflows.write')
  const formatDateTime = useFormatDateTime()

  const remove = async (workflow: Workflow) => {
    if (!(await confirm({ content: workflowMessages.confirmDelete, danger: true }))) return
    try {
      await api(`${WORKFLOW_ENDPOINT}/${workflow.id}`, { method: 'DELETE' })
      toast.success(workflowMessages.deleted)
    } catch {
      toast.error(workflowMessages.deleteFailed)
    }
    await queryClient.invalidateQueries({ queryKey: [WORKFLOW_ENDPOINT] })
  }

  const columns: ListColumn<Workflow, WorkflowOrder>[] = []
  if (profile.type === 'super')
    columns.push({ title: 'Organization', dataIndex: 'organizationName', sortKey: 'organizationName' })
  columns.push(
    { title: 'Workflow Name', dataIndex: 'name', sortKey: 'name' },
    {
      title: 'Location/Center',
      dataIndex: 'locationName',
      sortKey: 'locationName',
      render: (name: string | null) => name ?? 'All Locations',
    },
    {
      title: 'Space/Room',
      dataIndex: 'spaceName',
      sortKey: 'spaceName',
      render: (name: string | null) => name ?? 'All Spaces',
    },
    { title: 'Action Type', dataIndex: 'action_type', sortKey: 'action_type' },
    {
      title: 'Email Template',
      dataIndex: 'emailTemplateType',
      sortKey: 'emailTemplateType',
      render: (type: string) => emailTemplateTypeLabel(type),
    },
    {
      title: 'Time',
      key: 'time',
      render: (_: unknown, w: Workflow) => workflowTimeLabel(w.time_value, w.time_unit, w.direction),
    },
    {
      title: 'Event Type',
      dataIndex: 'event_variable',
      sortKey: 'event_variable',
      render: (value: string) => eventLabels[value] ?? value,
    },
    {
      title: 'Created At',
      dataIndex: 'created_at',
      sortKey: 'created_at',
      render: (value: string) => formatDateTime(value),
    },
  )
  if (canWrite)
    columns.push({
      title: 'Action',
      key: 'action',
      width: 120,
      render: (_: unknown, workflow: Workflow) => (
        <RowActions
          actions={[
            {
              key: 'edit',
              label: 'Edit Workflow',
              onClick: () =>
                void navigate({ to: '/admin/workflow/edit/$id', params: { id: String(workflow.id) } }),
            },
            {
              key: 'delete',
              label: 'Delete Workflow',
              danger: true,
              onClick: () => void remove(workflow),
            },
          ]}
        />
      ),
    })

  return (
    <ListPage<Workflow, WorkflowOrder>
      title="Workflows"
      list={list}
      columns={columns}
      actions={
        canWrite ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate({ to: '/admin/workflow/add' })}
          >
            Add Workflow
          </Button>
        ) : null
      }
    />
  )
}
