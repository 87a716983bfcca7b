import { createServer, type Server } from 'node:http'
import { fileURLToPath } from 'node:url'
import { crc32, deflateSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fieldError, gone, logins, setupE2eApp, shot, toast, visible } from './support.ts'
import { formField } from './ui.ts'

interface LocalService {
  url: string
  close(): Promise<void>
}

/** apps/api/test/geocoder.ts, imported at run time (as support.ts imports the server) to keep the web typecheck to the web. */
async function startGeocoder(places: Record<string, { lat: string; lon: string }>): Promise<LocalService> {
  const modulePath = fileURLToPath(new URL('../../api/test/geocoder.ts', import.meta.url))
  const module = (await import(/* @vite-ignore */ modulePath)) as {
    startGeocoder: (places: Record<string, { lat: string; lon: string }>) => Promise<LocalService>
  }
  return module.startGeocoder(places)
}

/** A 256×256 PNG map tile: a pale ground with a darker edge, so the tiles make a grid. */
function tilePng(): Buffer {
  const size = 256
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB, no interlace
  const rows = Buffer.alloc(size * (1 + size * 3))
  for (let y = 0; y < size; y++) {
    const start = y * (1 + size * 3)
    rows[start] = 0 // no filter
    for (let x = 0; x < size; x++) {
      const edge = x === 0 || y === 0
      rows.set(edge ? [200, 205, 195] : [236, 238, 230], start + 1 + x * 3)
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A tile server on a local port: the same PNG for every /{z}/{x}/{y}.png. */
async function startTileServer(): Promise<LocalService & { requests: () => number }> {
  const png = tilePng()
  let requests = 0
  const server: Server = createServer((request, response) => {
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(new URL(request.url ?? '/', 'http://localhost').pathname)) {
      response.writeHead(404).end()
      return
    }
    requests++
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' }).end(png)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('tile server has no port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const BARANGAROO = { street: '200 Barangaroo Avenue', lat: '-33.861000', lon: '151.201000' }
const CIRCULAR_QUAY = { street: '1 Macquarie Place', lat: '-33.862400', lon: '151.210500' }

let geocoder: LocalService
let tiles: Awaited<ReturnType<typeof startTileServer>>
beforeAll(async () => {
  geocoder = await startGeocoder({
    [BARANGAROO.street]: { lat: BARANGAROO.lat, lon: BARANGAROO.lon },
    [CIRCULAR_QUAY.street]: { lat: CIRCULAR_QUAY.lat, lon: CIRCULAR_QUAY.lon },
  })
  tiles = await startTileServer()
})
// Registered after the services start, so the app is told where they are.
const app = setupE2eApp(() => ({ geocoderUrl: geocoder.url, mapTileUrl: `${tiles.url}/{z}/{x}/{y}.png` }))
afterAll(async () => {
  await geocoder?.close()
  await tiles?.close()
})

const row = (page: Page, name: string) =>
  page.locator('tr.ant-table-row').filter({ has: page.locator('td:first-child', { hasText: name }) })
const openMenu = (page: Page) => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')
const dropdown = (page: Page) => page.locator('.ant-select-dropdown').filter({ visible: true })

async function openActions(page: Page, name: string) {
  await gone(openMenu(page))
  await row(page, name).getByRole('button', { name: 'Actions' }).click()
}

async function menuItems(page: Page): Promise<string[]> {
  const menu = openMenu(page).getByRole('menuitem')
  await menu.first().waitFor()
  return (await menu.allTextContents()).map((text) => text.trim())
}

async function rowAction(page: Page, name: string, action: string) {
  await openActions(page, name)
  await openMenu(page).getByRole('menuitem', { name: action, exact: true }).click()
}

/** The Status cell of the center's row (Name, City, Contact Email, Time Zone, Status for non-super). */
const statusOf = (page: Page, name: string) => row(page, name).locator('td:nth-child(5)').textContent()

/** Picks an option of an antd Select found by its label, typing to search first when asked. */
async function choose(page: Page, label: string, option: string | RegExp, typed?: string) {
  await page.getByLabel(label, { exact: true }).click()
  if (typed) await page.getByLabel(label, { exact: true }).fill(typed)
  await dropdown(page)
    .getByTitle(option, { exact: typeof option === 'string' })
    .click()
}

/** Types a time (hh:mm A) into a time picker and commits it. */
async function setTime(page: Page, label: string, time: string) {
  const input = page.getByLabel(label, { exact: true })
  await input.click()
  await input.fill(time)
  await input.press('Enter')
  await expect.poll(() => input.inputValue()).toBe(time)
}

const latitude = (page: Page) => page.getByLabel('Latitude', { exact: true }).inputValue()
const longitude = (page: Page) => page.getByLabel('Longitude', { exact: true }).inputValue()
const pin = (page: Page) => page.locator('.leaflet-marker-icon')
const targetInput = (page: Page, month: string) => page.getByLabel(month, { exact: true })
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** The next answer of the geocoding call (the form asks 0.8 s after the address changes). */
const geocodeCall = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === '/api/geocode')

/** An option of a lookup (organizations, regions, countries). */
interface OrgOption {
  id: number
  name: string
}

/** Opens the edit form of a center from the list. */
async function openEdit(page: Page, name: string) {
  await page.goto('/admin/centers/list')
  await rowAction(page, name, 'Edit')
  await page.waitForURL(/\/admin\/center\/edit\/\d+$/)
  await expect.poll(() => formField(page, 'Name').inputValue()).toBe(name)
}

describe('Locations / Centers', () => {
  test('an admin adds a center: the spec messages first, then a valid one located on the map', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.getByRole('link', { name: 'Locations / Centers' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/centers/list')
    await visible(page.getByRole('heading', { name: 'Locations / Centers' }))
    for (const column of ['Name', 'City', 'Contact Email', 'Time Zone', 'Status', 'Created At']) {
      await visible(page.getByRole('columnheader', { name: column }))
    }
    await gone(page.getByRole('columnheader', { name: 'Organization' }))
    await visible(row(page, 'Circular Quay'))
    await visible(row(page, 'Parramatta'))
    await gone(row(page, 'Denver Downtown'))
    expect(await statusOf(page, 'Circular Quay')).toBe('Active')
    expect(await row(page, 'Circular Quay').locator('td:nth-child(4)').textContent()).toBe('Australia/Sydney')
    await shot(page, 'centers-list-admin')

    await page.getByRole('button', { name: 'Add Location / Center' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/center/add')
    await visible(page.getByRole('heading', { name: 'Add Location / Center' }))
    for (const panel of ['Location/Center Details', 'Location/Center Map', 'Taxes', 'Region', 'Finance']) {
      await visible(page.getByRole('button', { name: panel, exact: true }))
    }
    // Stripe keys are for super only; the organization is the admin's own.
    await gone(page.getByRole('button', { name: 'Stripe API Keys' }))
    await gone(page.getByLabel('Organization', { exact: true }))
    // Defaults: 09:00 AM to 08:00 PM, dd/mm, the organization's tax.
    expect(await page.getByLabel('Open Time', { exact: true }).inputValue()).toBe('09:00 AM')
    expect(await page.getByLabel('Close Time', { exact: true }).inputValue()).toBe('08:00 PM')
    await expect.poll(() => page.getByLabel('Tax Label', { exact: true }).inputValue()).toBe('GST')

    // Required first.
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(fieldError(page, 'Please fill out this field'))
    await visible(fieldError(page, 'Please select an item in the list'))
    expect(await page.locator('.ant-form-item-explain-error').count()).toBeGreaterThanOrEqual(10)

    // Then the formats, with the spec's messages.
    await formField(page, 'Name').fill('Barangaroo #1')
    await page.getByLabel('Booking Confirmation Email', { exact: true }).fill('bookings@')
    await page.getByLabel('CC Emails', { exact: true }).fill('a@harbour.example, b@harbour.example')
    await page.getByLabel('Contact Number', { exact: true }).fill('call us')
    await page.getByLabel('Postcode', { exact: true }).fill('20-00')
    await setTime(page, 'Close Time', '08:00 AM')
    await visible(fieldError(page, 'Only Alphabets and Numbers are Allowed'))
    await visible(fieldError(page, 'Invalid email format'))
    await visible(fieldError(page, 'Please separate email addresses in CC Email field with a comma'))
    await visible(fieldError(page, 'Only numbers and special characters are Allowed.'))
    await visible(fieldError(page, 'Only numbers and characters are allowed. Max 10 Chars.'))
    await visible(fieldError(page, 'Invalid Date Range.'))
    await shot(page, 'centers-add-invalid')

    // Valid data; a complete address places the pin by itself.
    await formField(page, 'Name').fill('Barangaroo')
    await page.getByLabel('Location ID', { exact: true }).fill('HW-BA')
    await page.getByLabel('Booking Confirmation Email', { exact: true }).fill('bookings@harbour.example')
    await page.getByLabel('CC Emails', { exact: true }).fill('a@harbour.example,b@harbour.example')
    await page.getByLabel('Contact Email', { exact: true }).fill('hello@harbour.example')
    await page.getByLabel('Contact Number', { exact: true }).fill('+61 (2) 9000-2000')
    await setTime(page, 'Open Time', '08:00 AM')
    await setTime(page, 'Close Time', '06:30 PM')
    await gone(fieldError(page, 'Invalid Date Range.'))
    await choose(page, 'Time Zone', /Australia\/Sydney$/, 'Sydney')
    expect(await pin(page).count()).toBe(0)
    await page.getByLabel('Street', { exact: true }).fill(BARANGAROO.street)
    await page.getByLabel('City', { exact: true }).fill('Sydney')
    await page.getByLabel('State', { exact: true }).fill('New South Wales')
    await page.getByLabel('Postcode', { exact: true }).fill('2000')
    const geocoded = geocodeCall(page)
    await choose(page, 'Country', 'Australia')
    const answer = await geocoded
    expect(new URL(answer.url()).searchParams.get('q')).toBe(
      `${BARANGAROO.street}, Sydney, New South Wales 2000, Australia`,
    )
    await expect.poll(() => latitude(page)).toBe(BARANGAROO.lat)
    expect(await longitude(page)).toBe(BARANGAROO.lon)
    await visible(pin(page))
    expect(tiles.requests()).toBeGreaterThan(0)

    await choose(page, 'Regions', 'Sydney CBD')
    await page.keyboard.press('Escape')
    await targetInput(page, 'March').fill('12500.5')
    await page.getByLabel('Open after hours').check()
    await shot(page, 'centers-add-filled')
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(toast(page, 'Success: Record successfully created.'))
    await page.waitForURL((url) => url.pathname === '/admin/centers/list')
    await visible(row(page, 'Barangaroo'))
    expect(await statusOf(page, 'Barangaroo')).toBe('Active')

    // Saved as entered: coordinates, hours, regions, this year's March target.
    await openEdit(page, 'Barangaroo')
    expect(await page.getByLabel('Open Time', { exact: true }).inputValue()).toBe('08:00 AM')
    expect(await page.getByLabel('Close Time', { exact: true }).inputValue()).toBe('06:30 PM')
    expect(await latitude(page)).toBe(BARANGAROO.lat)
    await visible(page.locator('.ant-select-selection-item', { hasText: 'Sydney CBD' }))
    await expect.poll(() => targetInput(page, 'March').inputValue()).toBe('12500.50')
    expect(await targetInput(page, 'April').inputValue()).toBe('')
    expect(await page.getByLabel('Open after hours').isChecked()).toBe(true)
  })

  test('geocoding failure shows the spec message and clears the coordinates; the pin can be dragged', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await openEdit(page, 'Circular Quay')
    expect(await latitude(page)).toBe(CIRCULAR_QUAY.lat)
    expect(await longitude(page)).toBe(CIRCULAR_QUAY.lon)
    await visible(pin(page))
    // The saved address is not located again on opening.
    await page.waitForLoadState('networkidle')
    await shot(page, 'centers-edit-map')

    // Dragging the pin sets new coordinates.
    await pin(page).scrollIntoViewIfNeeded()
    const box = await pin(page).boundingBox()
    if (!box) throw new Error('the pin is not on the page')
    const x = box.x + box.width / 2
    const y = box.y + box.height - 4
    await page.mouse.move(x, y)
    await page.mouse.down()
    await page.mouse.move(x + 40, y + 20, { steps: 5 })
    await page.mouse.move(x + 80, y + 40, { steps: 5 })
    await page.mouse.up()
    await expect.poll(() => latitude(page)).not.toBe(CIRCULAR_QUAY.lat)
    const draggedLat = Number(await latitude(page))
    const draggedLon = Number(await longitude(page))
    // Down and to the right: south and east, by a few hundred metres at zoom 15.
    expect(draggedLat).toBeLessThan(Number(CIRCULAR_QUAY.lat))
    expect(draggedLon).toBeGreaterThan(Number(CIRCULAR_QUAY.lon))
    expect(draggedLon - Number(CIRCULAR_QUAY.lon)).toBeLessThan(0.01)

    // An address the geocoder does not know: a plain message, no raw code, and no coordinates any more.
    const failed = geocodeCall(page)
    await page.getByLabel('Street', { exact: true }).fill('9 Nowhere Lane')
    expect((await failed).status()).toBe(422)
    await visible(
      toast(page, 'The address could not be located; place the pin by hand or enter the coordinates'),
    )
    await expect.poll(() => latitude(page)).toBe('')
    expect(await longitude(page)).toBe('')
    await gone(pin(page))
    await shot(page, 'centers-geocode-failed')
    // The coordinates stay usable: typed by hand, they place the pin.
    await page.getByLabel('Latitude', { exact: true }).fill('-33.86')
    await page.getByLabel('Longitude', { exact: true }).fill('151.21')
    await page.getByLabel('Longitude', { exact: true }).blur()
    await visible(pin(page))

    // Back to a known address; "Locate on map" asks again on demand.
    const relocated = geocodeCall(page)
    await page.getByLabel('Street', { exact: true }).fill(CIRCULAR_QUAY.street)
    expect((await relocated).status()).toBe(200)
    await expect.poll(() => latitude(page)).toBe(CIRCULAR_QUAY.lat)
    await page.getByLabel('Latitude', { exact: true }).fill('-33.9')
    await page.getByLabel('Latitude', { exact: true }).blur()
    const located = geocodeCall(page)
    await page.getByRole('button', { name: 'Locate on map' }).click()
    expect((await located).status()).toBe(200)
    await expect.poll(() => latitude(page)).toBe(CIRCULAR_QUAY.lat)
    await visible(pin(page))

    // The dragged position is what gets saved.
    await pin(page).scrollIntoViewIfNeeded()
    const again = await pin(page).boundingBox()
    if (!again) throw new Error('the pin is not on the page')
    await page.mouse.move(again.x + again.width / 2, again.y + again.height - 4)
    await page.mouse.down()
    await page.mouse.move(again.x + again.width / 2 - 60, again.y + again.height - 34, { steps: 8 })
    await page.mouse.up()
    await expect.poll(() => latitude(page)).not.toBe(CIRCULAR_QUAY.lat)
    const savedLat = await latitude(page)
    const savedLon = await longitude(page)
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(toast(page, 'Success: Record successfully updated.'))
    await page.waitForURL((url) => url.pathname === '/admin/centers/list')
    await openEdit(page, 'Circular Quay')
    expect(await latitude(page)).toBe(savedLat)
    expect(await longitude(page)).toBe(savedLon)
  })

  test("revenue targets: this year's are saved, earlier years' are read-only", async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await openEdit(page, 'Parramatta')
    // The current year is the center's (Australia/Sydney).
    const thisYear = Number(
      new Intl.DateTimeFormat('en-US', { timeZone: 'Australia/Sydney', year: 'numeric' }).format(new Date()),
    )
    await visible(page.locator('.ant-select').filter({ hasText: String(thisYear) }))
    // The demo targets of this year, editable.
    await expect.poll(() => targetInput(page, 'January').inputValue()).toBe('12000.00')
    expect(await targetInput(page, 'January').isDisabled()).toBe(false)
    // Beside each target, the month's actual net revenue and the variance (issue 15 item 20).
    expect(await page.getByText(/^Actual A\$[\d,]+\.\d{2}/).count()).toBe(12)
    await visible(page.getByText(/Variance [+-]?-?A\$/).first())
    await targetInput(page, 'January').fill('13250.75')
    await targetInput(page, 'December').fill('')
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(toast(page, 'Success: Record successfully updated.'))
    await page.waitForURL((url) => url.pathname === '/admin/centers/list')

    await openEdit(page, 'Parramatta')
    await expect.poll(() => targetInput(page, 'January').inputValue()).toBe('13250.75')
    expect(await targetInput(page, 'February').inputValue()).toBe('12500.00')
    expect(await targetInput(page, 'December').inputValue()).toBe('0.00')

    // Last year: loaded from the API, read-only.
    const lastYearCall = page.waitForResponse(
      (r) => new URL(r.url()).searchParams.get('year') === String(thisYear - 1),
    )
    await choose(page, 'Year', String(thisYear - 1), String(thisYear - 1))
    expect((await lastYearCall).status()).toBe(200)
    await visible(page.getByText('Revenue targets of past years cannot be changed.'))
    for (const month of months) {
      await expect.poll(() => targetInput(page, month).isDisabled()).toBe(true)
    }
    expect(await targetInput(page, 'January').inputValue()).toBe('')
    await shot(page, 'centers-finance-last-year')

    // Next year: editable; saving it keeps this year's targets.
    await choose(page, 'Year', String(thisYear + 1), String(thisYear + 1))
    await expect.poll(() => targetInput(page, 'January').isDisabled()).toBe(false)
    await gone(page.getByText('Revenue targets of past years cannot be changed.'))
    await targetInput(page, 'June').fill('9000')
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(toast(page, 'Success: Record successfully updated.'))
    await page.waitForURL((url) => url.pathname === '/admin/centers/list')
    await openEdit(page, 'Parramatta')
    await expect.poll(() => targetInput(page, 'January').inputValue()).toBe('13250.75')
    await choose(page, 'Year', String(thisYear + 1), String(thisYear + 1))
    await expect.poll(() => targetInput(page, 'June').inputValue()).toBe('9000.00')
    expect(await targetInput(page, 'January').inputValue()).toBe('')
  })

  test('list actions: deactivate, activate, archive and restore with their toasts; the detail', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.goto('/admin/centers/list')
    await openActions(page, 'Parramatta')
    expect(await menuItems(page)).toEqual(['View', 'Edit', 'Deactivate', 'Archive'])
    await openMenu(page).getByRole('menuitem', { name: 'Deactivate' }).click()
    await visible(toast(page, 'Success: Record successfully updated.'))
    await expect.poll(() => statusOf(page, 'Parramatta')).toBe('Inactive')

    await rowAction(page, 'Parramatta', 'Activate')
    await expect.poll(() => statusOf(page, 'Parramatta')).toBe('Active')

    await rowAction(page, 'Parramatta', 'Archive')
    await visible(page.getByText('Do you want to archive the Location / Center record?'))
    await shot(page, 'centers-archive-confirm')
    await page.getByRole('button', { name: 'Yes' }).click()
    await visible(toast(page, 'Success: Center deactivated successfully'))
    await expect.poll(() => statusOf(page, 'Parramatta')).toBe('Archived')
    await openActions(page, 'Parramatta')
    expect(await menuItems(page)).toEqual(['View', 'Edit', 'Restore'])
    await openMenu(page).getByRole('menuitem', { name: 'Restore' }).click()
    await visible(toast(page, 'Success: Center activated successfully'))
    await expect.poll(() => statusOf(page, 'Parramatta')).toBe('Active')

    // The detail, and its Edit button.
    await rowAction(page, 'Circular Quay', 'View')
    await page.waitForURL(/\/admin\/center\/detail\/\d+$/)
    const detail = (label: string) =>
      page
        .locator('.ant-descriptions-row')
        .filter({ has: page.locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) }) })
        .locator('.ant-descriptions-item-content')
    await expect.poll(() => detail('Name').textContent()).toBe('Circular Quay')
    expect(await detail('Contact Email').textContent()).toBe('hello@harbour.example')
    expect(await detail('Open Time').textContent()).toBe('09:00 AM')
    expect(await detail('Close Time').textContent()).toBe('08:00 PM')
    expect(await detail('Organization Name').textContent()).toBe('Harbour Workspaces')
    expect(await detail('Created At').textContent()).toMatch(/^\d{2}-\d{2}-\d{4}$/)
    expect(await detail('Street').textContent()).toBe(CIRCULAR_QUAY.street)
    expect(await detail('City').textContent()).toBe('Sydney')
    expect(await detail('State').textContent()).toBe('New South Wales')
    expect(await detail('Country Name').textContent()).toBe('Australia')
    expect(await detail('Postcode').textContent()).toBe('2000')
    expect(await detail('Open After Hours').textContent()).toBe('No')
    await visible(page.getByText('Native Center ID'))
    await shot(page, 'centers-detail')
    const id = new URL(page.url()).pathname.split('/').pop()
    await page.getByRole('button', { name: 'Edit' }).click()
    await page.waitForURL((url) => url.pathname === `/admin/center/edit/${id}`)
  })

  test('a csr sees the centers but cannot add, edit, activate or deactivate them', async () => {
    const page = await app.signedInPage(logins.harbourCsr)
    await page.getByRole('link', { name: 'Locations / Centers' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/centers/list')
    await visible(row(page, 'Circular Quay'))
    await gone(page.getByRole('button', { name: 'Add Location / Center' }))
    await openActions(page, 'Circular Quay')
    expect(await menuItems(page)).toEqual(['View'])
    await openMenu(page).getByRole('menuitem', { name: 'View' }).click()
    await page.waitForURL(/\/admin\/center\/detail\/\d+$/)
    await visible(page.getByText('Circular Quay'))
    await gone(page.getByRole('button', { name: 'Edit' }))
    // Typed addresses answer 403 inside the shell.
    await page.goto('/admin/center/add')
    await visible(page.getByText('Only super and admin users can do this.'))
    await gone(formField(page, 'Name'))
  })

  test('super picks the organization, sees the Stripe keys and deletes a center for good', async () => {
    const page = await app.signedInPage(logins.super)
    await page.goto('/admin/centers/list')
    await visible(page.getByRole('columnheader', { name: 'Organization' }))
    await visible(row(page, 'Denver Downtown'))
    await visible(row(page, 'Circular Quay'))
    await shot(page, 'centers-list-super')

    await page.getByRole('button', { name: 'Add Location / Center' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/center/add')
    await visible(page.getByRole('button', { name: 'Stripe API Keys', exact: true }))
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(fieldError(page, 'Error: Select an Organization.'))
    await gone(page.getByLabel('Native Center ID'))

    // The Stripe secret key of an existing center is write-only.
    await openEdit(page, 'London Bridge')
    await visible(page.getByLabel('Stripe Secret Key', { exact: true }))
    expect(await page.getByLabel('Stripe Secret Key', { exact: true }).inputValue()).toBe('')
    await page.getByLabel('Stripe Secret Key', { exact: true }).fill('sk_test_secret')
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(toast(page, 'Success: Record successfully updated.'))
    await openEdit(page, 'London Bridge')
    expect(await page.getByLabel('Stripe Secret Key', { exact: true }).inputValue()).toBe('')
    await visible(page.getByText('A key is saved. Type a new one to replace it; leave empty to keep it.'))
    await page.getByRole('button', { name: 'Stripe API Keys', exact: true }).scrollIntoViewIfNeeded()
    await shot(page, 'centers-edit-super')

    // A center without spaces (one with spaces cannot be deleted), made through the API.
    const harbour = (
      (await (await page.request.get('/api/organization/options')).json()) as OrgOption[]
    ).find((o) => o.name === 'Harbour Workspaces')
    const regions = (await (
      await page.request.get(`/api/region?all=1&organization_id=${harbour?.id}`)
    ).json()) as OrgOption[]
    const australia = ((await (await page.request.get('/api/country?all=1')).json()) as OrgOption[]).find(
      (c) => c.name === 'Australia',
    )
    const created = await page.request.post('/api/center', {
      data: {
        organization_id: harbour?.id,
        name: 'Pop Up Hub',
        booking_confirm_email: 'bookings@harbour.example',
        contact_email: 'hello@harbour.example',
        contact_number: '+61 2 9000 3000',
        street: '5 Pop Up Lane',
        city: 'Sydney',
        state: 'New South Wales',
        postcode: '2000',
        country_id: australia?.id,
        timezone_id: 'Australia/Sydney',
        regionId: [regions[0]?.id],
      },
    })
    expect(created.status()).toBe(201)
    await page.goto('/admin/centers/list')
    await openActions(page, 'Pop Up Hub')
    expect(await menuItems(page)).toEqual(['View', 'Edit', 'Deactivate', 'Archive', 'Delete permanently'])
    await openMenu(page).getByRole('menuitem', { name: 'Delete permanently' }).click()
    await visible(page.getByText('Do you really want to delete this record?'))
    await page.getByRole('button', { name: 'Yes' }).click()
    await visible(toast(page, 'Success: Record successfully deleted'))
    await gone(row(page, 'Pop Up Hub'))
  })
})
