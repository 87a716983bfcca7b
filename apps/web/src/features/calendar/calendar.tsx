import { FilePdfOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons'
import {
  CALENDAR_PREFERENCE,
  type CalendarSpace,
  type CalendarView,
  calendarDateText,
  can,
  dayAxis,
  formatIsoDate,
  formatMoney,
  formatWallTime,
  type IsoDate,
  isClockChangeDay,
  messages,
  timeZoneOffset,
  todayIn,
  type WallMoment,
  wallMomentOf,
} from '@spaceboard/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import {
  Alert,
  Button,
  Calendar,
  Card,
  Col,
  Empty,
  Flex,
  Row,
  Select,
  Skeleton,
  Space,
  Spin,
  Typography,
  theme,
} from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { type CSSProperties, useEffect, useMemo, useState } from 'react'
import { useConfirm, useToast } from '../../platform/feedback.ts'
import { useOrganizationOptions } from '../../platform/organization-select.tsx'
import { preferenceQuery, useSavePreference } from '../../platform/preferences.ts'
import { useProfile } from '../../platform/session.ts'
import {
  IdempotentAction,
  type RescheduleQuote,
  type RescheduleSlot,
  rescheduleQuoteQuery,
} from '../bookings/operations-api.ts'
import {
  AmountDialog,
  preparationAccepted,
  quoteRefusal,
  useSendReschedule,
} from '../bookings/reschedule-flow.tsx'
import { useRegionOptions } from '../centers/api.ts'
import { calendarPdfUrl, calendarWindowQuery, useLiveBookings, windowParams } from './api.ts'
import { CalendarGrid, type GridChange } from './calendar-grid.tsx'
import {
  type BookingEventProps,
  blackoutEvents,
  bookingEvents,
  bookingTooltip,
  type CalendarSearch,
  calendarZone,
  clockChangeEvents,
  clockChanges,
  clockChangeText,
  closedStretches,
  eventsOnAxis,
  hasFilters,
  monthEvents,
  rangeOffsets,
  roomDetailSearchOf,
  searchOf,
  searchViewOf,
  shadedSpaces,
  stepDate,
  viewNames,
  viewOf,
  viewRange,
  weekEvents,
} from './calendar-model.ts'

const route = getRouteApi('/_signed-in/admin/book/calendar')

/**
 * Booking Calendar (/admin/book/calendar, spec 2 §2, issue 16). A non-super user's region,
 * location, space, date and view are remembered on the server (preference `calendar`) and put back
 * into the URL when they come back without any.
 */
export function BookingCalendar() {
  const profile = useProfile()
  const search = route.useSearch()
  const navigate = useNavigate()
  const remembers = profile.type !== 'super'
  const preference = useQuery({ ...preferenceQuery(CALENDAR_PREFERENCE), enabled: remembers })
  // Only on arrival: filters cleared on the page itself stay cleared.
  const [arriving, setArriving] = useState(remembers && !hasFilters(search))

  useEffect(() => {
    if (!arriving || preference.isPending) return
    const remembered = preference.data ?? null
    if (remembered === null) {
      setArriving(false)
      return
    }
    void navigate({ to: '/admin/book/calendar', search: searchOf(remembered), replace: true }).finally(() =>
      setArriving(false),
    )
  }, [arriving, preference.isPending, preference.data, navigate])

  if (arriving) return <Skeleton active paragraph={{ rows: 10 }} />
  return <CalendarScreen search={search} />
}

interface DropDialog {
  quote: RescheduleQuote
  slot: RescheduleSlot
  bookingId: number
  currency: string
  action: IdempotentAction
  /** The preparation-time question was asked, before the dialog, and accepted. */
  preparationConfirmed: boolean
  revert: () => void
}

