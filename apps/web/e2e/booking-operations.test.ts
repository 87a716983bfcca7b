import { addDays, messages, wallClock } from '@spaceboard/domain'
import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { dialog, eventually, fieldError, gone, logins, setupE2eApp, shot, toast, visible } from './support.ts'
import {
  choose,
  confirmDialog,
  menuItems,
  openMenu,
  openActions as openRowActions,
  row,
  setTime,
} from './ui.ts'

const app = setupE2eApp()

/** A Sydney date 200+ days ahead (past the demo data), a fresh one per booking, clear of blackout days. */
const today = wallClock(new Date(), 'Australia/Sydney').date
let offset = 200
function nextDay(): string {
  let date = addDays(today, offset++)
  while (['12-25', '12-26', '01-01'].includes(date.slice(5))) date = addDays(today, offset++)
  return date
}

/** Polls until the read passes (server round trips under a loaded machine take their time). */

const AUD = (amount: string) => `A$${amount}`
const cents = (amount: string) => Math.round(Number(amount) * 100)
const decimal = (value: number) => (value / 100).toFixed(2)

const ids = { quay: 0, roomA: 0, roomB: 0, opera: 0, wellness: 0, coral: 0, carlos: 0 }

interface BookingView {
  bookingId: number
  reference: string
  status: string
  is_paid: 0 | 1
  net_amount: string
  post_booking_notes: string
  start_date: string
  start_wall: string
  end_wall: string
  meetingName: string
  partialRoomRefunds: { amount: string; reason: string }[]
  additionalCharges: {
    id: number
    amount: string
    reason: string
    chargedRoomType: string
    chargedAmenityName: string
    additionalChargeRefunds: { amount: string; reason: string }[]
  }[]
  bookedAmenities: { id: number; name: string; total_amount: string; refunded_amount: string }[]
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path)
  expect(response.status(), path).toBe(200)
  return (await response.json()) as T
}

const view = (page: Page, id: number) => getJson<BookingView>(page, `/api/userbooking/${id}`)

