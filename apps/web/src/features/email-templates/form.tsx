import { ArrowLeftOutlined } from '@ant-design/icons'
import {
  can,
  type EmailTemplate,
  type EmailTemplateInput,
  emailTemplateSchema,
  emailTemplatesEnabled,
  emailTemplateTypes,
  messages,
  permissionRefusal,
  subjectMergeTags,
} from '@spaceboard/domain'
import { useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import {
  Alert,
  Button,
  Collapse,
  type CollapseProps,
  Flex,
  Form,
  Input,
  type InputRef,
  Result,
  Select,
  Skeleton,
  Spin,
  Typography,
} from 'antd'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { ApiError, api } from '../../platform/api-client.ts'
import { useRecord } from '../../platform/crud.ts'
import { useToast } from '../../platform/feedback.ts'
import { applyServerErrors, type FieldPath, trimmed, zodRule } from '../../platform/form-kit.ts'
import { NotFound } from '../../platform/not-found.tsx'
import { OrganizationField } from '../../platform/organization-select.tsx'
import { recordIdOf } from '../../platform/record-page.tsx'
import { useProfile } from '../../platform/session.ts'
import { EMAIL_TEMPLATE_ENDPOINT, useEmailTemplateFlags, useExistingTemplateTypes } from './api.ts'
import { AttachmentUpload } from './attachment-upload.tsx'
import type { EmailEditorProps } from './editor.tsx'
import { emailHtml } from './email-html.ts'
import { MergeTagPicker } from './merge-tag-picker.tsx'
import { PreviewAndTest } from './preview.tsx'

// Quill is big: it loads with the form, in a chunk of its own, never with the list or the shell.
const EmailEditor = lazy(() => import('./editor.tsx'))

/** Form.Item gives its child value and onChange: the child must be the editor, not the Suspense around it. */
function LazyEmailEditor(props: EmailEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
      <EmailEditor {...props} />
    </Suspense>
  )
}

const fields = emailTemplateSchema.shape
const editRoute = getRouteApi('/_signed-in/admin/email-template/edit/$id')

interface FormValues {
  organization_id?: number
  template_type?: EmailTemplateInput['template_type']
  email_subject: string
  email_content: string
  attachment_file_title: string
  attachment_file: string[]
}

/** Add Email Template (/admin/email-template/add). */
export function AddEmailTemplate() {
  return <EmailTemplateForm id={null} />
}

/** Edit Email Template (/admin/email-template/edit/{id}). */
export function EditEmailTemplate() {
  const id = recordIdOf(editRoute.useParams().id)
  return id === null ? <NotFound /> : <EmailTemplateForm id={id} />
}

const panelOf: Record<string, string> = { attachment_file: 'attachment', attachment_file_title: 'attachment' }

/**
 * Panels Template Details (organization for super, type, subject, content) and Attachment (one
 * PDF). The organization cannot change when editing; the types the organization has already are
 * disabled. Saving goes back to the list.
 */
