import {
  addDays,
  type CalendarAnswer,
  messages,
  minutesOfDay,
  startOfDay,
  timeOfDay,
  timeZoneOffset,
  wallClock,
} from '@spaceboard/domain'
import type { BrowserContext, Locator, Page, Route } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import {
  antdStylesOfPage,
  dialog,
  eventually,
  logins,
  PASSWORD,
  setupE2eApp,
  shot,
  signIn,
  toast,
  visible,
} from './support.ts'
import { choose, confirmDialog } from './ui.ts'

const app = setupE2eApp()

const CALENDAR = '/admin/book/calendar'
/** The grid's hour cell (spec 2 §9: time cell height 45). */
const HOUR_PX = 45

/** A Sydney date 220+ days ahead (past the demo data), a fresh one per test, clear of blackout days. */
const today = wallClock(new Date(), 'Australia/Sydney').date
let offset = 220
function nextDay(): string {
  let date = addDays(today, offset++)
  while (['12-25', '12-26', '01-01'].includes(date.slice(5))) date = addDays(today, offset++)
  return date
}

const ids = { quay: 0, roomA: 0, roomB: 0, coral: 0, carlos: 0 }

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path)
  expect(response.status(), path).toBe(200)
  return (await response.json()) as T
}

interface BookingView {
  start_date: string
  start_wall: string
  end_wall: string
  meetingName: string
}
const view = (page: Page, id: number) => getJson<BookingView>(page, `/api/userbooking/${id}`)

/** Coral Tech books a Circular Quay (Sydney) space on an invoice; the times are Sydney's. */
async function book(page: Page, date: string, start: string, end: string, room = ids.roomA): Promise<number> {
  const response = await page.request.post('/api/userbooking', {
    data: {
      center_id: ids.quay,
      meeting_room_id: room,
      booking_date: date,
      start_time: start,
      end_time: end,
      client_id: ids.coral,
      user_id: ids.carlos,
      attendees: 4,
      amenity_ids: [],
      voucher_code: '',
      room_amount: '',
      use_gratis: false,
      payment_status: 'invoice',
      transaction_id: '',
      notes: '',
      special_requirement: '',
      confirm_preparation_time: true,
      recurring: null,
      skip_dates: [],
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { bookingId: number }).bookingId
}

beforeAll(async () => {
  const page = await app.signedInPage(logins.harbourAdmin)
  const centers = await getJson<Array<{ id: number; name: string }>>(page, '/api/center?all=1')
  ids.quay = centers.find((c) => c.name === 'Circular Quay')?.id ?? 0
  const spaces = await getJson<Array<{ id: number; name: string }>>(
    page,
    `/api/meetingroom?all=1&centerId=${ids.quay}`,
  )
  ids.roomA = spaces.find((s) => s.name === 'Harbour Room A')?.id ?? 0
  ids.roomB = spaces.find((s) => s.name === 'Harbour Room B')?.id ?? 0
  const clients = await getJson<Array<{ id: number; name: string }>>(page, '/api/client?all=1')
  ids.coral = clients.find((c) => c.name === 'Coral Tech')?.id ?? 0
  const users = await getJson<Array<{ id: number }>>(page, `/api/user?all=1&clientId=${ids.coral}`)
  ids.carlos = users[0]?.id ?? 0
  await page.context().close()
})

/** The day view of Circular Quay on a date. */
async function openDay(page: Page, date: string) {
  await page.goto(`${CALENDAR}?business_center_id=${ids.quay}&date=${date}`)
  await visible(page.locator('.ec-header .ec-col-head', { hasText: 'Harbour Room A' }))
}

/** A booking's event on the grid. */
const eventOf = (page: Page, id: number): Locator => page.locator(`article.ec-event[data-booking-id="${id}"]`)

/** The point of a wall-clock time in a space's column of the day view (its top edge). */
async function pointAt(page: Page, space: string, time: string): Promise<{ x: number; y: number }> {
  const heads = (await page.locator('.ec-header .ec-col-head').allTextContents()).map((t) => t.trim())
  const column = heads.indexOf(space)
  expect(column, `column of ${space} in ${heads.join(', ')}`).toBeGreaterThanOrEqual(0)
  const box = await page.locator('.ec-body .ec-day').nth(column).boundingBox()
  if (!box) throw new Error('no column box')
  return { x: box.x + box.width / 2, y: box.y + (minutesOfDay(time) / 60) * HOUR_PX }
}

/** The shaded hours in a space's day-view column: each block's top, height and tooltip. */
async function closedHoursOf(page: Page, space: string): Promise<string[][]> {
  const names = await page.locator('.sb-calendar .ec-col-head').allTextContents()
  return page
    .locator('.sb-calendar .ec-body .ec-day')
    .nth(names.findIndex((name) => name.includes(space)))
    .locator('.sb-closed-hours')
    .evaluateAll((blocks) =>
      blocks.map((block) => {
        const style = getComputedStyle(block)
        return [style.top, style.height, block.getAttribute('title') ?? '']
      }),
    )
}

/** A parameter of an intercepted request. */
const query = (route: Route, name: string): string =>
  new URL(route.request().url()).searchParams.get(name) ?? ''

/**
 * Spaces 01…n of Circular Quay (Sydney) for a window answer of the test's own: their own window
 * 07:00–21:00 is wider than the location's hours, 09:00–20:00, so they are bookable 09:00–20:00.
 */
function quaySpaces(count: number): CalendarAnswer['spaces'] {
  return Array.from({ length: count }, (_, i) => ({
    id: 9000 + i,
    name: `Space ${String(i + 1).padStart(2, '0')}`,
    centerId: ids.quay,
    centerName: 'Circular Quay',
    timezone: 'Australia/Sydney',
    displayOrder: i + 1,
    colorIndex: i % 53,
    startTime: '07:00',
    endTime: '21:00',
    openTime: '09:00',
    closeTime: '20:00',
    openAfterHours: false,
    minimumDurationMinutes: 60,
  }))
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 })
  await page.mouse.move(to.x, to.y, { steps: 5 })
  await page.mouse.up()
}

