import { CalendarOutlined } from '@ant-design/icons'
import { dateDisplayFormat, formatWallTime } from '@spaceboard/domain'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import {
  Col,
  Flex,
  Form,
  type FormItemProps,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Spin,
  Tag,
  Typography,
} from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect, useRef, useState } from 'react'
import { ApiError } from '../../platform/api-client.ts'
import { DatePicker } from '../../platform/date-picker.tsx'
import { useToast } from '../../platform/feedback.ts'
import { crossFieldRule } from '../../platform/form-kit.ts'
import { FieldPair, FormSection } from '../../platform/form-layout.tsx'
import { formatDate, useToday } from '../../platform/format.ts'
import { OrganizationField } from '../../platform/organization-select.tsx'
import { useProfile } from '../../platform/session.ts'
import { useDebounced } from '../../platform/use-debounced.ts'
import { WallTimePicker } from '../../platform/wall-time-picker.tsx'
import { centerOptionsQuery } from '../centers/api.ts'
import { useClientOptions } from '../clients/api.ts'
import { organizationQuery } from '../organizations/api.ts'
import { spaceOptionsQuery, spaceQuery } from '../spaces/api.ts'
import {
  bookedSlotsQuery,
  bookingClientQuery,
  clientUsersQuery,
  quoteQuery,
  type RoomPackage,
  roomDetailQuery,
} from './api.ts'
import { AlreadyBooked } from './booked-slots.tsx'
import { ExtrasSection } from './booking-extras.tsx'
import { BookingSummary, money, SeriesConflicts } from './booking-summary.tsx'
import { bookingListPath } from './operations-api.ts'
import { RepeatSection } from './recurring-fields.tsx'
import {
  type BodyContext,
  type BookingFormValues,
  bookingBody,
  bookingErrors,
  describeDuration,
  newBookingValues,
  packageTimes,
  quoteBody,
  type RoomDetailSearch,
  roomWindow,
} from './room-detail-model.ts'
import { useSendBooking } from './send-booking.ts'

const route = getRouteApi('/_signed-in/admin/book/room-detail')

/**
 * RoomDetail (/admin/book/room-detail): a new booking on one page. The calendar opens it with the
 * slot it was dragged on (bookingType, roomId, bookingDate, bookingTime, bookingEndTime, formatDate).
 */
export function RoomDetail() {
  const search = route.useSearch()
  const room = useQuery({ ...spaceQuery(search.roomId ?? 0), enabled: search.roomId !== undefined })
  if (search.roomId !== undefined && room.isPending) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" />
      </Flex>
    )
  }
  const prefill: Partial<BookingFormValues> = room.data
    ? {
        organization_id: room.data.organization_id,
        center_id: room.data.center_id,
        meeting_room_id: room.data.id,
      }
    : {}
  return <BookingForm key={JSON.stringify(search)} search={search} prefill={prefill} />
}

