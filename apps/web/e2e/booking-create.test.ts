import { addDays, wallClock } from '@spaceboard/domain'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { fieldError, logins, setupE2eApp, shot, toast, visible } from './support.ts'
import { choose, confirmDialog, setTime } from './ui.ts'

const app = setupE2eApp()

const ROOM_DETAIL = '/admin/book/room-detail'
const CREATED = 'Success:Record successfully created'
const SLOT_TAKEN = 'This slot is already booked. Please, book another slot.'
const INVOICE = /^\/admin\/book\/invoice\/\d+$/

/**
 * A Sydney date far past the demo seed's future bookings, whose next two weeks are clear of the
 * demo blackout days, so each test owns its slots.
 */
function dayAhead(days: number): string {
  const today = wallClock(new Date(), 'Australia/Sydney').date
  let date = addDays(today, 150 + days)
  const blackout = (d: string) => ['12-25', '12-26', '01-01'].includes(d.slice(5))
  while ([0, 7, 14].some((week) => blackout(addDays(date, week)))) date = addDays(date, 1)
  return date
}

/** YYYY-MM-DD → DD-MM-YYYY, as Harbour (dd/mm) shows dates. */
const shown = (iso: string) => iso.split('-').reverse().join('-')

async function pickDay(page: Page, iso: string) {
  const input = page.getByLabel('Date', { exact: true })
  await input.click()
  await input.fill(shown(iso))
  await input.press('Enter')
  await expect.poll(() => input.inputValue()).toBe(shown(iso))
}

/** Ids of the seed's records through the API, with the page's session. */
async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path)
  expect(response.status()).toBe(200)
  return (await response.json()) as T
}

async function seedIds(page: Page, centerName: string, spaceName: string, clientName: string) {
  const centers = await getJson<Array<{ id: number; name: string }>>(page, '/api/center?all=1')
  const center = centers.find((c) => c.name === centerName)
  const spaces = await getJson<Array<{ id: number; name: string }>>(
    page,
    `/api/meetingroom?all=1&centerId=${center?.id}`,
  )
  const clients = await getJson<Array<{ id: number; name: string }>>(page, '/api/client?all=1')
  const client = clients.find((c) => c.name === clientName)
  const users = await getJson<Array<{ id: number }>>(page, `/api/user?all=1&clientId=${client?.id}`)
  return {
    center_id: center?.id ?? 0,
    meeting_room_id: spaces.find((s) => s.name === spaceName)?.id ?? 0,
    client_id: client?.id ?? 0,
    user_id: users[0]?.id ?? 0,
  }
}

