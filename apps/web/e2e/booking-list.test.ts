import { fileURLToPath } from 'node:url'
import { addDays, bookingExportColumns, wallClock } from '@spaceboard/domain'
import ExcelJS from 'exceljs'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { antdStylesOfPage, gone, logins, query, setupE2eApp, shot, toast, visible } from './support.ts'
import { choose, menuItems, openActions, openMenu, row } from './ui.ts'

const app = setupE2eApp()

interface PdfContent {
  pages: number
  lines: string[]
  links: string[]
  title: string
}

/** The API's PDF text reader (pdfjs-dist), imported at run time like the test server. */
async function pdfContent(data: Uint8Array): Promise<PdfContent> {
  const modulePath = fileURLToPath(new URL('../../api/test/pdf-text.ts', import.meta.url))
  const module = (await import(/* @vite-ignore */ modulePath)) as {
    pdfContent: (data: Uint8Array) => Promise<PdfContent>
  }
  return module.pdfContent(data)
}

/** Sydney dates past the demo bookings (91 days ahead), clear of the holiday blackout days. */
const today = wallClock(new Date(), 'Australia/Sydney').date
function day(n: number): string {
  let date = addDays(today, 160)
  while (['12-24', '12-25', '12-26', '12-27', '12-31', '01-01', '01-02'].includes(date.slice(5)))
    date = addDays(date, 1)
  return addDays(date, n)
}
/** YYYY-MM-DD → DD-MM-YYYY, as Harbour (dd/mm) writes dates. */
const shown = (iso: string) => iso.split('-').reverse().join('-')

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path)
  expect(response.status(), path).toBe(200)
  return (await response.json()) as T
}

const bookings = { quay: '', parramatta: '', cancelled: '' }

/** Types a date into the DatePicker with the label, as a person would (the organization's order). */
async function pickDate(page: Page, label: string, iso: string) {
  const input = page.getByLabel(label, { exact: true })
  await input.click()
  await input.fill(shown(iso))
  await input.press('Enter')
}

async function tableReferences(page: Page): Promise<string[]> {
  return page.locator('tr.ant-table-row td:first-child').allInnerTexts()
}