function BookingForm({ search, prefill }: { search: RoomDetailSearch; prefill: Partial<BookingFormValues> }) {
  const profile = useProfile()
  const navigate = useNavigate()
  const toast = useToast()
  const isSuper = profile.type === 'super'
  const [form] = Form.useForm<BookingFormValues>()
  const [initial] = useState<BookingFormValues>(() => ({
    ...newBookingValues(search, search.bookingDate ? dayjs(search.bookingDate) : null),
    ...prefill,
  }))
  const watched = Form.useWatch((all: BookingFormValues) => all, { form, preserve: true })
  const values: BookingFormValues = watched ?? initial
  const { saving, conflicts, conflictsRef, seriesLeft, send, bookOthers, clearConflicts } =
    useSendBooking(form)

  // The organization: super's choice, or one's own. Its features, date order and currency shape the page.
  const organizationId = isSuper ? (values.organization_id ?? null) : profile.organization_id
  const organization = useQuery({
    ...organizationQuery(organizationId ?? 0),
    enabled: organizationId !== null,
  })
  const context: BodyContext = {
    sendOrganization: isSuper,
    recurringEnabled: Boolean(organization.data?.features?.recurring_booking),
  }
  const timeFormat = organization.data?.time_format ?? profile.time_format
  const dateFormat = dateDisplayFormat(timeFormat)
  const showDate = (iso: string) => formatDate(iso, timeFormat, profile.time_zone)
  const today = useToday()

  const centerId = values.center_id ?? null
  const spaceId = values.meeting_room_id ?? null
  const clientId = values.client_id ?? null
  const date = values.booking_date?.isValid() ? values.booking_date.format('YYYY-MM-DD') : null

  const centers = useQuery(centerOptionsQuery(organizationId))
  const spaces = useQuery({ ...spaceOptionsQuery(centerId ?? 0), enabled: centerId !== null })
  const clients = useClientOptions(isSuper ? organizationId : undefined, organizationId !== null)
  const users = useQuery(clientUsersQuery(clientId))
  const client = useQuery(bookingClientQuery(clientId))
  const detail = useQuery(roomDetailQuery(spaceId, clientId, date ?? today))
  const booked = useQuery(bookedSlotsQuery(spaceId, date))
  const room = detail.data?.success ? detail.data : undefined
  const packages = room?.packages ?? []
  const chosenPackage = packages.find((p) => p.id === values.package_id) ?? null
  const currency = organization.data?.currency_code ?? room?.currency
  const hours = room ? roomWindow(room) : null

  // A room that cannot be booked (success false): its message, then back to the bookings (spec 2 §8).
  const leftFor = useRef<unknown>(null)
  useEffect(() => {
    const answer = detail.data
    if (!answer || answer.success || leftFor.current === answer) return
    leftFor.current = answer
    toast.error(answer.message)
    void navigate(bookingListPath)
  }, [detail.data, navigate, toast])

  // The client's own payment method is the default once the client is chosen.
  const paymentFor = useRef<number | null>(null)
  useEffect(() => {
    const chosen = client.data
    if (!chosen || paymentFor.current === chosen.id) return
    paymentFor.current = chosen.id
    form.setFieldValue('payment_status', chosen.payment_method === 'credit_card' ? 'card' : 'invoice')
  }, [client.data, form])

  // The live price: asked 300 ms after the last change, once the form names all it needs.
  const body = quoteBody(values, context)
  const settled = useDebounced(body, 300)
  const quote = useQuery({ ...quoteQuery(settled), placeholderData: keepPreviousData })
  const quoteReady = body !== null
  const settling = JSON.stringify(body) !== JSON.stringify(settled)
  const latest = quoteReady && !quote.isPlaceholderData ? quote.data : undefined
  const quoteErrors = quote.error instanceof ApiError ? quote.error.errors : {}
  const problems: Record<string, string> =
    quoteReady && !settling ? { ...(latest?.problems ?? {}), ...quoteErrors } : {}

  // The fields that show a problem of the quote under themselves; the others go to the summary.
  const repeat = context.recurringEnabled && values.repeat
  const shownFields = new Set([
    'center_id',
    'meeting_room_id',
    'booking_date',
    'start_time',
    'end_time',
    'client_id',
    'user_id',
    'attendees',
    'package_id',
    'amenity_ids',
    'voucher_code',
    ...(isSuper ? ['organization_id'] : []),
    ...(values.amend_room_amount ? ['room_amount'] : []),
    ...(values.payment_status === 'card' ? ['transaction_id'] : []),
    ...(repeat
      ? [
          'recurring.frequency',
          values.recurring?.ends === 'until' ? 'recurring.until_date' : 'recurring.occurrences',
        ]
      : []),
  ])
  const otherProblems = [
    ...new Set([
      ...(detail.error instanceof Error ? [detail.error.message] : []),
      ...Object.entries(problems)
        .filter(([key]) => !shownFields.has(key))
        .map(([, message]) => message),
    ]),
  ]
  const problem = (key: string): Partial<FormItemProps> => {
    const message = problems[key]
    return message ? { validateStatus: 'error', help: message } : {}
  }
  const rule = (key: string) => crossFieldRule((all: BookingFormValues) => bookingErrors(all, context), key)

  /** Fields set by the page (a package's times): their shown errors are checked again. */
  const recheck = (names: Array<keyof BookingFormValues>) => {
    const withErrors = names.filter((name) => form.getFieldError(name).length > 0)
    if (withErrors.length) form.validateFields(withErrors).catch(() => undefined)
  }

  const onValuesChange = (changed: Partial<BookingFormValues>, all: BookingFormValues) => {
    clearConflicts()
    if ('organization_id' in changed)
      form.setFieldsValue({
        center_id: undefined,
        meeting_room_id: undefined,
        client_id: undefined,
        user_id: undefined,
        package_id: null,
        amenity_ids: [],
      })
    if ('center_id' in changed)
      form.setFieldsValue({ meeting_room_id: undefined, package_id: null, amenity_ids: [] })
    if ('meeting_room_id' in changed) form.setFieldsValue({ package_id: null, amenity_ids: [] })
    if ('client_id' in changed) form.setFieldsValue({ user_id: undefined })
    if ('package_id' in changed || 'start_time' in changed) {
      const pkg = packages.find((p) => p.id === all.package_id)
      if (pkg) {
        const more: Partial<BookingFormValues> = { ...packageTimes(pkg, all.start_time) }
        if ('package_id' in changed && (all.attendees ?? 0) < pkg.min_attendees)
          more.attendees = pkg.min_attendees
        form.setFieldsValue(more)
        recheck(['start_time', 'end_time', 'attendees'])
      }
    }
  }

  const save = () => {
    if (!saving) form.submit()
  }
  const onFinish = () => {
    clearConflicts()
    void send(bookingBody(form.getFieldsValue(true) as BookingFormValues, context))
  }

  const spaceOptions = (spaces.data ?? []).map((space) => ({
    value: space.id,
    label: `${space.name} (capacity ${space.capacity})`,
  }))
  const chosenSpace = spaces.data?.find((space) => space.id === spaceId)
  const chosenCenter = centers.data?.find((center) => center.id === centerId)
  const chosenClient = clients.data?.find((c) => c.id === clientId)
  const userOptions = (users.data ?? [])
    .filter((user) => user.status !== 'Archived')
    .map((user) => ({ value: user.id, label: `${user.first_name} ${user.last_name} (${user.email})` }))
  const chosenUser = users.data?.find((user) => user.id === values.user_id)
  const gratisMinutes = clientId !== null && room ? room.gratisMinutes : null
  const month = (values.booking_date?.isValid() ? values.booking_date : dayjs(today)).format('MMMM')

  return (
    <Flex vertical gap={20} style={{ maxWidth: 1320 }}>
      <Flex justify="space-between" align="end" wrap gap={8}>
        <Flex vertical gap={2}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            New Booking
          </Typography.Title>
          <Typography.Text type="secondary">
            Book a space for a client; the price on the right follows every change.
          </Typography.Text>
        </Flex>
        {search.formatDate ? (
          <Tag icon={<CalendarOutlined />} color="blue">
            Slot from the calendar: {search.formatDate}
            {search.bookingTime ? `, ${formatWallTime(search.bookingTime)}` : ''}
            {search.bookingEndTime ? ` – ${formatWallTime(search.bookingEndTime)}` : ''}
          </Tag>
        ) : null}
      </Flex>
      <Row gutter={[32, 24]}>
        <Col xs={24} lg={15} xxl={16}>
          {conflicts ? (
            <div ref={conflictsRef} style={{ marginBottom: 16, scrollMarginTop: 16 }}>
              <SeriesConflicts
                message={conflicts.message}
                conflicts={conflicts.list}
                others={seriesLeft}
                formatDate={showDate}
                saving={saving}
                onBookOthers={bookOthers}
              />
            </div>
          ) : null}
          <Form<BookingFormValues>
            form={form}
            layout="vertical"
            initialValues={initial}
            onValuesChange={onValuesChange}
            onFinish={onFinish}
            scrollToFirstError={{ block: 'center', behavior: 'smooth' }}
            requiredMark
            aria-label="New booking"
          >
            <FormSection title="Space and time">
              {isSuper ? <OrganizationField /> : null}
              <FieldPair>
                <Form.Item
                  label="Location"
                  name="center_id"
                  required
                  rules={[rule('center_id')]}
                  {...problem('center_id')}
                >
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    placeholder="Select a location"
                    loading={centers.isFetching}
                    disabled={organizationId === null}
                    options={(centers.data ?? []).map((center) => ({ value: center.id, label: center.name }))}
                  />
                </Form.Item>
                <Form.Item
                  label="Space"
                  name="meeting_room_id"
                  required
                  rules={[rule('meeting_room_id')]}
                  {...problem('meeting_room_id')}
                >
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    placeholder="Select a space"
                    loading={spaces.isFetching}
                    disabled={centerId === null}
                    options={spaceOptions}
                  />
                </Form.Item>
              </FieldPair>
              <Row gutter={16}>
                <Col xs={24} sm={12}>
                  <Form.Item
                    label="Date"
                    name="booking_date"
                    required
                    rules={[rule('booking_date')]}
                    {...problem('booking_date')}
                  >
                    <DatePicker
                      format={dateFormat}
                      disabledDate={(day: Dayjs) => day.format('YYYY-MM-DD') < today}
                      placeholder={dateFormat}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <AlreadyBooked
                    slots={booked.data}
                    loading={booked.isFetching}
                    ready={spaceId !== null && date !== null}
                  />
                </Col>
              </Row>
              <FieldPair>
                <Form.Item
                  label="Start Time"
                  name="start_time"
                  required
                  rules={[rule('start_time')]}
                  {...problem('start_time')}
                  extra={
                    hours
                      ? `Bookable ${formatWallTime(hours.opens)} – ${formatWallTime(hours.closes)}`
                      : undefined
                  }
                >
                  <WallTimePicker
                    placeholder="Start time"
                    min={hours?.opens}
                    max={hours?.closes}
                    disabled={chosenPackage?.type === 'fixed'}
                  />
                </Form.Item>
                <Form.Item
                  label="End Time"
                  name="end_time"
                  required
                  dependencies={['start_time']}
                  rules={[rule('end_time')]}
                  {...problem('end_time')}
                  extra={chosenPackage ? 'Set by the package deal.' : undefined}
                >
                  <WallTimePicker
                    placeholder="End time"
                    min={hours?.opens}
                    max={hours?.closes}
                    disabled={chosenPackage !== null}
                  />
                </Form.Item>
              </FieldPair>
              <Form.Item
                label="Package Deal"
                name="package_id"
                {...problem('package_id')}
                extra={packageExtra(chosenPackage, currency, packages.length === 0)}
              >
                <Select
                  allowClear
                  placeholder={
                    spaceId === null
                      ? 'Choose a space first'
                      : packages.length
                        ? 'No package deal'
                        : 'This space has no package deals'
                  }
                  disabled={packages.length === 0}
                  options={packages.map((pkg) => ({ value: pkg.id, label: pkg.name }))}
                />
              </Form.Item>
            </FormSection>

            <FormSection title="Client">
              <FieldPair>
                <Form.Item
                  label="Client"
                  name="client_id"
                  required
                  rules={[rule('client_id')]}
                  {...problem('client_id')}
                >
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    placeholder="Select a client"
                    loading={clients.isFetching}
                    disabled={organizationId === null}
                    options={(clients.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                  />
                </Form.Item>
                <Form.Item
                  label="Booking User"
                  name="user_id"
                  required
                  rules={[rule('user_id')]}
                  {...problem('user_id')}
                >
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    placeholder={clientId === null ? 'Select a client first' : 'Select a user'}
                    loading={users.isFetching}
                    disabled={clientId === null}
                    options={userOptions}
                    notFoundContent={users.isFetching ? <Spin size="small" /> : 'This client has no users'}
                  />
                </Form.Item>
              </FieldPair>
              <Row gutter={16}>
                <Col xs={24} sm={12}>
                  <Form.Item
                    label="Attendees"
                    name="attendees"
                    required
                    rules={[rule('attendees')]}
                    {...problem('attendees')}
                    extra={room ? `Seats up to ${room.capacity}.` : undefined}
                  >
                    <InputNumber min={1} max={99999} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </Row>
            </FormSection>

            <ExtrasSection
              rule={rule}
              problem={problem}
              amenities={room?.amenities}
              currency={currency}
              packageChosen={chosenPackage !== null}
              gratisMinutes={gratisMinutes}
              month={month}
              amendRoomAmount={values.amend_room_amount}
              ratePrice={latest?.price}
            />

            <FormSection title="Payment">
              <FieldPair>
                <Form.Item
                  label="Payment Method"
                  name="payment_status"
                  required
                  rules={[rule('payment_status')]}
                >
                  <Radio.Group
                    optionType="button"
                    buttonStyle="solid"
                    options={[
                      { value: 'invoice', label: 'Invoice' },
                      { value: 'card', label: 'Credit Card' },
                    ]}
                  />
                </Form.Item>
                {values.payment_status === 'card' ? (
                  <Form.Item
                    label="Transaction ID"
                    name="transaction_id"
                    required
                    dependencies={['payment_status']}
                    rules={[rule('transaction_id')]}
                    {...problem('transaction_id')}
                  >
                    <Input maxLength={100} />
                  </Form.Item>
                ) : (
                  <span />
                )}
              </FieldPair>
            </FormSection>

            <FormSection title="Notes">
              <FieldPair>
                <Form.Item label="Notes" name="notes" rules={[rule('notes')]}>
                  <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={5000} />
                </Form.Item>
                <Form.Item
                  label="Special Requirements"
                  name="special_requirement"
                  rules={[rule('special_requirement')]}
                >
                  <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={5000} />
                </Form.Item>
              </FieldPair>
            </FormSection>

            {context.recurringEnabled ? (
              <RepeatSection
                rule={rule}
                problem={problem}
                repeat={repeat}
                until={values.recurring?.ends === 'until'}
                dateFormat={dateFormat}
                today={today}
              />
            ) : null}
          </Form>
        </Col>
        <Col xs={24} lg={9} xxl={8} style={{ alignSelf: 'stretch' }}>
          <BookingSummary
            facts={{
              space: chosenSpace?.name ?? null,
              center: chosenCenter?.name ?? null,
              date: date ? `${dayjs(date).format('ddd')}, ${showDate(date)}` : null,
              start: values.start_time,
              end: values.end_time,
              attendees: typeof values.attendees === 'number' ? values.attendees : null,
              client: chosenClient?.name ?? null,
              user: chosenUser ? `${chosenUser.first_name} ${chosenUser.last_name}` : null,
              packageName: chosenPackage?.name ?? null,
            }}
            quote={latest}
            pricing={quoteReady && (settling || quote.isFetching)}
            quoteReady={quoteReady}
            otherProblems={otherProblems}
            saving={saving}
            formatDate={showDate}
            onSave={save}
            onCancel={() => void navigate(bookingListPath)}
          />
        </Col>
      </Row>
    </Flex>
  )
}

function packageExtra(
  pkg: RoomPackage | null,
  currency: string | undefined,
  none: boolean,
): string | undefined {
  if (none) return undefined
  if (!pkg) return 'Optional: a package deal is priced per attendee.'
  const slot =
    pkg.type === 'fixed' && pkg.start_time && pkg.end_time
      ? `${formatWallTime(pkg.start_time)} – ${formatWallTime(pkg.end_time)}`
      : `${describeDuration(pkg.duration_minutes ?? 0)} from the start time`
  return `${slot} · ${money(pkg.rate, currency)} per attendee · at least ${pkg.min_attendees} attendees`
}