/** Books a slot straight through the API (someone else took it first). */
async function bookThroughApi(
  page: Page,
  ids: Awaited<ReturnType<typeof seedIds>>,
  date: string,
  start: string,
  end: string,
  attendees: number,
) {
  const response = await page.request.post('/api/userbooking', {
    data: {
      ...ids,
      booking_date: date,
      start_time: start,
      end_time: end,
      attendees,
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
  expect(response.status()).toBe(201)
}

/** The summary's text of a price line. */
const priceLine = (page: Page, testId: string) => page.getByTestId(testId).textContent()

const save = (page: Page) => page.getByTestId('booking-summary').getByRole('button', { name: 'Save' }).click()

async function fillSlot(
  page: Page,
  slot: { center: string; space: string; date: string; start: string; end?: string },
) {
  await choose(page, 'Location', slot.center)
  await choose(page, 'Space', slot.space)
  await pickDay(page, slot.date)
  await setTime(page, 'Start Time', slot.start)
  if (slot.end) await setTime(page, 'End Time', slot.end)
}

async function fillClient(page: Page, client: string, user: string, attendees: number) {
  await choose(page, 'Client', client)
  await choose(page, 'Booking User', user)
  await page.getByLabel('Attendees', { exact: true }).fill(String(attendees))
}

describe('New booking (RoomDetail)', () => {
  test('an admin books a space after the spec message, with the live price beside the form', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.getByRole('link', { name: 'New Booking' }).click()
    await page.waitForURL((url) => url.pathname === ROOM_DETAIL)
    await visible(page.getByRole('heading', { name: 'New Booking' }))
    await visible(
      page.getByText('Choose the space, date, times, client, booking user and attendees to see the price.'),
    )

    const date = dayAhead(0)
    await fillSlot(page, {
      center: 'Circular Quay',
      space: 'Opera Boardroom (capacity 14)',
      date,
      start: '10:00 AM',
    })
    await fillClient(page, 'Coral Tech', 'Carlos Diaz (carlos@coraltech.test)', 6)
    await visible(
      page.getByRole('region', { name: 'Already booked' }).getByText('Nothing booked on this day.'),
    )
    await visible(page.getByText('Seats up to 14.'))
    // Without an end time: the domain's message, and nothing is sent.
    await save(page)
    await visible(fieldError(page, 'Please, select end time.'))
    expect(new URL(page.url()).pathname).toBe(ROOM_DETAIL)
    await shot(page, 'booking-create-invalid')

    // Two hours at A$95.00, Coral Tech's 15 % internal discount, GST 10 %.
    await setTime(page, 'End Time', '12:00 PM')
    await expect.poll(() => priceLine(page, 'price-grand-total')).toBe('Grand TotalA$177.65')
    expect(await priceLine(page, 'price-room')).toBe('RoomA$95.00 × 2 h, hourly rateA$190.00')
    expect(await priceLine(page, 'price-discount')).toBe('Discountinternal rate, 15.00%-A$28.50')
    expect(await priceLine(page, 'price-sub-total')).toBe('Sub TotalA$161.50')
    expect(await priceLine(page, 'price-tax')).toBe('Tax (GST 10.00%)A$16.15')
    // A flat amenity joins the price at once.
    await page.getByRole('checkbox', { name: /Projector/ }).check()
    await expect.poll(() => priceLine(page, 'price-amenity')).toBe('ProjectorA$25.00 flatA$25.00')
    await expect.poll(() => priceLine(page, 'price-grand-total')).toBe('Grand TotalA$205.15')
    await page.getByLabel('Notes', { exact: true }).fill('Board meeting, please set up the screen.')
    await shot(page, 'booking-create-priced')

    await save(page)
    await visible(toast(page, CREATED))
    await page.waitForURL((url) => INVOICE.test(url.pathname))
  })

  test('a weekly series lists its booked date, then books the other two', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    const ids = await seedIds(page, 'Circular Quay', 'Wellness Room', 'Acme Consulting')
    const first = dayAhead(1)
    const second = addDays(first, 7)
    await bookThroughApi(page, ids, second, '09:00', '10:00', 2)

    await page.goto(ROOM_DETAIL)
    await fillSlot(page, {
      center: 'Circular Quay',
      space: 'Wellness Room (capacity 2)',
      date: first,
      start: '09:00 AM',
      end: '10:00 AM',
    })
    await fillClient(page, 'Acme Consulting', 'Alice Nguyen (alice@acme.test)', 2)
    await page.getByLabel('Recurring Booking', { exact: true }).click()
    await page.locator('label.ant-radio-button-wrapper', { hasText: 'Weekly' }).click()
    await page.getByLabel('Occurrences', { exact: true }).fill('3')
    // The quote already sees the taken week.
    await visible(page.getByTestId('series-dates').getByText('2 of 3 dates free'))
    await visible(page.getByTestId('series-dates').getByText(SLOT_TAKEN))

    await save(page)
    const conflicts = page.getByTestId('series-conflicts')
    await visible(
      conflicts.getByText("1 of the series' dates cannot be booked. Remove them or change the series."),
    )
    await visible(conflicts.getByRole('cell', { name: shown(second), exact: true }))
    await visible(conflicts.getByRole('cell', { name: SLOT_TAKEN, exact: true }))
    await shot(page, 'booking-create-series-conflicts')

    await conflicts.getByRole('button', { name: 'Book the other 2 dates' }).click()
    await visible(toast(page, CREATED))
    await page.waitForURL((url) => INVOICE.test(url.pathname))
    // Both other weeks are booked now, beside the one taken first.
    for (const date of [first, addDays(first, 14)]) {
      const slots = await getJson<Array<{ start_time: string }>>(
        page,
        `/api/meetingroom/${ids.meeting_room_id}/booked-slots?date=${date.split('-').reverse().join('/')}`,
      )
      expect(slots.map((s) => s.start_time)).toEqual(['09:00'])
    }
  })

  test('too little preparation time asks first, and yes books', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    const ids = await seedIds(page, 'Circular Quay', 'Opera Boardroom', 'Blue Ocean Legal')
    const date = dayAhead(2)
    await bookThroughApi(page, ids, date, '10:00', '11:00', 4)

    await page.goto(ROOM_DETAIL)
    await fillSlot(page, {
      center: 'Circular Quay',
      space: 'Opera Boardroom (capacity 14)',
      date,
      start: '11:15 AM',
      end: '12:15 PM',
    })
    await fillClient(page, 'Blue Ocean Legal', 'Bella Rossi (bella@blueocean.test)', 4)
    // The earlier booking is listed beside the date, and the quote warns already.
    await visible(
      page.getByRole('region', { name: 'Already booked' }).getByRole('link', { name: '10:00 AM – 11:00 AM' }),
    )
    const question = 'This room needs preparation time of 30 minutes. Do you still want to continue?'
    await visible(page.getByTestId('booking-summary').getByText(question))
    await page.locator('label.ant-radio-button-wrapper', { hasText: 'Credit Card' }).click()
    await save(page)
    await visible(fieldError(page, 'Enter the card transaction id.'))
    await page.getByLabel('Transaction ID', { exact: true }).fill('ch_3PQ12345')

    await save(page)
    await visible(confirmDialog(page).getByText(question))
    await shot(page, 'booking-create-preparation')
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click()
    await visible(toast(page, CREATED))
    await page.waitForURL((url) => INVOICE.test(url.pathname))
  })
})