describe('Bookings list (/admin/book/list)', () => {
  beforeAll(async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    const centers = await getJson<Array<{ id: number; name: string }>>(page, '/api/center?all=1')
    const clients = await getJson<Array<{ id: number; name: string }>>(page, '/api/client?all=1')
    const acme = clients.find((c) => c.name === 'Acme Consulting')
    const users = await getJson<Array<{ id: number }>>(page, `/api/user?all=1&clientId=${acme?.id}`)
    async function book(centerName: string, spaceName: string, date: string, notes: string) {
      const center = centers.find((c) => c.name === centerName)
      const spaces = await getJson<Array<{ id: number; name: string }>>(
        page,
        `/api/meetingroom?all=1&centerId=${center?.id}`,
      )
      const created = await page.request.post('/api/userbooking', {
        data: {
          center_id: center?.id,
          meeting_room_id: spaces.find((s) => s.name === spaceName)?.id,
          booking_date: date,
          start_time: '10:00',
          end_time: '12:00',
          client_id: acme?.id,
          user_id: users[0]?.id,
          attendees: 6,
          payment_status: 'invoice',
          notes,
          special_requirement: 'Name badges at reception',
          confirm_preparation_time: true,
        },
      })
      expect(created.status(), await created.text()).toBe(201)
      return `MH-HAR${((await created.json()) as { bookingId: number }).bookingId}`
    }
    bookings.quay = await book('Circular Quay', 'Harbour Room A', day(0), 'Quay run sheet note')
    bookings.parramatta = await book('Parramatta', 'Training One', day(1), 'Parramatta run sheet note')
    bookings.cancelled = await book('Parramatta', 'Training Two', day(2), 'Cancelled one')
    const cancel = await page.request.put(`/api/userbooking/${bookings.cancelled.replace('MH-HAR', '')}`, {
      data: { code: 'full', bookingType: 'single', refundPercent: 100 },
    })
    expect(cancel.status(), await cancel.text()).toBe(200)
    await page.context().close()
  })

  test('filters by dates and location, says what is wrong, and remembers the location on the server', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.getByRole('menuitem', { name: 'Bookings' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/book/list')
    await visible(page.getByRole('heading', { name: 'Bookings' }))
    // Harbour screens bookings: the Booking Status column is there; no Organization column.
    const headers = await page.locator('thead th').allInnerTexts()
    expect(headers.map((h) => h.trim()).filter(Boolean)).toEqual([
      'Booking Id',
      'Location Name',
      'Space Name',
      'Start and End Date Time',
      'Client Name',
      'First Name',
      'Last Name',
      'Total Amount',
      'Booking Status',
      'Action',
    ])
    // The demo bookings fill more than a page: the pager shows.
    await visible(page.locator('.ant-pagination'))

    // Dates the wrong way round.
    await pickDate(page, 'Start date', day(2))
    await pickDate(page, 'End date', day(0))
    await page.getByRole('button', { name: 'Go', exact: true }).click()
    await visible(toast(page, 'Start date should be less than end date.'))
    await visible(page.getByRole('alert').getByText('Start date should be less than end date.'))
    expect(query(page).start_date).toBeUndefined()

    await pickDate(page, 'Start date', day(0))
    // A date typed without Enter counts once complete: Go straight after typing uses it.
    const endDate = page.getByLabel('End date', { exact: true })
    await endDate.click()
    await endDate.fill(shown(day(2)))
    await page.getByRole('button', { name: 'Go', exact: true }).click()
    await page.waitForURL((url) => url.searchParams.get('start_date') === day(0))
    expect(query(page)).toMatchObject({ start_date: day(0), end_date: day(2) })
    await expect
      .poll(() => tableReferences(page))
      .toEqual([bookings.cancelled, bookings.parramatta, bookings.quay])
    // Three rows: no pager.
    await gone(page.locator('.ant-pagination'))
    const quay = row(page, bookings.quay)
    const cells = (await quay.locator('td').allInnerTexts()).map((c) => c.trim())
    expect(cells.slice(0, 4)).toEqual([
      bookings.quay,
      'Circular Quay',
      'Harbour Room A',
      `${shown(day(0))} 10:00 AM - 12:00 PM`,
    ])
    expect(cells[4]).toBe('Acme Consulting')
    expect(cells[7]).toMatch(/^A\$\d+\.\d{2}$/)
    expect(cells[8]).toBe('tentative')

    // A cancelled booking's Actions button is grey; View Booking and View Confirmation stay.
    expect(
      await row(page, bookings.cancelled)
        .getByRole('button', { name: 'Actions' })
        .getAttribute('data-cancelled'),
    ).toBe('true')
    expect(await quay.getByRole('button', { name: 'Actions' }).getAttribute('data-cancelled')).toBeNull()
    await openActions(page, bookings.cancelled)
    const items = await menuItems(page)
    expect(items.filter((i) => ['View Booking', 'View Confirmation'].includes(i.label))).toEqual([
      { label: 'View Booking', disabled: false },
      { label: 'View Confirmation', disabled: false },
    ])
    for (const item of items.filter((i) =>
      ['Reschedule/Extend', 'Additional Charges', 'Refund Charge', 'Cancel Booking'].includes(i.label),
    ))
      expect(item.disabled, item.label).toBe(true)
    await page.keyboard.press('Escape')
    await gone(openMenu(page))

    // The location, remembered when applied.
    await choose(page, 'Select Location', 'Parramatta')
    await page.getByRole('button', { name: 'Go', exact: true }).click()
    await page.waitForURL((url) => url.searchParams.has('business_center_id'))
    await expect.poll(() => tableReferences(page)).toEqual([bookings.cancelled, bookings.parramatta])
    await shot(page, 'booking-list-admin-filtered')

    // Away and back through the menu: the location comes back (the dates do not).
    await page.getByRole('menuitem', { name: 'Profile' }).click()
    await page.waitForURL('**/admin/profile/show')
    await page.getByRole('menuitem', { name: 'Bookings' }).click()
    await page.waitForURL(
      (url) => url.pathname === '/admin/book/list' && url.searchParams.has('business_center_id'),
    )
    expect(query(page).start_date).toBeUndefined()
    await visible(
      page
        .locator('.ant-select')
        .filter({ has: page.getByLabel('Select Location') })
        .getByText('Parramatta'),
    )
    const centerId = query(page).business_center_id

    // Remembered on the server: another browser of the same person gets it too, another person not.
    const other = await app.signedInPage(logins.harbourAdmin)
    await other.goto('/admin/book/list')
    await other.waitForURL((url) => url.searchParams.get('business_center_id') === centerId)
    const csr = await app.signedInPage(logins.harbourCsr)
    await csr.goto('/admin/book/list')
    await visible(csr.getByRole('heading', { name: 'Bookings' }))
    await visible(csr.locator('tr.ant-table-row').first())
    expect(query(csr).business_center_id).toBeUndefined()

    // Clear Filter forgets it.
    await page.getByRole('button', { name: 'Clear Filter' }).click()
    await page.waitForURL((url) => !url.searchParams.has('business_center_id'))
    await page.getByRole('menuitem', { name: 'Profile' }).click()
    await page.waitForURL('**/admin/profile/show')
    await page.getByRole('menuitem', { name: 'Bookings' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/book/list')
    await visible(page.locator('tr.ant-table-row').first())
    expect(query(page).business_center_id).toBeUndefined()

    // View Booking opens the booking's confirmation.
    await page.goto(`/admin/book/list?start_date=${day(0)}&end_date=${day(0)}`)
    await openActions(page, bookings.quay)
    await openMenu(page).getByRole('menuitem', { name: 'View Booking', exact: true }).click()
    await page.waitForURL(`**/admin/book/invoice/${bookings.quay.replace('MH-HAR', '')}`)
  })

  test('downloads the Excel export and the run sheet of the filtered bookings and reads them back', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.goto(`/admin/book/list?start_date=${day(0)}&end_date=${day(2)}`)
    await expect
      .poll(() => tableReferences(page))
      .toEqual([bookings.cancelled, bookings.parramatta, bookings.quay])

    const [excel] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Excel' }).click(),
    ])
    expect(excel.suggestedFilename()).toBe('Booking List.xlsx')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(await excel.path())
    const sheet = workbook.worksheets[0]
    expect(sheet?.getRow(1).values).toEqual([undefined, ...bookingExportColumns])
    const rows: Record<string, unknown>[] = []
    sheet?.eachRow((sheetRow, index) => {
      if (index === 1) return
      rows.push(
        Object.fromEntries(bookingExportColumns.map((name, i) => [name, sheetRow.getCell(i + 1).value])),
      )
    })
    expect(rows.map((r) => r.BookingReferenceNumber)).toEqual([
      bookings.cancelled,
      bookings.parramatta,
      bookings.quay,
    ])
    expect(rows[2]).toMatchObject({
      LocationName: 'Circular Quay',
      SpaceName: 'Harbour Room A',
      CompanyName: 'Acme Consulting',
      BookingDate: shown(day(0)),
      NumberOfAttendees: 6,
      StartTime: '10:00 AM',
      EndTime: '12:00 PM',
      BookingDuration: 2,
      PaymentStatus: 'Unpaid',
      PaymentMethod: 'Invoice',
      Notes: 'Quay run sheet note',
      Status: 'tentative',
    })
    expect(rows[0]?.Status).toBe('cancelled')

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'PDF' }).click(),
    ])
    expect(pdf.suggestedFilename()).toBe('Run Sheet.pdf')
    const { readFile } = await import('node:fs/promises')
    const { lines } = await pdfContent(new Uint8Array(await readFile(await pdf.path())))
    const text = lines.join('\n')
    expect(text).toContain(`Run Sheet`)
    expect(text).toContain(`${shown(day(0))} to ${shown(day(2))}`)
    expect(lines.filter((l) => / - \w+day \d{2}-\d{2}-\d{4} /.test(l)).map((l) => l.split(' - ')[0])).toEqual(
      ['Circular Quay', 'Parramatta', 'Parramatta'],
    )
    for (const expected of [
      bookings.quay,
      bookings.parramatta,
      'Quay run sheet note',
      'Parramatta run sheet note',
      'Name badges at reception',
      'Training One',
    ])
      expect(text).toContain(expected)
  })

  test('super sees the organizations and must name one before a location', async () => {
    const page = await app.signedInPage(logins.super)
    await page.goto(`/admin/book/list?start_date=${day(0)}&end_date=${day(2)}`)
    await expect
      .poll(() => tableReferences(page))
      .toEqual([bookings.cancelled, bookings.parramatta, bookings.quay])
    const headers = (await page.locator('thead th').allInnerTexts()).map((h) => h.trim())
    expect(headers).toContain('Organization')
    expect(headers).toContain('Booking Status')
    expect((await row(page, bookings.quay).locator('td').nth(1).textContent())?.trim()).toBe(
      'Harbour Workspaces',
    )

    await choose(page, 'Select Location', 'Circular Quay')
    await page.getByRole('button', { name: 'Go', exact: true }).click()
    await visible(page.getByRole('alert').getByText('Select organization.'))
    expect(query(page).business_center_id).toBeUndefined()

    await choose(page, 'Select Organization', 'Harbour Workspaces')
    await choose(page, 'Select Location', 'Circular Quay')
    await page.getByRole('button', { name: 'Go', exact: true }).click()
    await page.waitForURL(
      (url) => url.searchParams.has('org_id') && url.searchParams.has('business_center_id'),
    )
    await expect.poll(() => tableReferences(page)).toEqual([bookings.quay])
    await shot(page, 'booking-list-super')
  })

  test('hides Booking Status where the organization does not screen bookings', async () => {
    const page = await app.signedInPage(logins.summitAdmin)
    await page.goto('/admin/book/list')
    await visible(page.locator('tr.ant-table-row').first())
    const headers = (await page.locator('thead th').allInnerTexts()).map((h) => h.trim())
    expect(headers).not.toContain('Booking Status')
    expect(headers).not.toContain('Organization')
    // The shell's and the list's antd styles came with the build's stylesheet, not made on the page.
    expect(
      await antdStylesOfPage(page, ['ant-layout', 'ant-menu', 'ant-table-wrapper', 'ant-pagination']),
    ).toEqual({ stylesheet: true, madeInBrowser: [] })
  })
})