/** Where an event sits: its column's space and its top as a wall-clock time. */
async function placeOf(page: Page, id: number): Promise<{ space: string; time: string }> {
  const event = eventOf(page, id)
  const box = await event.boundingBox()
  if (!box) throw new Error('no event box')
  const heads = (await page.locator('.ec-header .ec-col-head').allTextContents()).map((t) => t.trim())
  const days = page.locator('.ec-body .ec-day')
  for (let i = 0; i < heads.length; i++) {
    const column = await days.nth(i).boundingBox()
    const middle = box.x + box.width / 2
    if (!column || middle < column.x || middle >= column.x + column.width) continue
    const minutes = Math.round(((box.y - column.y) / HOUR_PX) * 60)
    return { space: heads[i] as string, time: timeOfDay(minutes) }
  }
  throw new Error('event outside every column')
}

/** The event's bottom edge as a wall-clock time (its end). */
async function endOf(page: Page, id: number): Promise<string> {
  const box = await eventOf(page, id).boundingBox()
  const column = await page.locator('.ec-body .ec-day').first().boundingBox()
  if (!box || !column) throw new Error('no box')
  const minutes = Math.round((((box.y + box.height - column.y) / HOUR_PX) * 60) / 15) * 15
  return timeOfDay(minutes)
}

/** Drags the event's bottom edge to end at a time (aiming inside the last half hour, which the drag takes). */
async function resizeTo(page: Page, id: number, time: string) {
  const event = eventOf(page, id)
  await event.hover()
  const handle = event.locator('.ec-resizer')
  const box = await handle.boundingBox()
  if (!box) throw new Error('no resizer')
  const target = await pointAt(page, 'Harbour Room A', time)
  const x = box.x + box.width / 2
  await drag(page, { x, y: box.y + box.height / 2 }, { x, y: target.y - HOUR_PX / 4 })
}

