import { QuestionCircleOutlined } from '@ant-design/icons'
import { emailTemplateTypes, mergeTags } from '@spaceboard/domain'
import { Button, Modal, Table, Typography } from 'antd'
import { useState } from 'react'

const events: Record<(typeof emailTemplateTypes)[number]['event'], string> = {
  registration: 'when a user is created',
  confirmation: 'when a booking is made',
  reschedule: 'when a booking is rescheduled or extended',
  refund: 'when a booking is refunded',
  additional_charge: 'when an additional charge is added',
  cancellation: 'when a booking is cancelled',
  workflow: 'by a workflow, at the time it sets',
}

/**
 * The list's Need Support help link (spec 3 §2): what each template type is for, who receives it,
 * and the merge tags a template may use.
 */
export function NeedSupport() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button type="link" icon={<QuestionCircleOutlined />} onClick={() => setOpen(true)}>
        Need Support
      </Button>
      <Modal
        title="Email templates: how they work"
        open={open}
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>Close</Button>}
        width={760}
      >
        <Typography.Paragraph>
          Each booking event sends a mail of its type to the person who booked (User) and to the location's
          booking confirmation address (Center). Without a template of its own for a type, the organization
          sends the built-in one; its own templates are used once <strong>Use Email Template</strong> is on in
          the organization's settings.
        </Typography.Paragraph>
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={emailTemplateTypes}
          columns={[
            { title: 'Template type', dataIndex: 'label' },
            {
              title: 'Sent to',
              dataIndex: 'audience',
              render: (audience: string) => (audience === 'center' ? 'The location' : 'The user'),
            },
            { title: 'Sent', dataIndex: 'event', render: (event: keyof typeof events) => events[event] },
          ]}
        />
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          Merge tags
        </Typography.Title>
        <Typography.Paragraph>
          Write a tag in double braces and the mail shows its value. The subject takes only the tags without
          links or contact details.
        </Typography.Paragraph>
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={mergeTags}
          columns={[
            {
              title: 'Tag',
              dataIndex: 'tag',
              render: (tag: string) => <Typography.Text code>{tag}</Typography.Text>,
            },
            { title: 'Shows', dataIndex: 'description' },
            {
              title: 'Subject',
              dataIndex: 'subject',
              render: (subject: boolean) => (subject ? 'Yes' : 'No'),
            },
          ]}
        />
      </Modal>
    </>
  )
}