/** Coral Tech (15 % internal discount, no gratis minutes) books Harbour Room A 10:00–12:00 on an invoice. */
async function book(page: Page, overrides: Record<string, unknown> = {}) {
  const response = await page.request.post('/api/userbooking', {
    data: {
      center_id: ids.quay,
      meeting_room_id: ids.roomA,
      booking_date: nextDay(),
      start_time: '10:00',
      end_time: '12:00',
      client_id: ids.coral,
      user_id: ids.carlos,
      attendees: 4,
      amenity_ids: [],
      voucher_code: '',
      room_amount: '',
      use_gratis: true,
      payment_status: 'invoice',
      transaction_id: '',
      notes: '',
      special_requirement: '',
      confirm_preparation_time: true,
      recurring: null,
      skip_dates: [],
      ...overrides,
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as { bookingId: number; bookingIds: number[]; recurringId: number | null }
}

async function operate(page: Page, id: number, body: Record<string, unknown>) {
  const response = await page.request.put(`/api/userbooking/${id}`, { data: body })
  expect(response.status(), await response.text()).toBe(200)
}

/** A page of admin@harbour.test at 1440 px. */
async function adminPage(): Promise<Page> {
  const page = await app.signedInPage(logins.harbourAdmin)
  await page.setViewportSize({ width: 1440, height: 900 })
  return page
}

async function openBooking(page: Page, id: number) {
  await page.goto(`/admin/book/invoice/${id}`)
  await visible(page.getByText('Booking Confirmation', { exact: true }))
}

/** Opens the View Booking page's Actions menu. */
async function openActions(page: Page) {
  await gone(openMenu(page))
  await page.getByRole('button', { name: 'Actions' }).click()
  await openMenu(page).getByRole('menuitem').first().waitFor()
}

async function action(page: Page, label: string) {
  await openActions(page)
  await openMenu(page).getByRole('menuitem', { name: label, exact: true }).click()
}

/** The value beside a label of a Descriptions table. */
function described(scope: Locator, label: string): Locator {
  return scope
    .locator('th.ant-descriptions-item-label, .ant-descriptions-item-label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::*[1]')
}

async function statusTag(page: Page): Promise<string> {
  const details = page.getByRole('region', { name: 'Booking Details' })
  return ((await described(details, 'Booking Status').textContent()) ?? '').trim()
}

beforeAll(async () => {
  const page = await app.signedInPage(logins.harbourAdmin)
  const centers = await getJson<Array<{ id: number; name: string }>>(page, '/api/center?all=1')
  ids.quay = centers.find((c) => c.name === 'Circular Quay')?.id ?? 0
  const spaces = await getJson<Array<{ id: number; name: string }>>(
    page,
    `/api/meetingroom?all=1&centerId=${ids.quay}`,
  )
  const space = (name: string) => spaces.find((s) => s.name === name)?.id ?? 0
  ids.roomA = space('Harbour Room A')
  ids.roomB = space('Harbour Room B')
  ids.opera = space('Opera Boardroom')
  ids.wellness = space('Wellness Room')
  const clients = await getJson<Array<{ id: number; name: string }>>(page, '/api/client?all=1')
  ids.coral = clients.find((c) => c.name === 'Coral Tech')?.id ?? 0
  const users = await getJson<Array<{ id: number }>>(page, `/api/user?all=1&clientId=${ids.coral}`)
  ids.carlos = users[0]?.id ?? 0
  await page.context().close()
})

describe('Booking operations', () => {
  test('Notes: the View Booking page in notes mode saves the General Notes', async () => {
    const page = await adminPage()
    const { bookingId } = await book(page)
    await openBooking(page, bookingId)
    await action(page, 'Notes')
    await page.waitForURL(`**/admin/book/notes/${bookingId}`)
    await visible(page.getByText('Booking Confirmation', { exact: true }))
    const notes = page.getByLabel('General Notes', { exact: true })
    // Marked required (the asterisk) without a check: an empty note saves too.
    // Polled: the notes form renders after the confirmation's heading, which a loaded machine shows first.
    await expect
      .poll(() => page.locator('label.ant-form-item-required', { hasText: 'General Notes' }).count())
      .toBe(1)
    await notes.fill('Projector checked; client asked for water.')
    await shot(page, 'booking-notes')
    await page.getByRole('button', { name: 'Add Notes' }).click()
    await visible(toast(page, 'Success: Record successfully updated'))
    expect((await view(page, bookingId)).post_booking_notes).toBe(
      'Projector checked; client asked for water.',
    )
    await visible(
      page.getByRole('region', { name: 'General Notes' }).getByText('Projector checked', { exact: false }),
    )
  })

  test('Mark as Paid and Mark as Unpaid on an invoice booking; not offered for a card booking', async () => {
    const page = await adminPage()
    const { bookingId } = await book(page)
    await openBooking(page, bookingId)
    const payment = page.getByRole('region', { name: 'Payment Details' })
    expect(((await described(payment, 'Payment Status').textContent()) ?? '').trim()).toBe('Unpaid')
    await action(page, 'Mark as Paid')
    await visible(toast(page, 'Success: Record successfully updated'))
    await expect
      .poll(async () => (await described(payment, 'Payment Status').textContent())?.trim())
      .toBe('Paid')
    expect((await view(page, bookingId)).is_paid).toBe(1)
    await action(page, 'Mark as Unpaid')
    await expect
      .poll(async () => (await described(payment, 'Payment Status').textContent())?.trim())
      .toBe('Unpaid')
    expect((await view(page, bookingId)).is_paid).toBe(0)

    const card = await book(page, { payment_status: 'card', transaction_id: 'ch_e2e_1' })
    await openBooking(page, card.bookingId)
    await openActions(page)
    const labels = (await menuItems(page)).map((item) => item.label)
    expect(labels).not.toContain('Mark as Paid')
    expect(labels).not.toContain('Mark as Unpaid')
  })

  test('Confirm booking: a single booking, then the upcoming bookings of a series', async () => {
    const page = await adminPage()
    const { bookingId } = await book(page)
    const { reference } = await view(page, bookingId)
    // From its row of the bookings list.
    await page.goto(`/admin/book/list?search=${reference}`)
    await visible(row(page, reference))
    await openRowActions(page, reference)
    await openMenu(page).getByRole('menuitem', { name: 'Confirm booking', exact: true }).click()
    await visible(confirmDialog(page).getByText('Do you want to confirm this booking?'))
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click()
    await visible(toast(page, 'Success: Record successfully updated'))
    await visible(row(page, reference).getByText('Confirmed', { exact: true }))
    expect((await view(page, bookingId)).status).toBe('confirmed')
    await openBooking(page, bookingId)
    expect(await statusTag(page)).toBe('Confirmed')
    await openActions(page)
    expect((await menuItems(page)).map((item) => item.label)).not.toContain('Confirm booking')
    await page.keyboard.press('Escape')

    // A weekly series of three: from the second one, confirm all upcoming.
    const series = await book(page, {
      meeting_room_id: ids.opera,
      recurring: { frequency: 'weekly', occurrences: 3 },
    })
    const [first, second, third] = series.bookingIds as [number, number, number]
    await openBooking(page, second)
    await action(page, 'Confirm booking')
    const question = dialog(page, 'Do you want to confirm all upcoming bookings of this series?')
    await visible(question)
    await question.getByRole('button', { name: 'Yes' }).click()
    const list = dialog(page, 'Confirm upcoming bookings')
    await visible(list)
    const secondView = await view(page, second)
    const thirdView = await view(page, third)
    const rows = await list.locator('tbody tr.ant-table-row').allInnerTexts()
    expect(rows.map((row) => row.replace(/\s+/g, ' ').trim())).toEqual([
      `${secondView.reference} ${AUD(secondView.net_amount)}`,
      `${thirdView.reference} ${AUD(thirdView.net_amount)}`,
    ])
    await shot(page, 'booking-confirm-series')
    await list.getByRole('button', { name: 'PROCEED' }).click()
    await visible(toast(page, 'Success: Record successfully updated'))
    await eventually(async () => (await view(page, third)).status).toBe('confirmed')
    expect((await view(page, second)).status).toBe('confirmed')
    expect((await view(page, first)).status).toBe('tentative')

    // From the first: No confirms only this one.
    await openBooking(page, first)
    await action(page, 'Confirm booking')
    await dialog(page, 'Do you want to confirm all upcoming bookings of this series?')
      .getByRole('button', { name: 'No' })
      .click()
    await visible(toast(page, 'Success: Record successfully updated'))
    await eventually(async () => (await view(page, first)).status).toBe('confirmed')
  })

  test('Cancel Booking with the rule (USE DEFAULT) and with an override; a cancelled booking is locked', async () => {
    const page = await adminPage()
    const { bookingId } = await book(page)
    const before = await view(page, bookingId)
    await openBooking(page, bookingId)
    await action(page, 'Cancel Booking')
    await visible(confirmDialog(page).getByText(messages.confirmCancelBooking))
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click()
    const rule = dialog(page, 'Confirm!')
    await visible(rule)
    // Harbour's rule for 7–365 days ahead and up to 100 attendees refunds 100 %.
    expect(((await described(rule, 'Minimum Days').textContent()) ?? '').trim()).toBe('7')
    expect(((await described(rule, 'Maximum Days').textContent()) ?? '').trim()).toBe('365')
    expect(((await described(rule, 'Maximum Attendees').textContent()) ?? '').trim()).toBe('100')
    expect(((await described(rule, 'Refund Percentage').textContent()) ?? '').trim()).toBe('100.00 %')
    expect(((await described(rule, 'Amount to be refunded').textContent()) ?? '').trim()).toBe(
      AUD(before.net_amount),
    )
    await shot(page, 'booking-cancel-rule')
    await rule.getByRole('button', { name: 'USE DEFAULT' }).click()
    await visible(toast(page, 'Success: Record successfully updated'))
    await eventually(() => statusTag(page)).toBe('cancelled')

    // Everything but View Booking, Notes and View Confirmation is disabled now.
    await openActions(page)
    expect(await menuItems(page)).toEqual([
      { label: 'View Booking', disabled: false },
      { label: 'Notes', disabled: false },
      { label: 'View Confirmation', disabled: false },
      { label: 'Reschedule/Extend', disabled: true },
      { label: 'Additional Charges', disabled: true },
      { label: 'Refund Charge', disabled: true },
      { label: 'Mark as Paid', disabled: true },
      { label: 'Cancel Booking', disabled: true },
    ])
    await page.keyboard.press('Escape')
    // The same on its row of the bookings list (Internal Notes there), and the Actions button is grey.
    await page.goto(`/admin/book/list?search=${before.reference}`)
    await visible(row(page, before.reference))
    expect(
      await row(page, before.reference)
        .getByRole('button', { name: 'Actions' })
        .getAttribute('data-cancelled'),
    ).toBe('true')
    await openRowActions(page, before.reference)
    expect(await menuItems(page)).toEqual([
      { label: 'View Booking', disabled: false },
      { label: 'Internal Notes', disabled: false },
      { label: 'View Confirmation', disabled: false },
      { label: 'Reschedule/Extend', disabled: true },
      { label: 'Additional Charges', disabled: true },
      { label: 'Refund Charge', disabled: true },
      { label: 'Mark as Paid', disabled: true },
      { label: 'Cancel Booking', disabled: true },
    ])
    await page.keyboard.press('Escape')
    // The screens refuse it too.
    for (const path of ['reschedule', 'charge-booking', 'partial-cancel-view']) {
      await page.goto(`/admin/book/${path}/${bookingId}`)
      await visible(page.getByText(messages.bookingCancelledLocked))
    }

    // OVERRIDE RULE: a percent of one's own, 100 to start, 0–100 with two decimals.
    const other = await book(page)
    const net = (await view(page, other.bookingId)).net_amount
    await openBooking(page, other.bookingId)
    await action(page, 'Cancel Booking')
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click()
    await dialog(page, 'Confirm!').getByRole('button', { name: 'OVERRIDE RULE' }).click()
    const override = dialog(page, 'Override cancellation rule')
    await visible(override)
    const percent = override.getByLabel('Refund Percent')
    await eventually(() => percent.inputValue()).toBe('100')
    expect(await override.getByTestId('override-refund').textContent()).toBe(AUD(net))
    await percent.fill('150')
    await visible(fieldError(override, messages.refundPercentInvalid))
    await percent.fill('')
    await visible(fieldError(override, messages.refundPercentInvalid))
    await percent.fill('33.33')
    await gone(fieldError(override, messages.refundPercentInvalid))
    const expected = decimal(Math.round((cents(net) * 3333) / 10_000))
    expect(await override.getByTestId('override-refund').textContent()).toBe(AUD(expected))
    await shot(page, 'booking-cancel-override')
    await override.getByRole('button', { name: 'Proceed' }).click()
    await visible(toast(page, 'Success: Record successfully updated'))
    await eventually(async () => (await view(page, other.bookingId)).status).toBe('cancelled')
  })

  test('Cancel the upcoming bookings of a series, grouped by refund percent, with a percent per group', async () => {
    const page = await adminPage()
    const series = await book(page, {
      meeting_room_id: ids.wellness,
      attendees: 2,
      recurring: { frequency: 'daily', occurrences: 3 },
    })
    await openBooking(page, series.bookingId)
    await action(page, 'Cancel Booking')
    const question = dialog(page, 'Do you want to cancel all upcoming bookings of this series?')
    await visible(question)
    await question.getByRole('button', { name: 'Yes' }).click()
    const table = dialog(page, 'Cancel upcoming bookings')
    await visible(table)
    // All three fall under the same rule (100 %).
    const group = table.getByRole('region', { name: 'Refund 100.00 %' })
    expect(await group.locator('tbody tr.ant-table-row').count()).toBe(3)
    await table.getByRole('button', { name: 'OVERRIDE RULE' }).click()
    const percent = group.getByLabel('Refund Percent')
    await percent.fill('')
    await table.getByRole('button', { name: 'Proceed' }).click()
    await visible(fieldError(table, messages.refundPercentInvalid))
    await percent.fill('50')
    await gone(fieldError(table, messages.refundPercentInvalid))
    const nets = await Promise.all(series.bookingIds.map(async (id) => (await view(page, id)).net_amount))
    const total = nets.reduce((sum, net) => sum + Math.round(cents(net) / 2), 0)
    expect(await table.getByTestId('series-refund').textContent()).toBe(AUD(decimal(total)))
    await shot(page, 'booking-cancel-series')
    await table.getByRole('button', { name: 'Proceed' }).click()
    await visible(toast(page, 'Success: Record successfully updated'))
    for (const id of series.bookingIds)
      await eventually(async () => (await view(page, id)).status).toBe('cancelled')
  })

  test('Refund Charge: part of the room, of an additional charge and of an amenity, within what was paid', async () => {
    const page = await adminPage()
    const date = nextDay()
    const detail = await getJson<{
      amenities: Array<{ amenity_id: number; name: string; charge_type: string }>
    }>(page, `/api/meetingroom/${ids.roomA}/detail?bookingDate=${date}`)
    const flat = detail.amenities.find((a) => a.charge_type === 'flat')
    const { bookingId } = await book(page, { booking_date: date, amenity_ids: flat ? [flat.amenity_id] : [] })
    await operate(page, bookingId, {
      code: 'additional_charges',
      adhocCharges: [
        {
          charge_type: 'room',
          room_code_id: 'meetingroom',
          additional_booking_charge_value: '20.00',
          reason_for_additional_booking_charge: 'Late finish',
        },
      ],
    })
    const before = await view(page, bookingId)
    await page.goto(`/admin/book/partial-cancel-view/${bookingId}`)
    await visible(page.getByRole('heading', { name: 'Booking Details' }))
    const refund = page.getByRole('button', { name: 'Refund' })
    expect(await refund.isDisabled()).toBe(true)

    const room = page.getByLabel('Room Amount Refund')
    await room.fill('abc')
    await visible(fieldError(page, messages.invalidAmount))
    await room.fill('99999')
    await visible(fieldError(page, messages.refundGreaterThanPaid))
    expect(await refund.isDisabled()).toBe(false)
    await refund.click()
    await visible(fieldError(page, messages.refundGreaterThanPaid))
    await room.fill('10')
    await page
      .getByRole('group', { name: 'Room', exact: true })
      .getByLabel('Reason')
      .fill('Air conditioning broken')
    const charge = page.getByRole('group', { name: 'Additional charge Meeting Room' })
    await charge.getByLabel('Refund of Meeting Room').fill('20.01')
    await visible(fieldError(charge, messages.refundGreaterThanPaid))
    await charge.getByLabel('Refund of Meeting Room').fill('5.5')
    await charge.getByLabel('Reason').fill('Goodwill')
    if (flat) {
      await page.getByLabel(`Refund of ${flat.name}`).fill('1.005')
      await page.getByLabel(`Refund of ${flat.name}`).blur()
      // Rounded half-up to the cent in decimal (a binary float's toFixed gave 1.00).
      await eventually(() => page.getByLabel(`Refund of ${flat.name}`).inputValue()).toBe('1.01')
      await page.getByLabel('Amenity Refund Reason').fill('Screen flickered')
    }
    await gone(page.locator('.ant-form-item-explain-error'))
    await shot(page, 'booking-refund-charge')
    await refund.click()
    await visible(toast(page, 'Success: Record successfully updated'))
    await page.waitForURL('**/admin/book/list**')

    const after = await view(page, bookingId)
    expect(after.partialRoomRefunds).toEqual([{ amount: '10.00', reason: 'Air conditioning broken' }])
    expect(after.additionalCharges[0]?.additionalChargeRefunds).toEqual([
      { amount: '5.50', reason: 'Goodwill' },
    ])
    if (flat) expect(after.bookedAmenities[0]?.refunded_amount).toBe('1.01')
    expect(cents(after.net_amount)).toBeLessThan(cents(before.net_amount))
  })

  test('Additional Charges: validation in the order of the spec, more charges, one removed, then charged', async () => {
    const page = await adminPage()
    const { bookingId } = await book(page)
    await page.goto(`/admin/book/charge-booking/${bookingId}`)
    await visible(page.getByRole('heading', { name: 'Additional Charges' }))
    const first = page.getByRole('group', { name: 'Charge 1' })
    const submit = page.getByRole('button', { name: 'Charge', exact: true })

    // The first failure stops: the space type, then the amount, then the reason.
    await submit.click()
    await visible(fieldError(first, messages.selectRequired))
    await eventually(() => page.locator('.ant-form-item-explain-error').count()).toBe(1)
    await choose(first, 'Space Type', 'Meeting Room')
    await submit.click()
    await visible(fieldError(first, messages.fieldRequired))
    await eventually(() => page.locator('.ant-form-item-explain-error').count()).toBe(1)
    const amount = first.getByLabel('Amount')
    await amount.fill('20.555')
    await amount.blur()
    await eventually(() => amount.inputValue()).toBe('20.56')
    await submit.click()
    await visible(fieldError(first, messages.fieldRequired))
    await first.getByLabel('Reason').fill('Late finish')

    // A second charge of an amenity, and a third one removed again.
    await page.getByRole('button', { name: 'Add another charge' }).click()
    const second = page.getByRole('group', { name: 'Charge 2' })
    await second.getByText('Amenities', { exact: true }).click()
    const amenities = await getJson<Array<{ amenity_id: number; name: string }>>(
      page,
      `/api/organization-amenities/${(await getJson<{ organization_id: number }>(page, '/api/profile')).organization_id}`,
    )
    const amenity = amenities[0]?.name ?? ''
    await submit.click()
    await visible(fieldError(second, messages.selectRequired))
    await choose(second, 'Amenity', amenity)
    await second.getByLabel('Amount').fill('5')
    await second.getByLabel('Reason').fill('Extra coffee')
    await page.getByRole('button', { name: 'Add another charge' }).click()
    await visible(page.getByRole('group', { name: 'Charge 3' }))
    expect(await first.getByRole('button', { name: /Remove/ }).count()).toBe(0)
    await page.getByRole('button', { name: 'Remove charge 3' }).click()
    await gone(page.getByRole('group', { name: 'Charge 3' }))
    await shot(page, 'booking-additional-charges')

    await submit.click()
    await visible(toast(page, 'Success: Record successfully updated'))
    await page.waitForURL('**/admin/book/list**')
    const after = await view(page, bookingId)
    expect(
      after.additionalCharges.map((c) => [c.chargedRoomType || c.chargedAmenityName, c.amount, c.reason]),
    ).toEqual([
      ['Meeting Room', '20.56', 'Late finish'],
      [amenity, '5.00', 'Extra coffee'],
    ])
  })

  test('Reschedule/Extend: checks, same duration, an extension charged and a shortening refunded', async () => {
    const page = await adminPage()
    const { bookingId } = await book(page)
    const date = (await view(page, bookingId)).start_date
    await page.goto(`/admin/book/reschedule/${bookingId}`)
    await visible(page.getByRole('heading', { name: 'Reschedule/Extend' }))
    // The booking's own slot is not among the day's booked slots.
    await visible(
      page.getByRole('region', { name: 'Already booked' }).getByText('Nothing booked on this day.'),
    )
    await visible(
      page.getByRole('region', { name: 'Change' }).getByText('Same duration: nothing to charge or refund.'),
    )
    await visible(page.getByRole('region', { name: 'Reschedule notes' }).getByText(/15%/))
    await visible(page.getByText(/^Bookable /))

    // Client checks: the range, and the room's minimum duration (1 hour).
    await setTime(page, 'End Time', '09:00 AM')
    await visible(fieldError(page, messages.invalidTimeRange))
    await setTime(page, 'End Time', '10:30 AM')
    await visible(fieldError(page, messages.minDuration(1, 0)))
    await page.getByRole('button', { name: 'Reschedule', exact: true }).click()
    await visible(fieldError(page, messages.minDuration(1, 0)))

    // Same duration in Harbour Room B at 14:00: "Do you want to proceed?".
    await choose(page, 'Space', 'Harbour Room B (capacity 8)')
    await setTime(page, 'Start Time', '02:00 PM')
    await setTime(page, 'End Time', '04:00 PM')
    await gone(page.locator('.ant-form-item-explain-error'))
    await visible(
      page.getByRole('region', { name: 'Change' }).getByText('Same duration: nothing to charge or refund.'),
    )
    await shot(page, 'booking-reschedule')
    await page.getByRole('button', { name: 'Reschedule', exact: true }).click()
    await visible(confirmDialog(page).getByText(messages.confirmProceed))
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click()
    await visible(toast(page, messages.bookingRescheduled))
    await page.waitForURL('**/admin/book/list**')
    expect(await view(page, bookingId)).toMatchObject({ meetingName: 'Harbour Room B', start_wall: '14:00' })

    // Longer by an hour: 45.00 less the 15 % discount = 38.25, charged.
    await page.goto(`/admin/book/reschedule/${bookingId}`)
    await visible(page.getByRole('heading', { name: 'Reschedule/Extend' }))
    await setTime(page, 'End Time', '05:00 PM')
    await eventually(() => page.getByTestId('reschedule-amount').textContent()).toBe(AUD('38.25'))
    await page.getByRole('button', { name: 'Reschedule', exact: true }).click()
    await visible(confirmDialog(page).getByText(messages.confirmChangeDuration))
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click()
    const charge = dialog(page, 'Reschedule/Extend Charge')
    await visible(charge)
    await eventually(() => charge.getByLabel('Room Amount').inputValue()).toBe('38.25')
    await charge.getByLabel('Room Amount').fill('38,25')
    await charge.getByRole('button', { name: 'Proceed' }).click()
    await visible(fieldError(charge, messages.onlyDecimal))
    await charge.getByLabel('Room Amount').fill('38.25')
    await shot(page, 'booking-reschedule-charge')
    await charge.getByRole('button', { name: 'Proceed' }).click()
    await visible(toast(page, messages.bookingRescheduled))
    await page.waitForURL('**/admin/book/list**')
    const extended = await view(page, bookingId)
    expect(extended.end_wall).toBe('17:00')
    expect(extended.additionalCharges.map((c) => [c.amount, c.reason])).toEqual([
      ['38.25', 'Reschedule/Extend'],
    ])

    // Shorter (14:00–15:00): refunded, never more than is available.
    await page.goto(`/admin/book/reschedule/${bookingId}`)
    await visible(page.getByRole('heading', { name: 'Reschedule/Extend' }))
    await setTime(page, 'End Time', '03:00 PM')
    await visible(
      page.getByRole('region', { name: 'Change' }).getByText('Shorter: the difference is refunded.'),
    )
    const quote = await getJson<{ amount: string; available: string }>(
      page,
      `/api/userbooking/${bookingId}/reschedule-quote?newMeetingRoomId=${ids.roomB}&newStartTime=${encodeURIComponent(`${date} 14:00`)}&newEndTime=${encodeURIComponent(`${date} 15:00`)}`,
    )
    await page.getByRole('button', { name: 'Reschedule', exact: true }).click()
    await visible(confirmDialog(page).getByText(messages.confirmChangeDuration))
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click()
    const refund = dialog(page, 'Reschedule/Extend Refund')
    await visible(refund)
    await eventually(() => refund.getByLabel('Room Amount').inputValue()).toBe(quote.amount)
    await refund.getByLabel('Room Amount').fill('9999')
    await refund.getByRole('button', { name: 'Proceed' }).click()
    await visible(fieldError(refund, messages.refundMoreThanAvailable(quote.available)))
    await refund.getByLabel('Room Amount').fill(quote.amount)
    await shot(page, 'booking-reschedule-refund')
    await refund.getByRole('button', { name: 'Proceed' }).click()
    await visible(toast(page, messages.bookingRescheduled))
    await page.waitForURL('**/admin/book/list**')
    const shortened = await view(page, bookingId)
    expect(shortened.end_wall).toBe('15:00')
    expect(shortened.partialRoomRefunds).toEqual([{ amount: quote.amount, reason: 'Reschedule/Extend' }])
  })

  test('Reschedule/Extend asks about preparation time and moves on yes', async () => {
    const page = await adminPage()
    // Harbour Room A needs 15 minutes after a booking; the first one ends at 12:00.
    const date = nextDay()
    await book(page, { booking_date: date })
    const { bookingId } = await book(page, { booking_date: date, start_time: '14:00', end_time: '15:00' })
    await page.goto(`/admin/book/reschedule/${bookingId}`)
    await visible(page.getByRole('heading', { name: 'Reschedule/Extend' }))
    await visible(page.getByRole('region', { name: 'Already booked' }).getByText('10:00 AM – 12:00 PM'))
    await visible(page.getByText(/^Bookable /))
    await setTime(page, 'Start Time', '12:00 PM')
    // A time typed without Enter counts once complete: Reschedule straight after typing uses it.
    const endTime = page.getByLabel('End Time', { exact: true })
    await endTime.click()
    await endTime.fill('01:00 PM')
    await page.getByRole('button', { name: 'Reschedule', exact: true }).click()
    await visible(confirmDialog(page).getByText(messages.confirmProceed))
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click()
    const preparation = confirmDialog(page).filter({ hasText: /needs preparation time/ })
    await visible(preparation)
    await preparation.getByRole('button', { name: 'Yes' }).click()
    await visible(toast(page, messages.bookingRescheduled))
    await page.waitForURL('**/admin/book/list**')
    expect(await view(page, bookingId)).toMatchObject({ start_wall: '12:00', end_wall: '13:00' })
  })
})
