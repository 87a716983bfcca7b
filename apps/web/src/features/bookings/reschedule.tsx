import { LeftOutlined, RightOutlined } from '@ant-design/icons'
import { type BookingConfirmation, formatWallTime, messages, minutesOfDay } from '@spaceboard/domain'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import {
  Alert,
  Button,
  Calendar,
  Card,
  Col,
  Flex,
  Form,
  type FormInstance,
  type FormItemProps,
  Row,
  Select,
  Typography,
  theme,
} from 'antd'
import type { Rule } from 'antd/es/form'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect, useRef, useState } from 'react'
import { useConfirm, useToast } from '../../platform/feedback.ts'
import { useToday } from '../../platform/format.ts'
import { NotFound } from '../../platform/not-found.tsx'
import { recordIdOf } from '../../platform/record-page.tsx'
import { useDebounced } from '../../platform/use-debounced.ts'
import { WallTimePicker } from '../../platform/wall-time-picker.tsx'
import { centerOptionsQuery } from '../centers/api.ts'
import { spaceOptionsQuery } from '../spaces/api.ts'
import { bookedSlotsQuery, type RoomDetail, roomDetailQuery } from './api.ts'
import { AlreadyBooked } from './booked-slots.tsx'
import { BookingScreen } from './booking-facts.tsx'
import {
  bookingListPath,
  IdempotentAction,
  type RescheduleQuote,
  type RescheduleSlot,
  rescheduleQuoteQuery,
} from './operations-api.ts'
import { AmountDialog, preparationAccepted, quoteRefusal, useSendReschedule } from './reschedule-flow.tsx'
import { BookingNotes, ChangePreview, CurrentBooking } from './reschedule-summary.tsx'
import { describeDuration, durationMinutes, roomWindow } from './room-detail-model.ts'

const route = getRouteApi('/_signed-in/admin/book/reschedule/$id')

/** Reschedule/Extend (/admin/book/reschedule/{id}, spec 2 §2, §4). */
export function ReschedulePage() {
  const id = recordIdOf(route.useParams().id)
  if (id === null) return <NotFound />
  return (
    <BookingScreen
      key={id}
      id={id}
      title="Reschedule/Extend"
      subtitle="Move the booking to another time or space, or change its length."
    >
      {(booking) => <Reschedule key={booking.updated_at} booking={booking} />}
    </BookingScreen>
  )
}

interface MoveValues {
  center_id?: number | undefined
  meeting_room_id?: number | undefined
  date?: Dayjs | null | undefined
  /** HH:mm in the center's wall clock */
  start_time?: string | undefined
  end_time?: string | undefined
}

const isoOf = (date: Dayjs | null | undefined) => (date?.isValid() ? date.format('YYYY-MM-DD') : null)

/** The move the form names, once it names one (the times as the API takes them). */
function slotOf(values: MoveValues): RescheduleSlot | null {
  const date = isoOf(values.date)
  if (!values.meeting_room_id || !date || !values.start_time || !values.end_time) return null
  if (minutesOfDay(values.end_time) <= minutesOfDay(values.start_time)) return null
  return {
    newMeetingRoomId: values.meeting_room_id,
    newStartTime: `${date} ${values.start_time}`,
    newEndTime: `${date} ${values.end_time}`,
  }
}

/** The room's minimum duration, in minutes. */
const minimumOf = (room: RoomDetail | undefined) =>
  room ? room.minimum_duration_hours * 60 + room.minimum_duration_minutes : 0

/** The form field each of the quote's problems belongs to. */
const problemFields: Record<string, keyof MoveValues> = {
  newMeetingRoomId: 'meeting_room_id',
  newStartTime: 'start_time',
  newEndTime: 'end_time',
  booking_date: 'date',
  start_time: 'start_time',
  end_time: 'end_time',
  meeting_room_id: 'meeting_room_id',
  center_id: 'center_id',
}

