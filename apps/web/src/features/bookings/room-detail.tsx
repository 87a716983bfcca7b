import { CalendarOutlined } from '@ant-design/icons'
import {
  currencySymbol,
  dateDisplayFormat,
  formatWallTime,
  occurrenceDates,
  recurringFrequencies,
  recurringRuleSchema,
} from '@spaceboard/domain'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import {
  Checkbox,
  Col,
  Empty,
  Flex,
  Form,
  type FormItemProps,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Spin,
  Switch,
  Tag,
  Typography,
  theme,
} from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect, useRef, useState } from 'react'
import { ApiError } from '../../platform/api-client.ts'
import { DatePicker } from '../../platform/date-picker.tsx'
import { useConfirm, useToast } from '../../platform/feedback.ts'
import { crossFieldRule, showFieldErrors } from '../../platform/form-kit.ts'
import { FieldPair, FormSection } from '../../platform/form-layout.tsx'
import { formatDate, useToday } from '../../platform/format.ts'
import { MoneyInput } from '../../platform/money-input.tsx'
import { OrganizationField } from '../../platform/organization-select.tsx'
import { useProfile } from '../../platform/session.ts'
import { useDebounced } from '../../platform/use-debounced.ts'
import { WallTimePicker } from '../../platform/wall-time-picker.tsx'
import { centerOptionsQuery } from '../centers/api.ts'
import { useClientOptions } from '../clients/api.ts'
import { organizationQuery } from '../organizations/api.ts'
import { spaceOptionsQuery, spaceQuery } from '../spaces/api.ts'
import {
  BOOKING_ENDPOINT,
  type BookingBody,
  bookedSlotsQuery,
  bookingClientQuery,
  clientUsersQuery,
  createBooking,
  quoteQuery,
  type RoomAmenity,
  type RoomPackage,
  roomDetailQuery,
  type SeriesConflict,
} from './api.ts'
import { AlreadyBooked } from './booked-slots.tsx'
import { BookingSummary, money, SeriesConflicts } from './booking-summary.tsx'
import { bookingListPath } from './operations-api.ts'
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
  remainingDates,
  roomWindow,
} from './room-detail-model.ts'

const route = getRouteApi('/_signed-in/admin/book/room-detail')

const frequencyLabels: Record<string, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' }
const chargeLabels: Record<RoomAmenity['charge_type'], string> = {
  flat: 'flat',
  attendee: 'per attendee',
  hour: 'per hour',
}