function EmailTemplateForm({ id }: { id: number | null }) {
  const profile = useProfile()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const toast = useToast()
  const [form] = Form.useForm<FormValues>()
  const record = useRecord<EmailTemplate>(EMAIL_TEMPLATE_ENDPOINT, id)
  const editing = id !== null
  const isSuper = profile.type === 'super'
  const [saving, setSaving] = useState(false)
  const [open, setOpen] = useState<string[]>(['details', 'attachment'])
  const subjectRef = useRef<InputRef>(null)

  const chosenOrganization = Form.useWatch('organization_id', form)
  const organizationId = editing
    ? (record.data?.organization_id ?? null)
    : isSuper
      ? (chosenOrganization ?? null)
      : profile.organization_id
  const existing = useExistingTemplateTypes(organizationId)
  const flags = useEmailTemplateFlags(organizationId)

  // The record fills the form once it has loaded.
  const filled = useRef(false)
  useEffect(() => {
    if (!record.data || filled.current) return
    filled.current = true
    form.setFieldsValue({
      organization_id: record.data.organization_id,
      template_type: record.data.template_type,
      email_subject: record.data.email_subject,
      email_content: record.data.email_content,
      attachment_file_title: record.data.attachment_file_title ?? '',
      attachment_file: record.data.attachment_file,
    })
  }, [form, record.data])

  // A type the newly chosen organization already has cannot stay chosen.
  const taken = new Set(
    (existing.data ?? []).filter((row) => row.id !== id).map((row) => row.template_type as string),
  )
  const chosenType = Form.useWatch('template_type', form)
  useEffect(() => {
    if (chosenType && taken.has(chosenType)) form.setFieldValue('template_type', undefined)
  })

  const list = () => void navigate({ to: '/admin/email-template/list', search: {} })

  let locked: string | null = null
  if (!editing && !can(profile.type, 'email-templates.create'))
    locked = permissionRefusal('email-templates.create')
  else if (flags.data && !emailTemplatesEnabled(flags.data)) locked = messages.emailTemplatesOff

  if (record.error) {
    const status = record.error instanceof ApiError ? record.error.status : 0
    return (
      <Result
        status={status === 404 ? '404' : 'error'}
        title={record.error.message}
        extra={
          <Button type="primary" onClick={list}>
            Back to the list
          </Button>
        }
      />
    )
  }

  const insertIntoSubject = (tag: string) => {
    const input = subjectRef.current?.input
    const current: string = form.getFieldValue('email_subject') ?? ''
    const start = input?.selectionStart ?? current.length
    const end = input?.selectionEnd ?? current.length
    form.setFieldValue('email_subject', current.slice(0, start) + tag + current.slice(end))
    void form.validateFields(['email_subject'])
    requestAnimationFrame(() => {
      input?.focus()
      input?.setSelectionRange(start + tag.length, start + tag.length)
    })
  }

  const submit = async (values: FormValues) => {
    const clean = trimmed(values)
    const payload = {
      ...(isSuper && !editing ? { organization_id: clean.organization_id ?? -1 } : {}),
      template_type: clean.template_type,
      email_subject: clean.email_subject,
      email_content: emailHtml(clean.email_content ?? ''),
      attachment_file_title: clean.attachment_file_title || null,
      attachment_file: clean.attachment_file ?? [],
    }
    setSaving(true)
    try {
      if (editing) await api(`${EMAIL_TEMPLATE_ENDPOINT}/${id}`, { method: 'PUT', body: payload })
      else await api(EMAIL_TEMPLATE_ENDPOINT, { method: 'POST', body: payload })
    } catch (error) {
      const opened = (paths: FieldPath[]) =>
        setOpen((keys) => [...new Set([...keys, ...paths.map((p) => panelOf[String(p[0])] ?? 'details')])])
      if (!applyServerErrors(form, error, { onShown: opened, scrollDelay: 300 })) toast.failure(error)
      setSaving(false)
      return
    }
    toast.success(editing ? messages.recordUpdated : messages.recordCreated)
    await queryClient.invalidateQueries({ queryKey: [EMAIL_TEMPLATE_ENDPOINT] })
    list()
  }

  const items: CollapseProps['items'] = [
    {
      key: 'details',
      label: 'Template Details',
      forceRender: true,
      children: (
        <>
          {isSuper ? <OrganizationField disabled={editing} message={messages.selectRequired} /> : null}
          <Form.Item
            label="Template Type"
            name="template_type"
            required
            rules={[zodRule(fields.template_type)]}
          >
            <Select
              placeholder="Select a template type"
              showSearch={{ optionFilterProp: 'label' }}
              loading={existing.isFetching}
              options={emailTemplateTypes.map((t) => ({
                value: t.key,
                label: t.label,
                disabled: taken.has(t.key),
              }))}
            />
          </Form.Item>
          <Form.Item label="Email Subject" required>
            <Flex gap={8} align="start" wrap>
              <Form.Item name="email_subject" noStyle rules={[zodRule(fields.email_subject)]}>
                <Input
                  ref={subjectRef}
                  maxLength={255}
                  style={{ flex: '1 1 320px' }}
                  aria-label="Email Subject"
                />
              </Form.Item>
              <MergeTagPicker
                tags={subjectMergeTags}
                onPick={insertIntoSubject}
                label="Insert merge tag into the subject"
                size="small"
                disabled={Boolean(locked)}
              />
            </Flex>
          </Form.Item>
          <Form.Item
            label="Email Content"
            name="email_content"
            required
            rules={[zodRule(fields.email_content, (html) => emailHtml(String(html ?? '')))]}
          >
            <LazyEmailEditor disabled={Boolean(locked)} />
          </Form.Item>
        </>
      ),
    },
    {
      key: 'attachment',
      label: 'Attachment',
      forceRender: true,
      children: (
        <>
          <Form.Item
            label="Attachment Title"
            name="attachment_file_title"
            rules={[zodRule(fields.attachment_file_title)]}
          >
            <Input maxLength={255} placeholder="The name the PDF has in the mail" />
          </Form.Item>
          <Form.Item
            label="Attachment (PDF)"
            name="attachment_file"
            rules={[zodRule(fields.attachment_file)]}
            extra="One PDF, at most 2MB. It is attached to every mail sent from this template."
          >
            <AttachmentUpload disabled={Boolean(locked)} />
          </Form.Item>
        </>
      ),
    },
  ]

  return (
    <Flex vertical gap={16} style={{ maxWidth: 960 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {editing ? 'Edit Email Template' : 'Add Email Template'}
        </Typography.Title>
        <Button icon={<ArrowLeftOutlined />} onClick={list}>
          Back
        </Button>
      </Flex>
      {locked ? <Alert type="info" showIcon title={locked} /> : null}
      <Spin spinning={editing && record.isPending}>
        <Form<FormValues>
          form={form}
          layout="vertical"
          initialValues={{
            email_subject: '',
            email_content: '',
            attachment_file_title: '',
            attachment_file: [],
          }}
          onFinish={(values) => void submit(values)}
          onFinishFailed={({ errorFields }) =>
            setOpen((keys) => [
              ...new Set([...keys, ...errorFields.map((f) => panelOf[String(f.name[0])] ?? 'details')]),
            ])
          }
          scrollToFirstError
          requiredMark
          disabled={Boolean(locked)}
        >
          <Collapse
            items={items}
            activeKey={open}
            onChange={(keys) => setOpen(keys)}
            size="large"
            styles={{ header: { fontWeight: 600 } }}
          />
          <Flex gap={8} justify="end" wrap style={{ marginTop: 16 }}>
            <PreviewAndTest form={form} organizationId={organizationId} isSuper={isSuper} />
            <Button htmlType="button" onClick={list} disabled={saving}>
              Cancel
            </Button>
            <Button
              type="primary"
              htmlType="submit"
              loading={saving}
              disabled={saving || (editing && record.isPending) || Boolean(locked)}
            >
              Save
            </Button>
          </Flex>
        </Form>
      </Spin>
    </Flex>
  )
}