function Reschedule({ booking }: { booking: BookingConfirmation }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const toast = useToast()
  const confirm = useConfirm()
  const [form] = Form.useForm<MoveValues>()
  const [initial] = useState<MoveValues>(() => ({
    center_id: booking.centerId,
    meeting_room_id: booking.meetingroomId,
    date: dayjs(booking.start_date),
    start_time: booking.start_wall,
    end_time: booking.end_wall,
  }))
  const watched = Form.useWatch((all: MoveValues) => all, { form, preserve: true })
  const values = watched ?? initial
  const [saving, setSaving] = useState(false)
  const [dialog, setDialog] = useState<{
    quote: RescheduleQuote
    slot: RescheduleSlot
    preparationConfirmed: boolean
  } | null>(null)
  const action = useRef(new IdempotentAction())

  const centerId = values.center_id ?? null
  const spaceId = values.meeting_room_id ?? null
  const date = isoOf(values.date)
  const centers = useQuery(centerOptionsQuery(booking.org_id))
  const spaces = useQuery({ ...spaceOptionsQuery(centerId ?? 0), enabled: centerId !== null })
  const detail = useQuery(roomDetailQuery(spaceId, booking.clientId, date ?? booking.start_date))
  const booked = useQuery(bookedSlotsQuery(spaceId, date, booking.bookingId))
  const room = detail.data?.success ? detail.data : undefined
  const hours = room ? roomWindow(room) : null

  // A room that cannot be booked (success false): its message, then back to the bookings (spec 2 §2).
  const leftFor = useRef<unknown>(null)
  useEffect(() => {
    const answer = detail.data
    if (!answer || answer.success || leftFor.current === answer) return
    leftFor.current = answer
    toast.error(answer.message)
    void navigate(bookingListPath)
  }, [detail.data, navigate, toast])

  // The live preview: what the move would charge or refund, asked 300 ms after the last change.
  const slot = slotOf(values)
  const settled = useDebounced(slot, 300)
  const quote = useQuery({
    ...rescheduleQuoteQuery(booking.bookingId, settled),
    placeholderData: keepPreviousData,
  })
  const settling = JSON.stringify(slot) !== JSON.stringify(settled)
  const preview = slot && !settling && !quote.isPlaceholderData ? quote.data : undefined
  const problems: Record<string, string> = {}
  if (preview) {
    for (const [key, message] of Object.entries(preview.problems)) {
      const field = problemFields[key]
      if (field) problems[field] ??= message
      else problems._ ??= message
    }
    if (preview.conflict) problems.start_time ??= preview.conflict
  }
  const problem = (key: keyof MoveValues): Partial<FormItemProps> =>
    problems[key] ? { validateStatus: 'error', help: problems[key] } : {}

  const rules = {
    date: [
      {
        validator: async (_r, value: Dayjs | null | undefined) => {
          if (!value?.isValid()) throw new Error(messages.selectDate)
        },
      },
    ] as Rule[],
    start: [
      {
        validator: async (_r, value: string | undefined) => {
          if (!value) throw new Error(messages.selectStartTime)
        },
      },
    ] as Rule[],
    end: [
      ({ getFieldValue }: FormInstance<MoveValues>) => ({
        validator: async (_r: unknown, value: string | undefined) => {
          if (!value) throw new Error(messages.selectEndTime)
          const start = getFieldValue('start_time') as string | undefined
          if (start && minutesOfDay(value) <= minutesOfDay(start)) throw new Error(messages.invalidTimeRange)
          const minimum = minimumOf(room)
          if (start && room && durationMinutes(start, value) < minimum)
            throw new Error(messages.minDuration(room.minimum_duration_hours, room.minimum_duration_minutes))
        },
      }),
    ] as Rule[],
    space: [
      {
        validator: async (_r, value: number | undefined) => {
          if (!value) throw new Error(messages.selectRequired)
        },
      },
    ] as Rule[],
  }

  const onValuesChange = (changed: Partial<MoveValues>) => {
    if ('center_id' in changed) form.setFieldsValue({ meeting_room_id: undefined })
    if ('start_time' in changed && form.getFieldError('end_time').length)
      form.validateFields(['end_time']).catch(() => undefined)
  }

  const sendReschedule = useSendReschedule()
  /** The move, then back to the bookings; a refusal leaves the form as it is. */
  const send = async (
    move: RescheduleSlot,
    preparationConfirmed: boolean,
    amount?: string,
  ): Promise<void> => {
    setSaving(true)
    const answer = await sendReschedule(booking.bookingId, move, action.current, amount, preparationConfirmed)
    if (!answer) {
      setSaving(false)
      return
    }
    setDialog(null)
    await navigate(bookingListPath)
  }

  const reschedule = async () => {
    if (saving) return
    try {
      await form.validateFields()
    } catch {
      return
    }
    const move = slotOf(form.getFieldsValue(true) as MoveValues)
    if (!move) return
    action.current = new IdempotentAction()
    let fresh: RescheduleQuote
    try {
      fresh = await queryClient.fetchQuery(rescheduleQuoteQuery(booking.bookingId, move))
    } catch (error) {
      toast.failure(error)
      return
    }
    const first = quoteRefusal(fresh)
    if (first) {
      toast.error(first)
      return
    }
    if (fresh.mode === 'same') {
      if (!(await confirm({ content: messages.confirmProceed }))) return
      if (await preparationAccepted(fresh, confirm)) await send(move, fresh.preparation !== null)
      return
    }
    if (!(await confirm({ content: messages.confirmChangeDuration }))) return
    if (await preparationAccepted(fresh, confirm))
      setDialog({ quote: fresh, slot: move, preparationConfirmed: fresh.preparation !== null })
  }

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={16}>
        <Card styles={{ body: { padding: 24 } }}>
          <Form<MoveValues>
            form={form}
            layout="vertical"
            initialValues={initial}
            onValuesChange={onValuesChange}
            requiredMark
            aria-label="Reschedule"
            scrollToFirstError={{ block: 'center', behavior: 'smooth' }}
          >
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item
                  label="Location"
                  name="center_id"
                  required
                  rules={rules.space}
                  {...problem('center_id')}
                >
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    placeholder="Select a location"
                    loading={centers.isFetching}
                    options={(centers.data ?? []).map((center) => ({ value: center.id, label: center.name }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  label="Space"
                  name="meeting_room_id"
                  required
                  rules={rules.space}
                  {...problem('meeting_room_id')}
                >
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    placeholder="Select a space"
                    loading={spaces.isFetching}
                    disabled={centerId === null}
                    options={(spaces.data ?? []).map((space) => ({
                      value: space.id,
                      label: `${space.name} (capacity ${space.capacity})`,
                    }))}
                  />
                </Form.Item>
              </Col>
            </Row>
            <Row gutter={24}>
              <Col xs={24} md={13}>
                <Form.Item label="Date" name="date" required rules={rules.date} {...problem('date')}>
                  <MonthCalendar />
                </Form.Item>
              </Col>
              <Col xs={24} md={11}>
                <Form.Item
                  label="Start Time"
                  name="start_time"
                  required
                  rules={rules.start}
                  {...problem('start_time')}
                  extra={
                    hours
                      ? `Bookable ${formatWallTime(hours.opens)} – ${formatWallTime(hours.closes)}`
                      : undefined
                  }
                >
                  <WallTimePicker placeholder="Start time" min={hours?.opens} max={hours?.closes} />
                </Form.Item>
                <Form.Item
                  label="End Time"
                  name="end_time"
                  required
                  dependencies={['start_time']}
                  rules={rules.end}
                  {...problem('end_time')}
                  extra={
                    room && minimumOf(room) > 0
                      ? `Minimum duration ${describeDuration(minimumOf(room))}.`
                      : undefined
                  }
                >
                  <WallTimePicker placeholder="End time" min={hours?.opens} max={hours?.closes} />
                </Form.Item>
                <AlreadyBooked
                  slots={booked.data}
                  loading={booked.isFetching}
                  ready={spaceId !== null && date !== null}
                />
              </Col>
            </Row>
            {problems._ ? (
              <Alert type="error" showIcon title={problems._} style={{ marginBottom: 16 }} />
            ) : null}
            <Flex justify="end" gap={8}>
              <Button onClick={() => void navigate(bookingListPath)} disabled={saving}>
                Cancel
              </Button>
              <Button type="primary" onClick={() => void reschedule()} loading={saving}>
                Reschedule
              </Button>
            </Flex>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Flex vertical gap={16} style={{ position: 'sticky', top: 16 }}>
          <CurrentBooking booking={booking} />
          <ChangePreview
            booking={booking}
            preview={preview}
            pricing={Boolean(slot) && (settling || quote.isFetching)}
            ready={Boolean(slot)}
          />
          <BookingNotes booking={booking} />
        </Flex>
      </Col>
      {dialog ? (
        <AmountDialog
          currency={booking.currency}
          quote={dialog.quote}
          saving={saving}
          onCancel={() => {
            if (!saving) setDialog(null)
          }}
          onProceed={(amount) => void send(dialog.slot, dialog.preparationConfirmed, amount)}
        />
      ) : null}
    </Row>
  )
}

/** The month calendar of the Date field (a Form control): past days cannot be chosen. */
function MonthCalendar({
  value,
  onChange,
  id,
}: {
  value?: Dayjs | null
  onChange?: (value: Dayjs) => void
  id?: string
}) {
  const { token } = theme.useToken()
  const today = useToday()
  const shown = value?.isValid() ? value : dayjs(today)
  return (
    <fieldset
      id={id}
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        margin: 0,
        padding: 0,
        minWidth: 0,
      }}
      aria-label="Date"
    >
      <Calendar
        fullscreen={false}
        value={shown}
        onSelect={(day) => onChange?.(day)}
        disabledDate={(day: Dayjs) => day.format('YYYY-MM-DD') < today}
        headerRender={({ value: month, onChange: move }) => (
          <Flex justify="space-between" align="center" style={{ padding: '8px 12px' }}>
            <Button
              size="small"
              type="text"
              icon={<LeftOutlined />}
              aria-label="Previous month"
              onClick={() => move(month.subtract(1, 'month'))}
            />
            <Typography.Text strong data-testid="calendar-month">
              {month.format('MMMM YYYY')}
            </Typography.Text>
            <Button
              size="small"
              type="text"
              icon={<RightOutlined />}
              aria-label="Next month"
              onClick={() => move(month.add(1, 'month'))}
            />
          </Flex>
        )}
      />
    </fieldset>
  )
}
