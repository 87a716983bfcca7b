import { readFile } from 'node:fs/promises'
import { addDays, billingSheetColumns, commissionReportColumns, wallClock } from '@spaceboard/domain'
import ExcelJS from 'exceljs'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { logins, query, setupE2eApp, shot, toast, visible } from './support.ts'

const app = setupE2eApp()

/** Sydney dates past the demo bookings and the other browser tests' days. */
const today = wallClock(new Date(), 'Australia/Sydney').date
function day(n: number): string {
  let date = addDays(today, 190)
  while (['12-24', '12-25', '12-26', '12-27', '12-31', '01-01', '01-02'].includes(date.slice(5)))
    date = addDays(date, 1)
  return addDays(date, n)
}
/** YYYY-MM-DD → DD-MM-YYYY, as Harbour (dd/mm) writes dates in the pickers. */
const shown = (iso: string) => iso.split('-').reverse().join('-')

async function pickDate(page: Page, label: string, iso: string) {
  const input = page.getByLabel(label, { exact: true })
  await input.click()
  await input.fill(shown(iso))
  await input.press('Enter')
}

/** The CSV as a spreadsheet program reads it: quoted fields with doubled quotes, CRLF rows. */
function csvRows(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  const body = text.replace(/^\ufeff/, '')
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"'
        i++
      } else if (ch === '"') quoted = false
      else field += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      row.push(field)
      field = ''
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      i++
    } else field += ch
  }
  return rows
}

async function sheetRows(path: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(path)
  const rows: unknown[][] = []
  workbook.worksheets[0]?.eachRow((r) => rows.push((r.values as unknown[]).slice(1)))
  return rows
}

const references: string[] = []

describe('Billing (/admin/billing/list)', () => {
  beforeAll(async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    const get = async <T>(path: string) => (await (await page.request.get(path)).json()) as T
    const centers = await get<Array<{ id: number; name: string }>>('/api/center?all=1')
    const clients = await get<Array<{ id: number; name: string }>>('/api/client?all=1')
    const coral = clients.find((c) => c.name === 'Coral Tech')
    const users = await get<Array<{ id: number }>>(`/api/user?all=1&clientId=${coral?.id}`)
    const quay = centers.find((c) => c.name === 'Circular Quay')
    const spaces = await get<Array<{ id: number; name: string }>>(
      `/api/meetingroom?all=1&centerId=${quay?.id}`,
    )
    for (const [n, space] of [
      [0, 'Harbour Room A'],
      [1, 'Harbour Room B'],
    ] as const) {
      const created = await page.request.post('/api/userbooking', {
        data: {
          center_id: quay?.id,
          meeting_room_id: spaces.find((s) => s.name === space)?.id,
          booking_date: day(n),
          start_time: '10:00',
          end_time: '12:00',
          client_id: coral?.id,
          user_id: users[0]?.id,
          attendees: 2,
          payment_status: 'invoice',
          confirm_preparation_time: true,
        },
      })
      expect(created.status(), await created.text()).toBe(201)
      references.push(`MH-HAR${((await created.json()) as { bookingId: number }).bookingId}`)
    }
    await page.context().close()
  })

  test('filters the list, downloads the lines as CSV and, marked exported, as XLS; read back', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.getByRole('menuitem', { name: 'Billing' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/billing/list')
    await visible(page.getByRole('heading', { name: 'Billing' }))
    const headers = (await page.locator('thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean)
    expect(headers).toEqual([
      'Booking Id',
      'Location Name',
      'Space Name',
      'Start Date Time',
      'Payment Method',
      'Client Name',
      'First Name',
      'Last Name',
      'Total Amount',
    ])

    await pickDate(page, 'Start date', day(1))
    await pickDate(page, 'End date', day(0))
    await page.getByRole('button', { name: 'Go', exact: true }).click()
    await visible(toast(page, 'Start date should be less than end date.'))
    expect(query(page).start_date).toBeUndefined()

    await pickDate(page, 'Start date', day(0))
    await pickDate(page, 'End date', day(1))
    await page.getByRole('button', { name: 'Go', exact: true }).click()
    await page.waitForURL((url) => url.searchParams.get('start_date') === day(0))
    await expect
      .poll(() => page.locator('tr.ant-table-row td:first-child').allInnerTexts())
      .toEqual([...references].reverse())
    const first = page.locator('tr.ant-table-row').first()
    await visible(first.getByText('Invoice'))
    await visible(first.getByText('10:00 AM'))
    await shot(page, 'billing-list')

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV' }).click(),
    ])
    expect(csv.suggestedFilename()).toBe('Booking Detail.csv')
    const [csvHeaders, ...csvLines] = csvRows(await readFile(await csv.path(), 'utf8'))
    expect(csvHeaders).toEqual([...billingSheetColumns])
    expect(csvLines.map((l) => l[8])).toEqual(references)
    expect(csvLines.map((l) => l[30])).toEqual(['No', 'No'])

    await page.getByRole('checkbox', { name: 'Mark exported for invoicing' }).check()
    const [xls] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'XLS' }).click(),
    ])
    expect(xls.suggestedFilename()).toBe('Booking Detail.xlsx')
    const [xlsHeaders, ...xlsLines] = await sheetRows(await xls.path())
    expect(xlsHeaders).toEqual([...billingSheetColumns])
    expect(xlsLines.map((l) => [l[8], l[21], l[30]])).toEqual(
      csvLines.map((l) => [l[8], Number(l[21]), 'Yes']),
    )
    // Marked once: a second marked export has nothing left to send.
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'XLS' }).click(),
    ])
    expect(await sheetRows(await again.path())).toHaveLength(1)

    await page.getByRole('button', { name: 'Reset Filter' }).click()
    await page.waitForURL((url) => !url.searchParams.has('start_date'))
  })
})

describe('Commission Report (/admin/commision-report)', () => {
  test('says what is missing, then downloads the report of the dates', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.getByRole('menuitem', { name: 'Commission Report' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/commision-report')
    await page.getByRole('button', { name: 'Download' }).click()
    await visible(toast(page, 'Select start date.'))
    await pickDate(page, 'Start date', day(1))
    await page.getByRole('button', { name: 'Download' }).click()
    await visible(toast(page, 'Select end date.'))
    await pickDate(page, 'End date', day(0))
    await page.getByRole('button', { name: 'Download' }).click()
    await visible(toast(page, 'Start date should be less than end date.'))
    await pickDate(page, 'Start date', day(0))
    await pickDate(page, 'End date', day(1))
    await shot(page, 'commission-report')
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ])
    expect(file.suggestedFilename()).toBe('Commision Report.xlsx')
    const [headers, ...rows] = await sheetRows(await file.path())
    expect(headers).toEqual([...commissionReportColumns])
    expect(rows.map((r) => r[11])).toEqual(references)
    await page.getByRole('button', { name: 'Reset' }).click()
    // The form clears on React's next render, not before click() returns.
    await expect.poll(() => page.getByLabel('Start date', { exact: true }).inputValue()).toBe('')
  })
})
