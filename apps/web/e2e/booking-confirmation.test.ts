import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { addDays, wallClock } from '@spaceboard/domain'
import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { logins, setupE2eApp, shot, visible } from './support.ts'
import { menuItems, openMenu, pngFile } from './ui.ts'

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

/** A Sydney date far past the demo data and the other booking tests' dates, clear of blackout days. */
function dayAhead(days: number): string {
  const today = wallClock(new Date(), 'Australia/Sydney').date
  let date = addDays(today, 200 + days)
  while (['12-25', '12-26', '01-01'].includes(date.slice(5))) date = addDays(date, 1)
  return date
}

/** YYYY-MM-DD → DD-MM-YYYY, as Harbour (dd/mm) shows dates. */
const shown = (iso: string) => iso.split('-').reverse().join('-')

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path)
  expect(response.status(), path).toBe(200)
  return (await response.json()) as T
}

/** Only what the organization form may send back: its view without the read-only keys. */
const readOnlyOrganizationKeys = [
  'id',
  'color_code',
  'charge_amenities',
  'ms365_client_secret_set',
  'stripe_secret_key_set',
  'api_token_set',
  'web_api_token_set',
  'created_at',
  'deleted_at',
]

/** Gives Harbour a logo, a company registration number and bank account details. */
async function completeOrganization(page: Page, organizationId: number) {
  const logo = await page.request.post('/api/organization/logo', {
    multipart: {
      fileType: 'thumb',
      file: {
        name: 'harbour.png',
        mimeType: 'image/png',
        buffer: readFileSync(await pngFile('harbour.png', 240, 80, '#0E3E6C')),
      },
    },
  })
  expect(logo.status()).toBe(200)
  const logoUrl = ((await logo.json()) as { file: Array<{ url: string }> }).file[0]?.url
  const view = await getJson<Record<string, unknown>>(page, `/api/organization/${organizationId}`)
  const form: Record<string, unknown> = { ...view }
  for (const key of readOnlyOrganizationKeys) delete form[key]
  const credentials = view.thirdPartyCredentials as Record<string, unknown>
  form.thirdPartyCredentials = { customer_name: credentials.customer_name, username: credentials.username }
  const saved = await page.request.put(`/api/organization/${organizationId}`, {
    data: {
      ...form,
      logo: logoUrl,
      company_registration_number: 'ABN 51 824 753 556',
      banking_details: 'Harbour Workspaces Pty Ltd\nBSB 062-000\nAccount 1234 5678',
    },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  return logoUrl
}

interface Amenity {
  amenity_id: number
  name: string
  charge_type: 'flat' | 'attendee' | 'hour'
  amount: string
}

/** The texts of a table's rows (body and summary), a cell's text each. */
async function tableRows(table: Locator): Promise<string[][]> {
  const rows = table.locator('tbody tr.ant-table-row, tfoot tr, .ant-table-summary tr')
  const out: string[][] = []
  for (const row of await rows.all()) {
    const cells = await row.locator('td').allInnerTexts()
    out.push(cells.map((cell) => cell.replace(/\s+/g, ' ').trim()))
  }
  return out
}

/** The value beside a label of a Descriptions table in a section. */
function described(section: Locator, label: string): Locator {
  return section
    .locator('th.ant-descriptions-item-label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::td[1]')
}

/** The text as a person sees it, with the layout's line breaks. */
function seen(locator: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's rendered text, not the DOM property
  return locator.innerText()
}

const AUD = (amount: string) => `A$${amount}`

describe('Booking confirmation (View Booking)', () => {
  const booking = {
    id: 0,
    reference: '',
    date: dayAhead(0),
    amenities: [] as Amenity[],
    adminName: '',
    logoUrl: '',
  }

  beforeAll(async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    const profile = await getJson<{ organization_id: number; first_name: string; last_name: string }>(
      page,
      '/api/profile',
    )
    booking.adminName = `${profile.first_name} ${profile.last_name}`
    booking.logoUrl = (await completeOrganization(page, profile.organization_id)) ?? ''

    const centers = await getJson<Array<{ id: number; name: string }>>(page, '/api/center?all=1')
    const center = centers.find((c) => c.name === 'Circular Quay')
    const spaces = await getJson<Array<{ id: number; name: string }>>(
      page,
      `/api/meetingroom?all=1&centerId=${center?.id}`,
    )
    const space = spaces.find((s) => s.name === 'Harbour Room A')
    const clients = await getJson<Array<{ id: number; name: string }>>(page, '/api/client?all=1')
    const client = clients.find((c) => c.name === 'Acme Consulting')
    const users = await getJson<Array<{ id: number }>>(page, `/api/user?all=1&clientId=${client?.id}`)

    // The client has 120 gratis minutes for the month, 10 % internal and 5 % additional discount.
    const detail = await getJson<{ gratisMinutes: number; amenities: Amenity[] }>(
      page,
      `/api/meetingroom/${space?.id}/detail?clientId=${client?.id}&bookingDate=${booking.date}`,
    )
    expect(detail.gratisMinutes).toBe(120)
    booking.amenities = detail.amenities
    expect(booking.amenities.map((a) => [a.charge_type, a.amount]).sort()).toEqual([
      ['attendee', '12.50'],
      ['flat', '25.00'],
      ['hour', '10.00'],
    ])

    const created = await page.request.post('/api/userbooking', {
      data: {
        center_id: center?.id,
        meeting_room_id: space?.id,
        booking_date: booking.date,
        start_time: '09:00',
        end_time: '12:00',
        client_id: client?.id,
        user_id: users[0]?.id,
        attendees: 4,
        amenity_ids: booking.amenities.map((a) => a.amenity_id),
        voucher_code: 'WELCOME10',
        room_amount: '',
        use_gratis: true,
        payment_status: 'card',
        transaction_id: 'ch_e2e_4242',
        notes: 'Client brings own laptop.',
        special_requirement: 'Wheelchair access\nVegetarian lunch',
        confirm_preparation_time: true,
        recurring: null,
        skip_dates: [],
      },
    })
    expect(created.status(), await created.text()).toBe(201)
    const body = (await created.json()) as { bookingId: number }
    booking.id = body.bookingId
    booking.reference = `MH-HAR${body.bookingId}`
    await page.context().close()
  })

  test('shows the booking, its billing worked out by hand, payment, location and notes', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto(`/admin/book/invoice/${booking.id}`)
    await visible(page.getByText('Booking Confirmation', { exact: true }))

    // Header: the organization's logo, name, address and registration number; the reference.
    const header = page.locator('header').filter({ hasText: 'Booking Confirmation' })
    await expect
      .poll(() => header.getByRole('img', { name: 'Harbour Workspaces logo' }).getAttribute('src'))
      .toBe(booking.logoUrl)
    const headerText = await seen(header)
    for (const text of [
      'Harbour Workspaces',
      '1 Circular Quay',
      'Sydney, New South Wales 2000',
      'Company Registration No: ABN 51 824 753 556',
      booking.reference,
    ]) {
      expect(headerText).toContain(text)
    }
    expect(headerText).not.toContain('Recurring Booking')

    // Booking Details, in the center's time and the organization's date order.
    const details = page.getByRole('region', { name: 'Booking Details' })
    const expectedDetails: Array<[string, string]> = [
      ['Booking Reference', booking.reference],
      ['External Client Id', 'ACME001'],
      ['Client Name', 'Acme Consulting'],
      ['Booking Date/Time', `${shown(booking.date)} 09:00 AM - 12:00 PM (3 Hours)`],
      ['Space Name', 'Harbour Room A'],
      ['Location/Center', 'Circular Quay'],
      ['Location Address', '1 Macquarie Place, Sydney, New South Wales 2000, Australia'],
      // Harbour screens bookings: a new one waits for confirmation.
      ['Booking Status', 'tentative'],
      ['Booked By', booking.adminName],
    ]
    for (const [label, value] of expectedDetails) {
      expect((await seen(described(details, label))).trim(), label).toBe(value)
    }
    expect(await seen(described(details, 'Booked On'))).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2} [AP]M$/)

    // Billing Details. 3 h with 120 gratis minutes → 1 h at 45.00 = 45.00; internal 10 % → 4.50
    // off (40.50); voucher WELCOME10 10 % → 4.05 off (36.45); additional 5 % → 1.8225 → 1.82 off
    // (34.63). Amenities: flat 25.00, 4 attendees × 12.50 = 50.00, 3 h × 10.00 = 30.00 (105.00).
    // Sub Total 139.63; GST 10 % = 13.963 → 13.96; Grand Total 153.59.
    const name = (type: Amenity['charge_type']) => booking.amenities.find((a) => a.charge_type === type)?.name
    const billing = page.getByRole('region', { name: 'Billing Details' })
    const rows = await tableRows(billing)
    expect(rows.slice(0, 5)).toEqual([
      // Quantity × unit price = amount: the room line counts the 1 chargeable hour, not the 3 booked.
      ['Harbour Room A 4 Attendees', '1', AUD('45.00'), AUD('45.00')],
      ['Gratis Minutes 120 minutes free of charge 3 hours booked, 1 charged', '120 min', '', ''],
      ['Discount (Internal 10.00%)', '', '', `-${AUD('4.50')}`],
      ['Voucher WELCOME10 (10.00%)', '', '', `-${AUD('4.05')}`],
      ['Additional Discount 5.00%', '', '', `-${AUD('1.82')}`],
    ])
    const byName = (a: Array<string | undefined>, b: Array<string | undefined>) =>
      (a[0] ?? '').localeCompare(b[0] ?? '')
    expect(rows.slice(5, 8).sort(byName)).toEqual(
      [
        [name('flat'), '1', AUD('25.00'), AUD('25.00')],
        [name('attendee'), '4', AUD('12.50'), AUD('50.00')],
        [name('hour'), '3', AUD('10.00'), AUD('30.00')],
      ].sort(byName),
    )
    expect(rows.slice(8)).toEqual([
      ['Sub Total', AUD('139.63')],
      ['GST (10.00%)', AUD('13.96')],
      ['Grand Total', AUD('153.59')],
    ])

    // Payment Details: a card booking is paid; the bank details keep their lines.
    const payment = page.getByRole('region', { name: 'Payment Details' })
    expect(await seen(described(payment, 'Payment Status'))).toBe('Paid')
    expect(await seen(described(payment, 'Payment Method'))).toBe('Credit Card')
    expect(await seen(described(payment, 'Transaction ID'))).toBe('ch_e2e_4242')
    expect(await seen(described(payment, 'Bank Account Details'))).toBe(
      'Harbour Workspaces Pty Ltd\nBSB 062-000\nAccount 1234 5678',
    )

    // Location Details with directions to the center's coordinates, in a new tab.
    const directions = page.getByRole('region', { name: 'Location Details' }).getByRole('link', {
      name: 'Get Directions',
    })
    expect(await directions.getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=-33.8624,151.2105',
    )
    expect(await directions.getAttribute('target')).toBe('_blank')
    expect(await directions.getAttribute('rel')).toContain('noopener')

    // Notes and Special Requirements are there; no General Notes, no logs for a new booking.
    expect(await seen(page.getByRole('region', { name: 'Notes' }))).toContain('Client brings own laptop.')
    expect(await seen(page.getByRole('region', { name: 'Special Requirements' }))).toContain(
      'Wheelchair access\nVegetarian lunch',
    )
    expect(await page.getByRole('region', { name: 'General Notes' }).count()).toBe(0)
    expect(await page.getByRole('region', { name: 'Workflow Action Logs' }).count()).toBe(0)
    expect(await page.getByText('Rescheduling Log').count()).toBe(0)

    await shot(page, 'booking-confirmation')

    // The action menu of a tentative card booking (spec 2 §2): no Mark as Paid/Unpaid for a card.
    await page.getByRole('button', { name: 'Actions' }).click()
    await openMenu(page).getByRole('menuitem').first().waitFor()
    expect(await menuItems(page)).toEqual([
      { label: 'View Booking', disabled: false },
      { label: 'Notes', disabled: false },
      { label: 'Confirm booking', disabled: false },
      { label: 'View Confirmation', disabled: false },
      { label: 'Reschedule/Extend', disabled: false },
      { label: 'Additional Charges', disabled: false },
      { label: 'Refund Charge', disabled: false },
      { label: 'Cancel Booking', disabled: false },
    ])
    // View Confirmation opens the PDF in a new tab. The tab's request is what is checked: a headless
    // Chromium without a PDF viewer downloads the PDF and leaves the tab on about:blank.
    const pdfUrl = `/api/userbooking?invoice_pdf=true&invoice_id=${booking.id}`
    const [tab, request] = await Promise.all([
      page.context().waitForEvent('page'),
      page.context().waitForEvent('request', (r) => r.url().endsWith(pdfUrl)),
      openMenu(page).getByRole('menuitem', { name: 'View Confirmation' }).click(),
    ])
    expect(request.frame().page()).toBe(tab)
    await tab.close()
  })

  test('the confirmation PDF has the reference, every line and the Grand Total', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    const response = await page.request.get(`/api/userbooking?invoice_pdf=true&invoice_id=${booking.id}`)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('application/pdf')
    const body = await response.body()
    // The organization's logo is drawn in the header.
    expect(body.toString('latin1')).toMatch(/\/Subtype\s*\/Image/)
    if (process.env.E2E_SHOTS_DIR)
      writeFileSync(path.join(process.env.E2E_SHOTS_DIR, 'booking-confirmation.pdf'), body)
    const pdf = await pdfContent(body)
    const text = pdf.lines.join('\n')
    for (const expected of [
      'Booking Confirmation',
      booking.reference,
      'Company Registration No: ABN 51 824 753 556',
      `Booking Date/Time ${shown(booking.date)} 09:00 AM - 12:00 PM (3`,
    ]) {
      expect(text).toContain(expected)
    }
    const name = (type: Amenity['charge_type']) => booking.amenities.find((a) => a.charge_type === type)?.name
    expect(pdf.lines).toEqual(
      expect.arrayContaining([
        'Harbour Room A 1 A$45.00 A$45.00',
        'Gratis Minutes 120 min',
        'Discount (Internal 10.00%) -A$4.50',
        'Voucher WELCOME10 (10.00%) -A$4.05',
        'Additional Discount 5.00% -A$1.82',
        `${name('flat')} 1 A$25.00 A$25.00`,
        `${name('attendee')} 4 A$12.50 A$50.00`,
        `${name('hour')} 3 A$10.00 A$30.00`,
        'Sub Total A$139.63',
        'GST (10.00%) A$13.96',
        'Grand Total A$153.59',
        'Payment Status Paid',
        'Transaction ID ch_e2e_4242',
      ]),
    )
    expect(pdf.links).toContain('https://www.google.com/maps/dir/?api=1&destination=-33.8624,151.2105')
  })

  test('workflow logs with their status tags, the rescheduling log loaded on first open, the recurring marker', async () => {
    // No screen writes workflow logs or reschedules yet: their answers are stubbed, the booking is real.
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.route(`**/api/userbooking/${booking.id}`, async (route) => {
      const response = await route.fetch()
      const real = (await response.json()) as Record<string, unknown>
      await route.fulfill({ response, json: { ...real, rescheduled: true, recurringId: 7 } })
    })
    await page.route(`**/api/userbooking/${booking.id}/workflow-logs`, (route) =>
      route.fulfill({
        json: [
          {
            workflow_name: 'Booking confirmation e-mail',
            status: 'success',
            remarks: 'Sent',
            updated_at: '2026-05-01T00:14:00Z',
          },
          {
            workflow_name: 'Reminder',
            status: 'failed',
            remarks: 'Mailbox full',
            updated_at: '2026-05-01T00:15:00Z',
          },
          { workflow_name: 'Survey', status: 'pending', remarks: '', updated_at: '2026-05-01T00:16:00Z' },
          {
            workflow_name: 'Invoice sync',
            status: 'queued',
            remarks: '',
            updated_at: '2026-05-01T00:17:00Z',
          },
        ],
      }),
    )
    let reschedulingCalls = 0
    await page.route(`**/api/userbooking/${booking.id}/rescheduling`, (route) => {
      reschedulingCalls++
      return route.fulfill({
        json: [
          {
            centerName: 'Circular Quay',
            meetingroomName: 'Harbour Room A',
            start_time: '',
            end_time: '',
            start_date: booking.date,
            start_wall: '09:00',
            end_wall: '12:00',
            duration: 3,
            first_name: 'Hannah',
            last_name: 'Harbour',
            created_at: '2026-05-02T01:00:00Z',
          },
          {
            centerName: 'Circular Quay',
            meetingroomName: 'Harbour Room B',
            start_time: '',
            end_time: '',
            start_date: booking.date,
            start_wall: '14:00',
            end_wall: '16:30',
            duration: 2.5,
            first_name: 'Carl',
            last_name: 'Csr',
            created_at: '2026-05-01T23:00:00Z',
          },
        ],
      })
    })
    await page.goto(`/admin/book/invoice/${booking.id}`)
    const header = page.locator('header').filter({ hasText: 'Booking Confirmation' })
    await visible(header.getByText('Recurring Booking', { exact: true }))

    // Tags: success green, failed red (danger), pending orange (warning), anything else blue (info).
    const logs = page.getByRole('region', { name: 'Workflow Action Logs' })
    await visible(logs)
    expect(await tableRows(logs)).toEqual([
      ['Booking confirmation e-mail', 'success', 'Sent', '01-05-2026 10:14 AM'],
      ['Reminder', 'failed', 'Mailbox full', '01-05-2026 10:15 AM'],
      ['Survey', 'pending', '', '01-05-2026 10:16 AM'],
      ['Invoice sync', 'queued', '', '01-05-2026 10:17 AM'],
    ])
    const tagClass = (status: string) =>
      logs.locator('.ant-tag').filter({ hasText: status }).getAttribute('class')
    expect(await tagClass('success')).toContain('ant-tag-success')
    expect(await tagClass('failed')).toContain('ant-tag-error')
    expect(await tagClass('pending')).toContain('ant-tag-warning')
    expect(await tagClass('queued')).toContain('ant-tag-processing')

    // The rescheduling log is collapsed and not loaded until it is opened, then only once.
    expect(reschedulingCalls).toBe(0)
    const toggle = page.getByRole('button', { name: 'Rescheduling Log' })
    await toggle.click()
    const log = page.locator('.confirmation-rescheduling')
    await visible(log.getByText('Harbour Room B'))
    expect(await tableRows(log)).toEqual([
      [
        'Current',
        'Circular Quay',
        'Harbour Room A',
        `${shown(booking.date)} 09:00 AM - 12:00 PM (3 Hours)`,
        'Hannah Harbour',
        '02-05-2026 11:00 AM',
      ],
      [
        'Earlier',
        'Circular Quay',
        'Harbour Room B',
        `${shown(booking.date)} 02:00 PM - 04:30 PM (2.5 Hours)`,
        'Carl Csr',
        '02-05-2026 09:00 AM',
      ],
    ])
    await shot(page, 'booking-confirmation-logs')
    await toggle.click()
    await toggle.click()
    await visible(log.getByText('Harbour Room B'))
    expect(reschedulingCalls).toBe(1)

    // Logs that cannot be loaded hide their section, without a message.
    await page.unroute(`**/api/userbooking/${booking.id}/workflow-logs`)
    await page.route(`**/api/userbooking/${booking.id}/workflow-logs`, (route) =>
      route.fulfill({ status: 500, json: { message: 'Something went wrong.' } }),
    )
    const failed = page.waitForResponse((response) => response.url().endsWith('/workflow-logs'))
    await page.reload()
    expect((await failed).status()).toBe(500)
    await visible(header.getByText('Recurring Booking', { exact: true }))
    await visible(page.getByRole('region', { name: 'Billing Details' }))
    expect(await page.getByRole('region', { name: 'Workflow Action Logs' }).count()).toBe(0)
    expect(await page.locator('.ant-message').count()).toBe(0)
  })

  test("another organization's booking and an unknown one are not found", async () => {
    const page = await app.signedInPage(logins.summitAdmin)
    await page.goto(`/admin/book/invoice/${booking.id}`)
    await visible(page.locator('.ant-result-404'))
    expect(await page.getByText(booking.reference).count()).toBe(0)
    await page.goto('/admin/book/invoice/999999')
    await visible(page.locator('.ant-result-404'))
    const pdf = await page.request.get(`/api/userbooking?invoice_pdf=true&invoice_id=${booking.id}`)
    expect(pdf.status()).toBe(404)
  })
})