/** The confirmation page of a booking. */
const invoicePath = (bookingId: number) =>
  ({ to: '/admin/book/invoice/$id', params: { id: String(bookingId) } }) as const

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
  const queryClient = useQueryClient()
  const toast = useToast()
  const confirm = useConfirm()
  const { token } = theme.useToken()
  const isSuper = profile.type === 'super'
  const [form] = Form.useForm<BookingFormValues>()
  const [initial] = useState<BookingFormValues>(() => ({
    ...newBookingValues(search, search.bookingDate ? dayjs(search.bookingDate) : null),
    ...prefill,
  }))
  const watched = Form.useWatch((all: BookingFormValues) => all, { form, preserve: true })
  const values: BookingFormValues = watched ?? initial
  const [saving, setSaving] = useState(false)
  const [conflicts, setConflicts] = useState<{
    message: string
    list: SeriesConflict[]
    body: BookingBody
  } | null>(null)
  const conflictsRef = useRef<HTMLDivElement>(null)

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
    setConflicts(null)
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

  const send = async (sent: BookingBody) => {
    setSaving(true)
    try {
      const created = await createBooking(sent)
      toast.success(created.message)
      await queryClient.invalidateQueries({ queryKey: [BOOKING_ENDPOINT] })
      await navigate(invoicePath(created.bookingId))
    } catch (error) {
      setSaving(false)
      if (error instanceof ApiError && error.status === 409) {
        // "This room needs preparation time of … Do you still want to continue?"
        if (error.body.confirm === 'preparation_time') {
          if (await confirm({ content: error.message }))
            await send({ ...sent, confirm_preparation_time: true })
          return
        }
        const list = Array.isArray(error.body.conflicts) ? (error.body.conflicts as SeriesConflict[]) : []
        if (list.length > 0) {
          setConflicts({ message: error.message, list, body: sent })
          setTimeout(() => conflictsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 50)
          return
        }
        // Someone else took the slot meanwhile: the booked slots and the quote say so afresh.
        void queryClient.invalidateQueries({ queryKey: [BOOKING_ENDPOINT] })
        toast.error(error.message)
        return
      }
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        const shown = showFieldErrors(form, error.errors)
        if (shown.length === 0) toast.error(Object.values(error.errors)[0] ?? error.message)
        return
      }
      toast.failure(error)
    }
  }

  const save = () => {
    if (!saving) form.submit()
  }
  const onFinish = () => {
    setConflicts(null)
    void send(bookingBody(form.getFieldsValue(true) as BookingFormValues, context))
  }

  const conflictDates = conflicts?.list.map((c) => c.date) ?? []
  const seriesLeft = (() => {
    if (!conflicts?.body.recurring) return 0
    const rule = recurringRuleSchema.safeParse(conflicts.body.recurring)
    if (!rule.success) return 0
    const all = occurrenceDates(conflicts.body.booking_date, rule.data)
    return remainingDates(all, [...conflicts.body.skip_dates, ...conflictDates]).length
  })()
  const bookOthers = () => {
    if (!conflicts) return
    void send({
      ...conflicts.body,
      skip_dates: [...new Set([...conflicts.body.skip_dates, ...conflictDates])],
    })
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

            <FormSection title="Extras">
              <Form.Item label="Amenities" name="amenity_ids" {...problem('amenity_ids')}>
                <AmenityChoice amenities={room?.amenities} currency={currency} />
              </Form.Item>
              <FieldPair>
                <Form.Item
                  label="Voucher Code"
                  name="voucher_code"
                  rules={[rule('voucher_code')]}
                  {...problem('voucher_code')}
                  normalize={(value: string) => value.toUpperCase()}
                >
                  <Input maxLength={30} placeholder="e.g. WELCOME10" allowClear />
                </Form.Item>
                <Form.Item
                  label="Use Gratis Minutes"
                  name="use_gratis"
                  valuePropName="checked"
                  extra={
                    chosenPackage
                      ? 'Package deals are priced per attendee, without gratis minutes.'
                      : gratisMinutes === null
                        ? 'Choose a client to see their gratis minutes.'
                        : `${gratisMinutes} minutes available in ${month}.`
                  }
                >
                  <GratisSwitch available={gratisMinutes} />
                </Form.Item>
              </FieldPair>
              <Form.Item
                name="amend_room_amount"
                valuePropName="checked"
                style={{ marginBottom: values.amend_room_amount ? 8 : 24 }}
              >
                <Checkbox>Amend room amount</Checkbox>
              </Form.Item>
              {values.amend_room_amount ? (
                <Row gutter={16}>
                  <Col xs={24} sm={12}>
                    <Form.Item
                      label="Room Amount"
                      name="room_amount"
                      required
                      rules={[rule('room_amount')]}
                      {...problem('room_amount')}
                      extra={
                        latest?.price
                          ? `Rate table: ${money(latest.price.original_amount, latest.price.currency)}`
                          : 'Replaces the rate table’s room amount.'
                      }
                    >
                      <MoneyInput prefix={currencySymbol(currency)} />
                    </Form.Item>
                  </Col>
                </Row>
              ) : null}
            </FormSection>

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
              <FormSection title="Repeat">
                <Form.Item name="repeat" valuePropName="checked" label="Recurring Booking">
                  <Switch />
                </Form.Item>
                {repeat ? (
                  <div
                    style={{
                      padding: '16px 16px 0',
                      marginBottom: 16,
                      borderRadius: token.borderRadiusLG,
                      background: token.colorFillAlter,
                    }}
                  >
                    <Form.Item
                      label="Frequency"
                      name={['recurring', 'frequency']}
                      required
                      rules={[rule('recurring.frequency')]}
                      {...problem('recurring.frequency')}
                    >
                      <Radio.Group
                        optionType="button"
                        options={recurringFrequencies.map((f) => ({
                          value: f,
                          label: frequencyLabels[f] ?? f,
                        }))}
                      />
                    </Form.Item>
                    <Row gutter={16} align="bottom">
                      <Col xs={24} sm={12}>
                        <Form.Item label="Ends" name={['recurring', 'ends']} required>
                          <Radio.Group
                            options={[
                              { value: 'count', label: 'After a number of bookings' },
                              { value: 'until', label: 'On a date' },
                            ]}
                          />
                        </Form.Item>
                      </Col>
                      <Col xs={24} sm={12}>
                        {values.recurring?.ends === 'until' ? (
                          <Form.Item
                            label="Until"
                            name={['recurring', 'until_date']}
                            required
                            dependencies={['booking_date']}
                            rules={[rule('recurring.until_date')]}
                            {...problem('recurring.until_date')}
                          >
                            <DatePicker
                              format={dateFormat}
                              placeholder={dateFormat}
                              disabledDate={(day: Dayjs) => day.format('YYYY-MM-DD') < today}
                              style={{ width: '100%' }}
                            />
                          </Form.Item>
                        ) : (
                          <Form.Item
                            label="Occurrences"
                            name={['recurring', 'occurrences']}
                            required
                            rules={[rule('recurring.occurrences')]}
                            {...problem('recurring.occurrences')}
                          >
                            <InputNumber
                              min={2}
                              max={100}
                              precision={0}
                              style={{ width: '100%' }}
                              suffix="bookings"
                            />
                          </Form.Item>
                        )}
                      </Col>
                    </Row>
                  </div>
                ) : null}
              </FormSection>
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

/** The space's amenities as a checkbox list with their charge (flat, per attendee, per hour). */
function AmenityChoice({
  amenities,
  currency,
  value,
  onChange,
  id,
}: {
  amenities: RoomAmenity[] | undefined
  currency: string | undefined
  value?: number[]
  onChange?: (value: number[]) => void
  id?: string
}) {
  const { token } = theme.useToken()
  if (!amenities)
    return <Typography.Text type="secondary">Choose a space to see its amenities.</Typography.Text>
  if (amenities.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="This space has no amenities." />
  return (
    <Checkbox.Group
      value={value ?? []}
      onChange={(next) => onChange?.(next as number[])}
      style={{ width: '100%' }}
    >
      <Row id={id} gutter={[12, 8]} style={{ width: '100%' }}>
        {amenities.map((amenity) => (
          <Col key={amenity.amenity_id} xs={24} md={12}>
            <div
              style={{
                height: '100%',
                display: 'flex',
                alignItems: 'center',
                padding: '8px 12px',
                border: `1px solid ${(value ?? []).includes(amenity.amenity_id) ? token.colorPrimary : token.colorBorderSecondary}`,
                borderRadius: token.borderRadius,
              }}
            >
              <Checkbox value={amenity.amenity_id} style={{ width: '100%' }} styles={{ label: { flex: 1 } }}>
                <Flex justify="space-between" gap={8} style={{ width: '100%' }}>
                  <span>{amenity.name}</span>
                  <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                    {money(amenity.amount, currency)} {chargeLabels[amenity.charge_type]}
                  </Typography.Text>
                </Flex>
              </Checkbox>
            </div>
          </Col>
        ))}
      </Row>
    </Checkbox.Group>
  )
}

/** Use gratis minutes: off and disabled while the client has none left that month. */
function GratisSwitch({
  available,
  checked,
  onChange,
  id,
}: {
  available: number | null
  checked?: boolean
  onChange?: (checked: boolean) => void
  id?: string
}) {
  const none = available === 0
  return (
    <Switch
      id={id}
      checked={Boolean(checked) && !none}
      disabled={none}
      onChange={(next) => onChange?.(next)}
    />
  )
}
