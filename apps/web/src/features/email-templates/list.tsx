import { PlusOutlined } from '@ant-design/icons'
import {
  can,
  type EmailTemplateListRow,
  type EmailTemplateOrder,
  emailTemplatesEnabled,
  emailTemplateTypeLabel,
  messages,
  usesOwnEmailTemplates,
  workflowMessages,
} from '@spaceboard/domain'
import { useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Alert, App, Button } from 'antd'
import { api } from '../../platform/api-client.ts'
import { useConfirmDelete, useToast } from '../../platform/feedback.ts'
import { useFormatDateTime } from '../../platform/format.ts'
import { type ListColumn, ListPage, useListPage } from '../../platform/list-page.tsx'
import { RowActions } from '../../platform/row-actions.tsx'
import { useProfile } from '../../platform/session.ts'
import { EMAIL_TEMPLATE_ENDPOINT, useEmailTemplateFlags } from './api.ts'
import { NeedSupport } from './help.tsx'

const route = getRouteApi('/_signed-in/admin/email-template/list')

/**
 * Email Templates (spec 3 §2): template type (its label), organization (super), created at,
 * updated at; search, sort, 20 a page with the pager whenever there is a row. csr has no Add button.
 */
export function EmailTemplateList() {
  const profile = useProfile()
  const search = route.useSearch()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const toast = useToast()
  const confirmDelete = useConfirmDelete()
  const { modal } = App.useApp()
  const isSuper = profile.type === 'super'
  const flags = useEmailTemplateFlags(isSuper ? null : profile.organization_id)
  const list = useListPage<EmailTemplateListRow, EmailTemplateOrder>({
    endpoint: EMAIL_TEMPLATE_ENDPOINT,
    search,
    pagerThreshold: 0,
    onSearchChange: (next) => void navigate({ to: '/admin/email-template/list', search: next }),
  })
  const at = useFormatDateTime()

  // The organization's plan decides whether it keeps templates; super adds for any organization.
  const enabled = isSuper || (flags.data ? emailTemplatesEnabled(flags.data) : true)
  const canAdd = can(profile.type, 'email-templates.create') && enabled

  const remove = async (template: EmailTemplateListRow) => {
    if (!(await confirmDelete())) return
    try {
      // Workflows that send the template keep it: the dialog names them and nothing is deleted (spec 3 §4).
      const usage = await api<{ isUsed: boolean; workflowNames: string[] }>(
        `${EMAIL_TEMPLATE_ENDPOINT}/check-workflow-usage/${template.id}`,
      )
      if (usage.isUsed) {
        modal.error({
          title: workflowMessages.cannotDeleteTemplateTitle,
          content: workflowMessages.cannotDeleteTemplate(usage.workflowNames),
        })
        return
      }
      await api(`${EMAIL_TEMPLATE_ENDPOINT}/${template.id}`, { method: 'DELETE' })
      toast.success(messages.recordDeleted)
    } catch {
      toast.error(messages.emailTemplateDeleteFailed)
    }
    await queryClient.invalidateQueries({ queryKey: [EMAIL_TEMPLATE_ENDPOINT] })
  }

  const columns: ListColumn<EmailTemplateListRow, EmailTemplateOrder>[] = [
    {
      title: 'Template Type',
      dataIndex: 'template_type',
      sortKey: 'template_type',
      render: (type: string) => emailTemplateTypeLabel(type),
    },
  ]
  if (isSuper)
    columns.push({ title: 'Organization', dataIndex: 'organizationName', sortKey: 'organizationName' })
  columns.push(
    { title: 'Created At', dataIndex: 'created_at', sortKey: 'created_at', render: at },
    { title: 'Updated At', dataIndex: 'updated_at', sortKey: 'updated_at', render: at },
    {
      title: 'Action',
      key: 'action',
      width: 120,
      render: (_: unknown, template: EmailTemplateListRow) => (
        <RowActions
          actions={[
            {
              key: 'edit',
              label: 'Edit',
              onClick: () =>
                void navigate({ to: '/admin/email-template/edit/$id', params: { id: String(template.id) } }),
            },
            {
              key: 'delete',
              label: 'Delete',
              danger: true,
              disabled: !can(profile.type, 'email-templates.delete'),
              onClick: () => void remove(template),
            },
          ]}
        />
      ),
    },
  )

  let notice: string | null = null
  if (!enabled) notice = messages.emailTemplatesOff
  else if (!isSuper && flags.data && !usesOwnEmailTemplates(flags.data))
    notice = messages.ownEmailTemplatesNotUsed

  return (
    <ListPage<EmailTemplateListRow, EmailTemplateOrder>
      title="Email Templates"
      list={list}
      columns={columns}
      toolbar={notice ? <Alert type="info" showIcon title={notice} /> : null}
      actions={
        <>
          <NeedSupport />
          {canAdd ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate({ to: '/admin/email-template/add' })}
            >
              Add Email Template
            </Button>
          ) : null}
        </>
      }
    />
  )
}