function CalendarScreen({ search }: { search: CalendarSearch }) {
  const profile = useProfile()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const toast = useToast()
  const confirm = useConfirm()
  const sendReschedule = useSendReschedule()
  const savePreference = useSavePreference(CALENDAR_PREFERENCE)
  const isSuper = profile.type === 'super'
  const canCreate = can(profile.type, 'bookings.create')
  const canUpdate = can(profile.type, 'bookings.update')

  const organizationId = isSuper ? (search.org_id ?? null) : profile.organization_id
  const view = viewOf(search)
  // The scope's spaces name the chosen location's zone; until they come, the organization's.
  const [zoneSpaces, setZoneSpaces] = useState<readonly CalendarSpace[]>([])
  const zone = calendarZone(zoneSpaces, search.business_center_id, isSuper ? null : profile.time_zone)
  const today = todayIn(zone)
  const date = search.date ?? today
  const range = useMemo(() => viewRange(view, date), [view, date])

  /** Applies the filters; a non-super user's are remembered (spec 2 §2). */
  const go = (next: CalendarSearch) => {
    void navigate({ to: '/admin/book/calendar', search: next })
    if (!isSuper)
      savePreference.mutate({
        region_id: next.region_id ?? null,
        business_center_id: next.business_center_id ?? null,
        meeting_room_id: next.meeting_room_id ?? null,
        date: next.date ?? null,
        view: viewOf(next),
      })
  }
  const clearFilters = () => {
    savePreference.mutate(null)
    void navigate({ to: '/admin/book/calendar', search: {} })
  }

  const { params, scopeParams } = windowParams(search, organizationId, isSuper, today)
  const windowQuery = useQuery(calendarWindowQuery(params))
  // The spaces of the organization (or region) on the day: the Location and Space choices.
  const scope = useQuery(calendarWindowQuery(scopeParams))
  useEffect(() => {
    if (scope.data) setZoneSpaces(scope.data.spaces)
  }, [scope.data])
  const organizations = useOrganizationOptions(isSuper)
  const regions = useRegionOptions(organizationId, isSuper)

  const answer = windowQuery.data
  const spaces = answer?.spaces ?? []
  const timeFormat = answer?.time_format ?? profile.time_format
  const spaceIds = useMemo(() => spaces.map((s) => s.id), [spaces])
  useLiveBookings(organizationId, spaceIds)

  const locations = useMemo(() => {
    const seen = new Map<number, string>()
    for (const space of scope.data?.spaces ?? []) seen.set(space.centerId, space.centerName)
    return [...seen]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label))
  }, [scope.data])
  const spaceChoices = (scope.data?.spaces ?? []).filter(
    (space) => search.business_center_id === undefined || space.centerId === search.business_center_id,
  )

  const zones = useMemo(() => [...new Set(spaces.map((s) => s.timezone))], [spaces])
  const singleZone = zones.length === 1 ? (zones[0] as string) : null
  const changes = useMemo(
    () => (view === '2' ? [] : zones.flatMap((zone) => clockChanges(zone, range))),
    [view, range, zones],
  )

  // The day view of a day whose clock changes in the location's zone: its 23 or 25 real hours.
  const axis = useMemo(() => {
    if (view !== '' || !singleZone) return null
    const day = dayAxis(date, singleZone)
    return isClockChangeDay(day) ? day : null
  }, [view, date, singleZone])

  const events = useMemo(() => {
    if (!answer) return []
    const booked = bookingEvents(answer, (booking) => canUpdate && !booking.imported, axis)
    const blackouts = blackoutEvents(answer, shadedSpaces(answer, view), range, view === '2')
    if (axis) return [...eventsOnAxis(blackouts, axis), ...booked]
    // On a 24-row grid the hour a clock change skips or repeats is shaded instead.
    const clock = changes.flatMap((change) => clockChangeEvents(change, answer.spaces))
    const shown = view === '2' ? monthEvents(booked) : view === '1' ? weekEvents(booked) : booked
    return [...blackouts, ...clock, ...shown]
  }, [answer, canUpdate, view, range, changes, axis])

  // The hours outside each space's bookable window, shaded in its time-grid columns.
  const closedHours = useMemo(() => {
    if (!answer || view === '2') return null
    const shaded = new Map(shadedSpaces(answer, view).map((space) => [space.id, space]))
    const only = shaded.size === 1 ? [...shaded.values()][0] : undefined
    return (spaceId: number | null, day: IsoDate) => {
      const space = spaceId === null ? only : shaded.get(spaceId)
      return space ? closedStretches(space, day, axis) : []
    }
  }, [answer, view, axis])

  const spaceById = useMemo(() => new Map(spaces.map((s) => [s.id, s])), [spaces])
  const dateText = (iso: string) => calendarDateText(iso, timeFormat)
  const totalText = (booking: { total: string; currency: string }) =>
    formatMoney(booking.total, booking.currency)

  /** Drag across an empty slot: "Want to book a slot?", then New Booking with the slot (spec 2 §2). */
  const onSelect = async (spaceId: number | null, start: WallMoment, end: WallMoment) => {
    const space = spaceById.get(spaceId ?? (spaces.length === 1 ? (spaces[0] as CalendarSpace).id : -1))
    if (!space) return
    const endTime = end.date > start.date ? '24:00' : end.time
    const yes = await confirm({
      title: messages.wantToBookSlot,
      content: `${space.name}, ${dateText(start.date)}, ${formatWallTime(start.time)} – ${endTime === '24:00' ? '12:00 AM' : formatWallTime(endTime)}`,
      okText: 'YES',
      cancelText: 'NO',
    })
    if (!yes) return
    void navigate({
      to: '/admin/book/room-detail',
      search: roomDetailSearchOf(space, start, end, dateText(start.date)),
    })
  }

  const [dialog, setDialog] = useState<DropDialog | null>(null)
  const [saving, setSaving] = useState(false)

  /**
   * A move or resize (spec 2 §2, §4, §5): "Do you want to proceed?", then the Reschedule screen's
   * checks and amounts (its quote and PUT); a refused or cancelled drop goes back where it was.
   */
  const onChange = async (change: GridChange) => {
    const { booking, spaceId, start, end, minutes, resized, revert } = change
    const space = spaceById.get(spaceId) ?? booking.space
    if (resized && minutes < space.minimumDurationMinutes) {
      toast.error(
        messages.minDuration(
          Math.floor(space.minimumDurationMinutes / 60),
          space.minimumDurationMinutes % 60,
        ),
      )
      revert()
      return
    }
    if (!(await confirm({ content: messages.confirmProceed }))) {
      revert()
      return
    }
    const slot: RescheduleSlot = {
      newMeetingRoomId: space.id,
      newStartTime: wallMomentOf(start),
      newEndTime: wallMomentOf(end),
    }
    const id = booking.booking.id
    let quote: RescheduleQuote
    try {
      quote = await queryClient.fetchQuery(rescheduleQuoteQuery(id, slot))
    } catch (error) {
      toast.failure(error)
      revert()
      return
    }
    const refusal = quoteRefusal(quote)
    if (refusal) {
      toast.error(refusal)
      revert()
      return
    }
    // The quote knows already whether the move cuts into a neighbour's preparation time: asked
    // first, not after the person has settled the amount.
    if (!(await preparationAccepted(quote, confirm))) {
      revert()
      return
    }
    const preparationConfirmed = quote.preparation !== null
    // One Idempotency-Key per drop, kept through the dialog.
    const action = new IdempotentAction()
    if (quote.mode === 'same') {
      if (!(await sendReschedule(id, slot, action, undefined, preparationConfirmed))) revert()
      return
    }
    setDialog({
      quote,
      slot,
      bookingId: id,
      currency: booking.booking.currency,
      action,
      preparationConfirmed,
      revert,
    })
  }

  const proceed = async (amount: string) => {
    if (!dialog || saving) return
    setSaving(true)
    const answer = await sendReschedule(
      dialog.bookingId,
      dialog.slot,
      dialog.action,
      amount,
      dialog.preparationConfirmed,
    )
    setSaving(false)
    if (answer) setDialog(null)
  }

  const zoneNote = !answer
    ? null
    : singleZone
      ? `Times are on the location's clock: ${singleZone} (${rangeOffsets(singleZone, range)
          .map((offset) => `UTC${offset}`)
          .join(', then ')}).`
      : zones.length > 1
        ? `These spaces are in different time zones (${zones.join(', ')}): each booking and slot is shown on its own location's clock.`
        : null

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Booking Calendar
        </Typography.Title>
        <Space wrap>
          <Button
            icon={<FilePdfOutlined />}
            disabled={!params}
            onClick={() => {
              if (params) window.open(calendarPdfUrl(params), '_blank', 'noopener')
            }}
          >
            Export PDF
          </Button>
          {!isSuper ? <Button onClick={clearFilters}>Clear Filter</Button> : null}
        </Space>
      </Flex>
      <Card size="small">
        <Flex wrap gap={12} role="search" aria-label="Calendar filters">
          {isSuper ? (
            <Select
              aria-label="Select Organization"
              placeholder="Select Organization"
              style={{ minWidth: 220 }}
              showSearch={{ optionFilterProp: 'label' }}
              loading={organizations.isPending}
              value={search.org_id}
              onChange={(org_id: number) => go({ org_id, date: search.date, view: search.view })}
              options={(organizations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            />
          ) : null}
          <Select
            aria-label="Select Region"
            placeholder="Select Region"
            style={{ minWidth: 180 }}
            allowClear
            disabled={organizationId === null}
            value={search.region_id}
            onChange={(region_id?: number) =>
              go({ org_id: search.org_id, region_id, date: search.date, view: search.view })
            }
            options={(regions.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          />
          <Select
            aria-label="Select Location"
            placeholder="Select Location"
            style={{ minWidth: 200 }}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            disabled={organizationId === null}
            loading={scope.isFetching}
            value={search.business_center_id}
            onChange={(business_center_id?: number) =>
              go({ ...search, business_center_id, meeting_room_id: undefined })
            }
            options={locations}
          />
          <Select
            aria-label="Select Space"
            placeholder="Select Space"
            style={{ minWidth: 200 }}
            showSearch={{ optionFilterProp: 'label' }}
            disabled={organizationId === null}
            value={search.meeting_room_id ?? 0}
            onChange={(id: number) => go({ ...search, meeting_room_id: id === 0 ? undefined : id })}
            options={[
              { value: 0, label: 'All Spaces' },
              ...spaceChoices.map((s) => ({ value: s.id, label: s.name })),
            ]}
          />
          <Select
            aria-label="Select View"
            style={{ minWidth: 120 }}
            value={view}
            onChange={(next: CalendarView) => go({ ...search, view: searchViewOf(next) })}
            options={(['', '1', '2'] as const).map((value) => ({ value, label: viewNames[value] }))}
          />
        </Flex>
      </Card>
      {organizationId === null ? (
        <Card>
          <Empty description="Select Organization to see its calendar." />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={6}>
            <MiniMonth value={date} today={today} onSelect={(next) => go({ ...search, date: next })} />
          </Col>
          <Col xs={24} lg={18}>
            <Card size="small">
              <Flex vertical gap={8}>
                <Flex justify="space-between" align="center" wrap gap={8}>
                  <Space>
                    <Button
                      aria-label={`Previous ${viewNames[view].toLowerCase()}`}
                      icon={<LeftOutlined />}
                      onClick={() => go({ ...search, date: stepDate(view, date, -1) })}
                    />
                    <Button onClick={() => go({ ...search, date: today })}>Today</Button>
                    <Button
                      aria-label={`Next ${viewNames[view].toLowerCase()}`}
                      icon={<RightOutlined />}
                      onClick={() => go({ ...search, date: stepDate(view, date, 1) })}
                    />
                  </Space>
                  <Typography.Title level={4} style={{ margin: 0 }} data-testid="calendar-title">
                    {view === ''
                      ? formatIsoDate(date, timeFormat)
                      : view === '1'
                        ? `${formatIsoDate(range.start, timeFormat)} – ${formatIsoDate(range.end, timeFormat)}`
                        : dayjs(date).format('MMMM YYYY')}
                  </Typography.Title>
                  <span style={{ minWidth: 24 }}>
                    {windowQuery.isFetching ? <Spin size="small" /> : null}
                  </span>
                </Flex>
                {zoneNote ? (
                  <Typography.Text type="secondary" data-testid="calendar-zone">
                    {zoneNote}
                  </Typography.Text>
                ) : null}
                {changes.map((change) => (
                  <Alert
                    key={`${change.zone}-${change.date}`}
                    type="info"
                    showIcon
                    title={clockChangeText(change, dateText(change.date))}
                  />
                ))}
                {windowQuery.isError ? (
                  <Alert type="error" showIcon title={windowQuery.error.message} />
                ) : answer && spaces.length === 0 ? (
                  <Empty description="No spaces match these filters." />
                ) : null}
                <CalendarGrid
                  view={view}
                  date={date}
                  spaces={spaces}
                  events={events}
                  offset={timeZoneOffset(singleZone ?? zone)}
                  nowLine={singleZone !== null}
                  timeFormat={timeFormat}
                  axis={axis}
                  closedHours={closedHours}
                  selectable={canCreate && view !== '2' && (view === '' || spaces.length === 1)}
                  editable={canUpdate}
                  tooltip={(props: BookingEventProps) => bookingTooltip(props, totalText)}
                  onSelect={(spaceId, start, end) => void onSelect(spaceId, start, end)}
                  onOpen={(id) => window.open(`/admin/book/invoice/${id}`, '_blank', 'noopener')}
                  onMore={(day) => go({ ...search, date: day, view: undefined })}
                  onChange={(change) => void onChange(change)}
                />
              </Flex>
            </Card>
          </Col>
        </Row>
      )}
      {dialog ? (
        <AmountDialog
          currency={dialog.currency}
          quote={dialog.quote}
          saving={saving}
          onCancel={() => {
            if (saving) return
            dialog.revert()
            setDialog(null)
          }}
          onProceed={(amount) => void proceed(amount)}
        />
      ) : null}
    </Flex>
  )
}

/**
 * The mini month date picker beside the calendar (spec 2 §2); weeks start on Sunday. It marks the
 * calendar's today (antd's own mark is the browser's day, hidden in calendar.css).
 */
function MiniMonth({
  value,
  today,
  onSelect,
}: {
  value: string
  today: IsoDate
  onSelect: (date: string) => void
}) {
  const { token } = theme.useToken()
  const shown = dayjs(value)
  return (
    <Card size="small" styles={{ body: { padding: 0 } }}>
      <fieldset
        aria-label="Date"
        style={{ border: 0, margin: 0, padding: 0, minWidth: 0, borderRadius: token.borderRadiusLG }}
      >
        <Calendar
          className="sb-mini-month"
          style={{ '--sb-today': token.colorPrimary } as CSSProperties}
          fullscreen={false}
          value={shown}
          onSelect={(day: Dayjs) => onSelect(day.format('YYYY-MM-DD'))}
          fullCellRender={(day: Dayjs) => {
            const iso = day.format('YYYY-MM-DD')
            return (
              <div
                className={`ant-picker-cell-inner ant-picker-calendar-date${iso === today ? ' sb-today' : ''}`}
                aria-current={iso === today ? 'date' : undefined}
              >
                <div className="ant-picker-calendar-date-value">{day.date()}</div>
              </div>
            )
          }}
          headerRender={({ value: month, onChange: move }) => (
            <Flex justify="space-between" align="center" style={{ padding: '8px 12px' }}>
              <Button
                size="small"
                type="text"
                icon={<LeftOutlined />}
                aria-label="Previous month"
                onClick={() => move(month.subtract(1, 'month'))}
              />
              <Typography.Text strong data-testid="mini-month">
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
    </Card>
  )
}
