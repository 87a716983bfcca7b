import { EyeOutlined, SendOutlined } from '@ant-design/icons'
import {
  type BookingListRow,
  type EmailTemplatePreview,
  type EmailTemplatePreviewInput,
  formatIsoDate,
  formatWallTime,
} from '@spaceboard/domain'
import { useQuery } from '@tanstack/react-query'
import { Button, Descriptions, Flex, type FormInstance, Modal, Select, Spin, Tabs, Typography } from 'antd'
import { useState } from 'react'
import { api, apiPage, queryString } from '../../platform/api-client.ts'
import { useToast } from '../../platform/feedback.ts'
import { useDebounced } from '../../platform/use-debounced.ts'
import { EMAIL_TEMPLATE_ENDPOINT } from './api.ts'
import { emailHtml } from './email-html.ts'

interface TemplateFields {
  template_type?: EmailTemplatePreviewInput['template_type']
  email_subject?: string
  email_content?: string
  attachment_file_title?: string
  attachment_file?: string[]
}

/** The bookings of the organization a preview may take its values from; a search narrows them. */
function useBookingOptions(organizationId: number | null, search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/userbooking', 'preview-options', organizationId, search],
    queryFn: ({ signal }) =>
      apiPage<BookingListRow>(
        `/api/userbooking${queryString({ search, org_id: organizationId ?? undefined, order: 'start_time', direct: 'desc' })}`,
        { start: 0, end: 19 },
        signal,
      ),
    enabled: enabled && organizationId !== null,
    staleTime: 30_000,
  })
}

/**
 * Preview and Send test (issue 17 item 9, beyond the spec): the template as it stands in the form,
 * rendered by the server exactly as it will be sent, with a booking of the organization or a
 * sample; Send test mails that rendering to the signed-in user. The preview's HTML is shown in a
 * sandboxed frame: nothing in it runs.
 */
export function PreviewAndTest({
  form,
  organizationId,
  isSuper,
}: {
  form: FormInstance
  organizationId: number | null
  isSuper: boolean
}) {
  const toast = useToast()
  const [open, setOpen] = useState(false)
  const [bookingId, setBookingId] = useState<number | null>(null)
  const [search, setSearch] = useState('')
  const debounced = useDebounced(search, 300)
  const [preview, setPreview] = useState<EmailTemplatePreview | null>(null)
  const [busy, setBusy] = useState<'preview' | 'send' | null>(null)
  const bookings = useBookingOptions(organizationId, debounced, open)

  /** The form's template, once its type (and for super its organization) is chosen. */
  const input = async (booking: number | null): Promise<EmailTemplatePreviewInput | null> => {
    try {
      await form.validateFields(isSuper ? ['organization_id', 'template_type'] : ['template_type'])
    } catch {
      return null
    }
    const values = form.getFieldsValue(true) as TemplateFields
    if (!values.template_type) return null
    return {
      ...(isSuper && organizationId ? { organization_id: organizationId } : {}),
      template_type: values.template_type,
      email_subject: values.email_subject?.trim() ?? '',
      email_content: emailHtml(values.email_content ?? ''),
      attachment_file: values.attachment_file ?? [],
      attachment_file_title: values.attachment_file_title?.trim() || null,
      bookingId: booking,
    }
  }

  const render = async (booking: number | null) => {
    const body = await input(booking)
    if (!body) return
    setBusy('preview')
    try {
      setPreview(
        await api<EmailTemplatePreview>(`${EMAIL_TEMPLATE_ENDPOINT}/preview`, { method: 'POST', body }),
      )
      setOpen(true)
    } catch (error) {
      toast.failure(error)
    } finally {
      setBusy(null)
    }
  }

  const sendTest = async () => {
    const body = await input(bookingId)
    if (!body) return
    setBusy('send')
    try {
      const answer = await api<{ message: string }>(`${EMAIL_TEMPLATE_ENDPOINT}/send-test`, {
        method: 'POST',
        body,
      })
      toast.success(answer.message)
    } catch (error) {
      toast.failure(error)
    } finally {
      setBusy(null)
    }
  }

  const options = [
    { value: 0, label: 'A sample booking' },
    ...(bookings.data?.rows ?? []).map((b) => ({
      value: b.bookingId,
      label: `${b.reference} · ${formatIsoDate(b.start_date, b.time_format)} ${formatWallTime(b.start_wall)} · ${b.meetingName} · ${b.clientName}`,
    })),
  ]

  return (
    <>
      <Button icon={<EyeOutlined />} loading={busy === 'preview'} onClick={() => void render(bookingId)}>
        Preview
      </Button>
      <Button icon={<SendOutlined />} loading={busy === 'send'} onClick={() => void sendTest()}>
        Send test
      </Button>
      <Modal
        title="Preview"
        open={open}
        width={820}
        onCancel={() => setOpen(false)}
        footer={
          <Flex gap={8} justify="end">
            <Button icon={<SendOutlined />} loading={busy === 'send'} onClick={() => void sendTest()}>
              Send test to me
            </Button>
            <Button type="primary" onClick={() => setOpen(false)}>
              Close
            </Button>
          </Flex>
        }
      >
        <Flex vertical gap={12}>
          <Select<number>
            aria-label="Booking of the preview"
            value={bookingId ?? 0}
            showSearch={{ filterOption: false, onSearch: setSearch }}
            loading={bookings.isFetching}
            options={options}
            onChange={(value) => {
              const next = value === 0 ? null : value
              setBookingId(next)
              void render(next)
            }}
          />
          <Spin spinning={busy === 'preview'}>
            {preview ? (
              <Flex vertical gap={8}>
                <Descriptions
                  size="small"
                  column={1}
                  items={[{ key: 'subject', label: 'Subject', children: preview.subject }]}
                />
                <Tabs
                  items={[
                    {
                      key: 'html',
                      label: 'HTML',
                      children: (
                        <iframe
                          title="Email preview"
                          sandbox=""
                          srcDoc={preview.html}
                          style={{
                            width: '100%',
                            height: 420,
                            border: '1px solid #d9d9d9',
                            background: '#fff',
                          }}
                        />
                      ),
                    },
                    {
                      key: 'text',
                      label: 'Plain text',
                      children: (
                        <Typography.Paragraph>
                          <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{preview.text}</pre>
                        </Typography.Paragraph>
                      ),
                    },
                  ]}
                />
              </Flex>
            ) : null}
          </Spin>
        </Flex>
      </Modal>
    </>
  )
}
