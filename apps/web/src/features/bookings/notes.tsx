import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Button, Card, Flex, Form, Input, Skeleton, Typography } from 'antd'
import { useState } from 'react'
import { useToast } from '../../platform/feedback.ts'
import { NotFound } from '../../platform/not-found.tsx'
import { recordIdOf } from '../../platform/record-page.tsx'
import { LoadFailed } from '../../platform/route-guard.tsx'
import { BOOKING_ENDPOINT } from './api.ts'
import { Confirmation } from './confirmation.tsx'
import { bookingConfirmationQuery } from './confirmation-api.ts'
import { SectionTitle } from './confirmation-logs.tsx'
import { bookingOperation, IdempotentAction } from './operations-api.ts'

const route = getRouteApi('/_signed-in/admin/book/notes/$id')

/**
 * Notes (/admin/book/notes/{id}, spec 2 §2): View Booking in notes mode, with the General Notes
 * textarea (marked required, no check shown) and Add Notes.
 */
export function BookingNotesPage() {
  const id = recordIdOf(route.useParams().id)
  return id === null ? <NotFound /> : <NotesOf key={id} id={id} />
}

function NotesOf({ id }: { id: number }) {
  const navigate = useNavigate()
  const booking = useQuery(bookingConfirmationQuery(id))
  if (booking.error) return <LoadFailed error={booking.error} />
  const data = booking.data
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1120, marginInline: 'auto' }}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Notes
        </Typography.Title>
        <Button onClick={() => void navigate({ to: '/admin/book/invoice/$id', params: { id: String(id) } })}>
          View Booking
        </Button>
      </Flex>
      {data ? (
        <Confirmation booking={data}>
          <NotesForm id={id} notes={data.post_booking_notes} />
        </Confirmation>
      ) : (
        <Card>
          <Skeleton active paragraph={{ rows: 12 }} />
        </Card>
      )}
    </Flex>
  )
}

function NotesForm({ id, notes }: { id: number; notes: string }) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [form] = Form.useForm<{ post_booking_notes: string }>()
  const [saving, setSaving] = useState(false)
  const [action] = useState(() => new IdempotentAction())

  const save = async ({ post_booking_notes }: { post_booking_notes: string }) => {
    setSaving(true)
    try {
      const answer = await bookingOperation(id, { notesUpdate: 1, post_booking_notes }, action)
      toast.success(answer.message)
      await queryClient.invalidateQueries({ queryKey: [BOOKING_ENDPOINT] })
    } catch (error) {
      toast.failure(error)
    } finally {
      setSaving(false)
    }
  }

  return (
    <section aria-label="Add General Notes" className="confirmation-toolbar">
      <SectionTitle>Add General Notes</SectionTitle>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ post_booking_notes: notes }}
        onFinish={(values) => void save(values)}
      >
        {/* Marked required as the spec's screen is, without a check (spec 2 §5 Notes). */}
        <Form.Item label="General Notes" name="post_booking_notes" required>
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} maxLength={5000} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          Add Notes
        </Button>
      </Form>
    </section>
  )
}