/** Drags an event by its top edge to a space and time. */
async function moveTo(page: Page, id: number, space: string, time: string) {
  const box = await eventOf(page, id).boundingBox()
  if (!box) throw new Error('no event box')
  const target = await pointAt(page, space, time)
  await drag(page, { x: box.x + box.width / 2, y: box.y + 8 }, { x: target.x, y: target.y + 8 })
}

describe('Booking calendar', () => {
  test('dragging across an empty slot asks "Want to book a slot?" and YES opens RoomDetail with the slot', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.setViewportSize({ width: 1440, height: 1000 })
    // The menu entry right after New Booking.
    const menu = await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link').allTextContents()
    expect(menu.map((t) => t.trim()).slice(1, 3)).toEqual(['New Booking', 'Calendar'])
    const date = nextDay()
    await openDay(page, date)
    // The shell's and the calendar's antd styles came with the build's stylesheet of the calendar.
    expect(
      await antdStylesOfPage(page, [
        'ant-layout',
        'ant-menu',
        'ant-select',
        'ant-card',
        'ant-picker-calendar',
      ]),
    ).toEqual({ stylesheet: true, madeInBrowser: [] })
    await drag(
      page,
      await pointAt(page, 'Harbour Room B', '10:05'),
      await pointAt(page, 'Harbour Room B', '11:15'),
    )
    const ask = confirmDialog(page)
    await visible(ask.getByText(messages.wantToBookSlot, { exact: true }))
    const shown = date.split('-').reverse().join('/')
    await visible(ask.getByText(`Harbour Room B, ${shown}, 10:00 AM – 11:30 AM`))
    await shot(page, 'calendar-want-to-book')
    await ask.getByRole('button', { name: 'YES' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/book/room-detail')
    const query = Object.fromEntries(new URL(page.url()).searchParams)
    expect(query).toEqual({
      bookingType: 'room',
      roomId: String(ids.roomB),
      bookingDate: date,
      bookingTime: '10:00',
      bookingEndTime: '11:30',
      formatDate: shown,
    })
    await visible(page.getByText(`Slot from the calendar: ${shown}`))
  })

  test('an extension asks "Do you want to proceed?", then the preparation time, then the Reschedule/Extend Charge dialog, and moves the booking', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.setViewportSize({ width: 1440, height: 1000 })
    const date = nextDay()
    const id = await book(page, date, '10:00', '12:00')
    // The next booking starts at 13:00: ending then leaves Room A no time to get ready (15 minutes).
    await book(page, date, '13:00', '14:00')
    await openDay(page, date)
    await visible(eventOf(page, id))
    await resizeTo(page, id, '13:00')
    const ask = confirmDialog(page)
    await visible(ask.getByText(messages.confirmProceed, { exact: true }))
    await ask.getByRole('button', { name: 'Yes' }).click()
    // The quote knows the preparation time already: it is asked before the amount, never after it.
    const preparation = page.locator('.ant-modal-confirm', {
      hasText: messages.preparationTime('15 minutes'),
    })
    await visible(preparation)
    expect(await dialog(page, 'Reschedule/Extend Charge').count()).toBe(0)
    await preparation.getByRole('button', { name: 'Yes' }).click()
    const charge = dialog(page, 'Reschedule/Extend Charge')
    await visible(charge)
    const amount = charge.getByLabel('Room Amount')
    expect(Number(await amount.inputValue())).toBeGreaterThan(0)
    await shot(page, 'calendar-extend-charge')
    await charge.getByRole('button', { name: 'Proceed' }).click()
    await visible(toast(page, 'Booking rescheduled successfully.'))
    await eventually(async () => (await view(page, id)).end_wall).toBe('13:00')
    await eventually(() => endOf(page, id)).toBe('13:00')
  })

  test('a resize below the space minimum says so and puts the event back', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.setViewportSize({ width: 1440, height: 1000 })
    const date = nextDay()
    const id = await book(page, date, '10:00', '12:00')
    await openDay(page, date)
    await visible(eventOf(page, id))
    await resizeTo(page, id, '10:30')
    await visible(toast(page, messages.minDuration(1, 0)))
    await eventually(() => endOf(page, id)).toBe('12:00')
    expect((await view(page, id)).end_wall).toBe('12:00')
  })

  test('a move onto a booked slot says "This slot is already booked…" and puts the event back', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.setViewportSize({ width: 1440, height: 1000 })
    const date = nextDay()
    const id = await book(page, date, '10:00', '12:00')
    await book(page, date, '10:00', '12:00', ids.roomB)
    await openDay(page, date)
    await visible(eventOf(page, id))
    await moveTo(page, id, 'Harbour Room B', '10:00')
    const ask = confirmDialog(page)
    await visible(ask.getByText(messages.confirmProceed, { exact: true }))
    await ask.getByRole('button', { name: 'Yes' }).click()
    await visible(toast(page, messages.slotAlreadyBooked))
    await eventually(() => placeOf(page, id)).toEqual({ space: 'Harbour Room A', time: '10:00' })
    expect((await view(page, id)).meetingName).toBe('Harbour Room A')
  })

  test("the month view shows each booking's client, space and time on lines of their own", async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    const date = nextDay()
    const id = await book(page, date, '09:00', '11:00')
    await page.goto(`${CALENDAR}?business_center_id=${ids.quay}&date=${date}&view=2`)
    const event = eventOf(page, id)
    await visible(event)
    const lines = await Promise.all(
      ['.sb-event-client', '.sb-event-space', '.sb-event-time'].map(async (line) => {
        const box = await event.locator(line).boundingBox()
        if (!box) throw new Error(`no ${line}`)
        return box
      }),
    )
    // Stacked, not side by side (the library lays its own content out in a row in the month view).
    expect(lines[1]?.y).toBeGreaterThan((lines[0]?.y ?? 0) + 5)
    expect(lines[2]?.y).toBeGreaterThan((lines[1]?.y ?? 0) + 5)
    await expect.poll(() => event.locator('.sb-event-client').textContent()).toBe('Coral Tech')
    await shot(page, 'calendar-month')
  })

  test('a busy day in the week and month views: a few bookings and "+N more", which opens the day', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    const date = nextDay()
    const midnight = startOfDay(date, 'Australia/Sydney').getTime() / 60_000
    // Ten spaces booked 10:00–11:00 on the day; in the afternoon three overlap: 15:00, 15:00, 15:30.
    const booking = (id: number, space: number, from: number, to: number) =>
      [
        id,
        'T-',
        9000 + space,
        0,
        1,
        'confirmed',
        midnight + from * 60,
        midnight + to * 60,
        '10.00',
        'AUD',
        0,
      ] as const
    const answer: CalendarAnswer = {
      organizationId: 1,
      time_format: 'dd/mm',
      start_date: date,
      end_date: date,
      spaces: quaySpaces(10),
      names: ['Coral Tech', 'Carlos Diaz'],
      bookings: [
        ...Array.from({ length: 10 }, (_, i) => booking(7000 + i, i, 10, 11)),
        booking(7010, 0, 15, 16),
        booking(7011, 1, 15, 16),
        booking(7012, 2, 15.5, 16.5),
      ].map((tuple) => [...tuple]),
      blackouts: [],
    }
    await page.route(/\/api\/userbooking\/\?/, (route) =>
      route.fulfill({
        // The window asked (a week or a month) with the day's bookings.
        json: { ...answer, start_date: query(route, 'start_date'), end_date: query(route, 'end_date') },
      }),
    )
    const bookings = page.locator('article.ec-event[data-booking-id]')
    const more = page.locator('article.ec-event.sb-more')
    // Week: the first two of the ten side by side, "+8 more" beside them; the afternoon's three as
    // themselves (a "+1 more" would take the same room).
    await page.goto(`${CALENDAR}?business_center_id=${ids.quay}&date=${date}&view=1`)
    await visible(more)
    await expect
      .poll(() => bookings.evaluateAll((all) => all.map((e) => e.dataset.bookingId)))
      .toEqual(['7000', '7001', '7010', '7011', '7012'])
    expect(await more.locator('.sb-event-more').allTextContents()).toEqual(['+8 more'])
    // It spans the ten's hour.
    const [run, first] = [await more.boundingBox(), await eventOf(page, 7000).boundingBox()]
    expect(Math.abs((run?.y ?? 0) - (first?.y ?? 1))).toBeLessThan(2)
    expect(Math.abs((run?.height ?? 0) - (first?.height ?? 1))).toBeLessThan(2)
    await shot(page, 'calendar-week-more')
    // Month: the day's first two bookings and "+11 more".
    await page.goto(`${CALENDAR}?business_center_id=${ids.quay}&date=${date}&view=2`)
    await expect.poll(() => more.locator('.sb-event-more').textContent()).toBe('+11 more')
    expect(await bookings.count()).toBe(2)
    // "+N more" opens the day: a column per space, every booking.
    await more.click()
    await eventually(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      business_center_id: String(ids.quay),
      date,
    })
    await expect.poll(() => bookings.count()).toBe(13)
  })

  test("a day of many spaces keeps each column readable, shades each one's closed hours and blackouts, and scrolls sideways", async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    const date = nextDay()
    // A location of 40 spaces (the window's answer, as the API shapes it).
    const answer: CalendarAnswer = {
      organizationId: 1,
      time_format: 'dd/mm',
      start_date: date,
      end_date: date,
      // Space 02 is bookable around the clock (its location open after hours); the others from 09:00 to 20:00.
      spaces: quaySpaces(40).map((space, i) =>
        i === 1 ? { ...space, startTime: '00:00', endTime: '00:00', openAfterHours: true } : space,
      ),
      names: [],
      bookings: [],
      blackouts: [{ spaceId: 9002, startDate: date, endDate: date }],
    }
    await page.route(/\/api\/userbooking\/\?/, (route) => route.fulfill({ json: answer }))
    // The grid's first drawing of the spaces: how many columns, how wide, in how wide a grid.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const heads = [...document.querySelectorAll('.sb-calendar .ec-col-head')]
        const main = document.querySelector('.sb-calendar .ec-main')
        if (!main || !heads.some((head) => head.textContent?.includes('Space 01'))) return
        observer.disconnect()
        Object.assign(globalThis, {
          firstDrawing: {
            columns: heads.length,
            width: heads[0]?.getBoundingClientRect().width,
            grid: main.clientWidth,
          },
        })
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto(`${CALENDAR}?business_center_id=${ids.quay}&date=${date}`)
    const heads = page.locator('.sb-calendar .ec-col-head')
    await expect.poll(() => heads.count()).toBe(40)
    const widths = await heads.evaluateAll((all) => all.map((head) => head.getBoundingClientRect().width))
    expect(Math.min(...widths)).toBeGreaterThanOrEqual(119.5)
    // The columns in view are drawn first, already as wide as they stay; the rest follow.
    const first = await page.evaluate(
      () =>
        (globalThis as unknown as { firstDrawing: { columns: number; width: number; grid: number } })
          .firstDrawing,
    )
    expect(first.columns).toBeLessThan(40)
    expect(first.columns * first.width).toBeGreaterThan(first.grid)
    expect(first.width).toBeCloseTo(widths[0] as number, 0)
    // Each column shades its own space's hours outside its bookable window (45 px an hour), and its
    // blackout: 07:00–09:00 and 20:00–21:00 too, when its location is closed and bookings are refused.
    expect(await closedHoursOf(page, 'Space 01')).toEqual([
      ['0px', '405px', 'Outside bookable hours'],
      ['900px', '180px', 'Outside bookable hours'],
    ])
    expect(await closedHoursOf(page, 'Space 02')).toEqual([])
    expect(await closedHoursOf(page, 'Space 40')).toHaveLength(2)
    await expect.poll(() => page.locator('.sb-calendar .ec-bg-event.sb-blackout').count()).toBe(1)
    const blackout = await page.locator('.sb-calendar .ec-bg-event.sb-blackout').boundingBox()
    const third = await heads.nth(2).boundingBox()
    expect(Math.abs((blackout?.x ?? 0) - (third?.x ?? 1))).toBeLessThan(4)
    const grid = page.locator('.sb-calendar .ec-main')
    const [scrollWidth, clientWidth] = await grid.evaluate((main) => [main.scrollWidth, main.clientWidth])
    expect(scrollWidth).toBeGreaterThan(clientWidth)
    await grid.evaluate((main) => {
      main.scrollLeft = main.scrollWidth
    })
    await visible(heads.filter({ hasText: 'Space 40' }))
  })

  test("a non-super user's region, location, space, date and view come back; Clear Filter wipes them", async () => {
    const page = await app.signedInPage(logins.harbourCsr)
    const date = nextDay()
    await page.goto(`${CALENDAR}?date=${date}`)
    await choose(page, 'Select Location', 'Circular Quay')
    await eventually(() => new URL(page.url()).searchParams.get('business_center_id')).toBe(String(ids.quay))
    await choose(page, 'Select Space', 'Harbour Room B')
    await choose(page, 'Select View', 'Week')
    await eventually(
      async () => (await getJson<{ value: unknown }>(page, '/api/preference/calendar')).value,
    ).toEqual({
      region_id: null,
      business_center_id: ids.quay,
      meeting_room_id: ids.roomB,
      date,
      view: '1',
    })
    // Coming back without filters: they are put back.
    await page.goto('/admin/dashboard')
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Calendar' }).click()
    await eventually(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      business_center_id: String(ids.quay),
      meeting_room_id: String(ids.roomB),
      date,
      view: '1',
    })
    await page.getByRole('button', { name: 'Clear Filter' }).click()
    await eventually(() => new URL(page.url()).search).toBe('')
    await eventually(
      async () => (await getJson<{ value: unknown }>(page, '/api/preference/calendar')).value,
    ).toBe(null)
  })

  test('a Sydney location is shown on Sydney time in a New York browser; a booking opens from the keyboard', async () => {
    const context: BrowserContext = await app.browser.newContext({
      baseURL: app.server.url,
      viewport: { width: 1440, height: 1000 },
      locale: 'en-GB',
      timezoneId: 'America/New_York',
    })
    try {
      const page = await context.newPage()
      await signIn(page, logins.harbourAdmin, PASSWORD)
      // A day in the other season from today's: the note gives that day's offset, not today's.
      const offsetOn = (day: string) =>
        timeZoneOffset('Australia/Sydney', startOfDay(day, 'Australia/Sydney'))
      let date = nextDay()
      while (offsetOn(date) === timeZoneOffset('Australia/Sydney')) date = nextDay()
      const id = await book(page, date, '09:00', '10:30')
      await openDay(page, date)
      await visible(eventOf(page, id))
      await expect
        .poll(() => page.getByTestId('calendar-zone').textContent())
        .toBe(`Times are on the location's clock: Australia/Sydney (UTC${offsetOn(date)}).`)
      expect(await eventOf(page, id).textContent()).toContain('09:00 AM – 10:30 AM')
      // The grid's rows are Sydney's hours, written as the app writes times.
      const rows = (await page.locator('.ec-body aside.ec-sidebar .ec-slot time').allTextContents()).map(
        (t) => t.trim(),
      )
      expect(rows.slice(8, 10)).toEqual(['08:00 AM', '09:00 AM'])
      expect(await placeOf(page, id)).toEqual({ space: 'Harbour Room A', time: '09:00' })
      await eventually(() => endOf(page, id)).toBe('10:30')

      // The focused booking shows its details (not a title only a mouse shows), and names them as
      // its description; Enter opens View Booking in a new tab.
      await eventOf(page, id).focus()
      const tip = page.getByRole('tooltip')
      await visible(tip)
      expect(await tip.textContent()).toContain('Client: Coral Tech')
      expect(await eventOf(page, id).getAttribute('aria-describedby')).toBe(await tip.getAttribute('id'))
      expect(await eventOf(page, id).getAttribute('title')).toBe(null)
      const opened = context.waitForEvent('page')
      await page.keyboard.press('Enter')
      const tab = await opened
      await tab.waitForURL((url) => url.pathname === `/admin/book/invoice/${id}`)

      // Sydney's next clock change: a 23- or 25-hour day, said above the grid.
      let change = today
      const length = (d: string) =>
        (startOfDay(addDays(d, 1), 'Australia/Sydney').getTime() -
          startOfDay(d, 'Australia/Sydney').getTime()) /
        3_600_000
      while (length(change) === 24) change = addDays(change, 1)
      await openDay(page, change)
      await visible(page.getByText(`has ${length(change)} hours in Australia/Sydney`, { exact: false }))
      await shot(page, 'calendar-clock-change')

      // 18:10 on 1 December in New York is 10:10 on the 2nd in Sydney: the calendar opens on the
      // location's today, and the month grid, the mini month and the week heads agree.
      await page.clock.setFixedTime(new Date('2026-12-01T23:10:00Z'))
      await page.goto(`${CALENDAR}?business_center_id=${ids.quay}`)
      await expect.poll(() => page.getByTestId('calendar-title').textContent()).toBe('02-12-2026')
      await page.goto(`${CALENDAR}?business_center_id=${ids.quay}&view=2`)
      await visible(page.locator('.ec-day.ec-today'))
      expect((await page.locator('.ec-day.ec-today .ec-day-head').textContent())?.trim()).toBe('2')
      expect((await page.locator('.sb-mini-month [aria-current="date"]').textContent())?.trim()).toBe('2')
      await page.goto(`${CALENDAR}?business_center_id=${ids.quay}&view=1`)
      await visible(page.locator('.ec-col-head', { hasText: 'Wed, 02/12' }))
    } finally {
      await context.close()
    }
  })
  test("a clock-change day in a New York browser: 23 or 25 Sydney hours, bookings at their instants, a drop into 02:00's second pass", async () => {
    // Rooms A and B open all night, so bookings can sit on the hours the clock changes.
    await app.server.sql(
      "update spaces set start_time = '00:00', end_time = '23:45' where name in ('Harbour Room A', 'Harbour Room B')",
    )
    await app.server.sql("update centers set open_after_hours = true where name = 'Circular Quay'")
    const context: BrowserContext = await app.browser.newContext({
      baseURL: app.server.url,
      viewport: { width: 1440, height: 1000 },
      locale: 'en-GB',
      timezoneId: 'America/New_York',
    })
    try {
      const page = await context.newPage()
      await signIn(page, logins.harbourAdmin, PASSWORD)
      const hoursOf = (d: string) =>
        (startOfDay(addDays(d, 1), 'Australia/Sydney').getTime() -
          startOfDay(d, 'Australia/Sydney').getTime()) /
        3_600_000
      /** Sydney's next day of `hours` hours (first Sunday of October: 23, of April: 25). */
      const next = (hours: number) => {
        let d = addDays(today, 1)
        while (hoursOf(d) !== hours) d = addDays(d, 1)
        return d
      }
      const rows = async () =>
        (await page.locator('.ec-body aside.ec-sidebar .ec-slot time').allTextContents()).map((t) => t.trim())
      const toTop = () => page.locator('.sb-calendar .ec-main').evaluate((main) => main.scrollTo(0, 0))

      // Spring forward: no 02:00 AM row (the grid's labels are the app's hh:mm A, whatever the browser's
      // locale); 01:30–03:30 on the clock is one real hour.
      const spring = next(23)
      const short = await book(page, spring, '01:30', '03:30')
      await openDay(page, spring)
      await visible(eventOf(page, short))
      await eventually(rows).toHaveLength(23)
      expect((await rows()).slice(0, 4)).toEqual(['12:00 AM', '01:00 AM', '03:00 AM', '04:00 AM'])
      await toTop()
      // Places on the grid are real hours since midnight: 01:30 is 1.5 rows down, 03:30 2.5.
      expect(await placeOf(page, short)).toEqual({ space: 'Harbour Room A', time: '01:30' })
      await eventually(() => endOf(page, short)).toBe('02:30')
      expect(await eventOf(page, short).textContent()).toContain('01:30 AM – 03:30 AM')
      // Room A closes at 23:45 on the clock: 22¾ real hours into the day, a quarter hour before its end.
      expect(await closedHoursOf(page, 'Harbour Room A')).toEqual([
        ['1023.75px', '11.25px', 'Outside bookable hours'],
      ])
      await shot(page, 'calendar-spring-forward')

      // Fall back: 02:00 twice, the second marked; 01:30–03:30 on the clock is three real hours.
      const fall = next(25)
      const long = await book(page, fall, '01:30', '03:30')
      const moved = await book(page, fall, '05:00', '06:00', ids.roomB)
      await openDay(page, fall)
      await visible(eventOf(page, moved))
      await eventually(rows).toHaveLength(25)
      expect((await rows()).slice(0, 5)).toEqual([
        '12:00 AM',
        '01:00 AM',
        '02:00 AM',
        '02:00 AM (2nd)',
        '03:00 AM',
      ])
      await toTop()
      expect(await placeOf(page, long)).toEqual({ space: 'Harbour Room A', time: '01:30' })
      await eventually(() => endOf(page, long)).toBe('04:30')
      expect(await placeOf(page, moved)).toEqual({ space: 'Harbour Room B', time: '06:00' })
      await shot(page, 'calendar-fall-back')

      // Dropped on the row of 02:00's second pass, the booking lands on that instant (+10:00).
      await moveTo(page, moved, 'Harbour Room B', '03:00')
      const ask = confirmDialog(page)
      await visible(ask.getByText(messages.confirmProceed, { exact: true }))
      await ask.getByRole('button', { name: 'Yes' }).click()
      await visible(toast(page, 'Booking rescheduled successfully.'))
      const after = await getJson<{ start_time: string; start_wall: string; end_wall: string }>(
        page,
        `/api/userbooking/${moved}`,
      )
      expect(after).toMatchObject({ start_wall: '02:00', end_wall: '03:00' })
      expect(after.start_time).toBe(`${addDays(fall, -1)}T16:00:00.000Z`)
      await eventually(() => placeOf(page, moved)).toEqual({ space: 'Harbour Room B', time: '03:00' })
    } finally {
      await context.close()
    }
  })

  test('live: a booking made by another person appears on an open calendar without a reload, the others left as they are', async () => {
    const watcher = await app.signedInPage(logins.harbourAdmin)
    await watcher.setViewportSize({ width: 1440, height: 1000 })
    const booker = await app.signedInPage(logins.harbourCsr)
    const date = nextDay()
    const shown = await book(booker, date, '10:00', '11:00')
    // The live stream answers once the server listens for changes.
    const stream = watcher.waitForResponse((r) => r.url().includes('/api/calendar/events'))
    await openDay(watcher, date)
    expect((await stream).status()).toBe(200)
    await visible(eventOf(watcher, shown))
    await eventOf(watcher, shown).evaluate((element) => {
      ;(globalThis as { shownBefore?: Element }).shownBefore = element
    })
    const started = Date.now()
    const id = await book(booker, date, '15:00', '16:00', ids.roomB)
    await visible(eventOf(watcher, id))
    const delay = Date.now() - started
    expect(delay).toBeLessThan(5_000)
    expect(await placeOf(watcher, id)).toEqual({ space: 'Harbour Room B', time: '15:00' })
    // Only the change is handed to the grid: the booking already shown keeps its element.
    expect(
      await eventOf(watcher, shown).evaluate(
        (element) => (globalThis as { shownBefore?: Element }).shownBefore === element,
      ),
    ).toBe(true)
  })
})
