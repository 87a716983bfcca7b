import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { eventually, fieldError, gone, logins, setupE2eApp, shot, toast, visible } from './support.ts'
import {
  choose,
  confirmDialog,
  formField,
  menuItems,
  openActions,
  openMenu,
  openOption,
  row,
  rowAction,
  selected,
  setTime,
} from './ui.ts'

const app = setupE2eApp()

const LIST = '/admin/package/list'

/** A cell of a package's row by its column (Name, Min Attendees, Type, Status, Organization, Selected Centers, Selected Spaces). */
const cell = (page: Page, name: string, column: number) =>
  row(page, name).locator(`td:nth-child(${column})`).textContent()

/** The detail's value of a label. */
const detail = (page: Page, label: string) =>
  page
    .locator('.ant-descriptions-row')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('td')

async function openList(page: Page) {
  await page.goto(LIST)
  await visible(page.getByRole('heading', { name: 'Package Deals' }))
  await visible(page.locator('tr.ant-table-row'))
}

/** Save (not exact: after a refused save antd may leave its invisible "loading" icon in the button's name). */
const save = (page: Page) => page.getByRole('button', { name: 'Save' }).click()

describe('Package deals', () => {
  test('an admin adds a duration package and a fixed-slot package after the spec messages', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.getByRole('link', { name: 'Package Deals' }).click()
    await page.waitForURL((url) => url.pathname === LIST)
    for (const column of [
      'Name',
      'Min Attendees',
      'Type',
      'Status',
      'Organization',
      'Selected Centers',
      'Selected Spaces',
    ]) {
      await visible(page.getByRole('columnheader', { name: column }))
    }
    expect(await cell(page, 'Half Day Workshop', 3)).toBe('Duration')
    expect(await cell(page, 'Breakfast Briefing', 3)).toBe('Fixed slot')
    expect(await cell(page, 'Half Day Workshop', 6)).toBe('Circular Quay, Parramatta')
    // The package list pages from the first package on (spec 1 §9).
    await visible(page.locator('.ant-pagination'))
    await openActions(page, 'Half Day Workshop')
    expect((await menuItems(page)).map((item) => item.label)).toEqual(['View', 'Edit', 'De-activate'])
    await page.keyboard.press('Escape')
    await shot(page, 'packages-list-admin')

    // A duration package: first what the spec refuses.
    await page.getByRole('button', { name: 'Add Package' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/package/add')
    await visible(page.getByRole('heading', { name: 'Add Package' }))
    await save(page)
    await visible(fieldError(page, 'Please fill out this field'))
    await visible(fieldError(page, 'Please select an item in the list'))
    await visible(page.getByText('Set the minimum attendees first.'))
    expect(await page.getByLabel('Locations / Centers', { exact: true }).isDisabled()).toBe(true)
    await formField(page, 'Name').fill('Lunch & Learn')
    await visible(fieldError(page, 'Only alphabets and numbers are allowed. (Max 1000 characters)'))
    await page.getByLabel('Minimum Attendees', { exact: true }).fill('many')
    await visible(fieldError(page, 'Minimum attendees must be a whole number up to 99999.'))
    await choose(page, 'Hours', '0')
    await choose(page, 'Minutes', '0')
    await visible(fieldError(page, 'Please select an item in the list'))
    await page.getByLabel('Rate per Attendee', { exact: true }).fill('12.345')
    await visible(fieldError(page, 'Please enter a valid amount (max 2 decimal places)'))
    await shot(page, 'packages-add-invalid')

    // Then a valid one: the spaces offered are those of the chosen centers that seat the minimum.
    await formField(page, 'Name').fill('Team Lunch')
    await page.getByLabel('Minimum Attendees', { exact: true }).fill('8')
    await page.getByLabel('Minimum Attendees', { exact: true }).blur()
    await choose(page, 'Hours', '2')
    await choose(page, 'Minutes', '30')
    await page.getByLabel('Rate per Attendee', { exact: true }).fill('35.5')
    await page.getByLabel('Services', { exact: true }).fill('Room, lunch platter and a screen.')
    await choose(page, 'Locations / Centers', 'Circular Quay', 'Circular')
    await page.keyboard.press('Escape')
    expect(
      await (await openOption(page, 'Spaces', 'Opera Boardroom (Circular Quay, capacity 14)')).count(),
    ).toBe(1)
    await page.keyboard.press('Escape')
    expect(
      await (await openOption(page, 'Spaces', 'Quay Hot Desk (Circular Quay, capacity 1)')).count(),
    ).toBe(0)
    await page.keyboard.press('Escape')
    await choose(page, 'Spaces', 'Opera Boardroom (Circular Quay, capacity 14)', 'Opera')
    await choose(page, 'Spaces', 'Harbour Room AB (Circular Quay, capacity 16)', 'AB')
    await page.keyboard.press('Escape')
    await gone(page.locator('.ant-form-item-explain-error'))
    await shot(page, 'packages-add-duration')
    await save(page)
    await visible(toast(page, 'Success: Record successfully created.'))
    await page.waitForURL((url) => url.pathname === LIST)
    await visible(row(page, 'Team Lunch'))
    await expect.poll(() => cell(page, 'Team Lunch', 6)).toBe('Circular Quay')
    expect(await cell(page, 'Team Lunch', 7)).toBe('Harbour Room AB, Opera Boardroom')

    // A fixed slot: 15-minute steps, the end after the start.
    await page.getByRole('button', { name: 'Add Package' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/package/add')
    await formField(page, 'Name').fill('Evening Seminar')
    await page.getByLabel('Minimum Attendees', { exact: true }).fill('50')
    await page.getByLabel('Minimum Attendees', { exact: true }).blur()
    await page.locator('label.ant-radio-button-wrapper', { hasText: 'Fixed slot' }).click()
    await eventually(() => page.getByLabel('Start Time', { exact: true }).inputValue()).toBe('09:00 AM')
    await eventually(() => page.getByLabel('End Time', { exact: true }).inputValue()).toBe('08:00 PM')
    await setTime(page, 'Start Time', '06:00 PM')
    await setTime(page, 'End Time', '05:00 PM')
    await visible(fieldError(page, 'Invalid time range'))
    await setTime(page, 'End Time', '08:30 PM')
    await gone(fieldError(page, 'Invalid time range'))
    await page.getByLabel('Rate per Attendee', { exact: true }).fill('40')
    await choose(page, 'Locations / Centers', 'Parramatta', 'Parra')
    await page.keyboard.press('Escape')
    await choose(page, 'Spaces', 'Auditorium (Parramatta, capacity 120)', 'Audi')
    await page.keyboard.press('Escape')
    await shot(page, 'packages-add-fixed')
    await save(page)
    await visible(toast(page, 'Success: Record successfully created.'))
    await page.waitForURL((url) => url.pathname === LIST)

    // Its detail shows the slot as hh:mm A.
    await rowAction(page, 'Evening Seminar', 'View')
    await page.waitForURL(/\/admin\/package\/detail\/\d+$/)
    await visible(page.getByRole('heading', { name: 'Package Deal' }))
    await expect.poll(() => detail(page, 'Start Time').textContent()).toBe('06:00 PM')
    expect(await detail(page, 'End Time').textContent()).toBe('08:30 PM')
    expect(await detail(page, 'Type').textContent()).toBe('Fixed slot')
    expect(await detail(page, 'Minimum Attendees').textContent()).toBe('50')
    // In the organization's currency (issue 15).
    await expect.poll(() => detail(page, 'Rate per Attendee').textContent()).toBe('A$40.00')
    expect(await detail(page, 'Selected Spaces').textContent()).toBe('Auditorium')
    await shot(page, 'packages-detail-fixed')
  })

  test('editing the minimum attendees asks before the spaces are dropped; De-activate and Activate', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await openList(page)
    await rowAction(page, 'Half Day Workshop', 'Edit')
    await page.waitForURL(/\/admin\/package\/edit\/\d+$/)
    await visible(page.getByRole('heading', { name: 'Edit Package' }))
    await expect.poll(() => page.getByLabel('Minimum Attendees', { exact: true }).inputValue()).toBe('10')
    await visible(selected(page, 'Hours').getByText('4', { exact: true }))
    const chosenSpaces = page
      .locator('.ant-form-item')
      .filter({ has: page.locator('label[title="Spaces"]') })
      .locator('.ant-select-selection-item')
    await expect.poll(() => chosenSpaces.count()).toBeGreaterThan(1)
    const before = await chosenSpaces.count()

    // No keeps the minimum and the spaces.
    const minimum = page.getByLabel('Minimum Attendees', { exact: true })
    await minimum.fill('30')
    await minimum.blur()
    const dialog = confirmDialog(page)
    await visible(
      dialog.getByText(
        'Changing minimum attendees will remove the space mappings of this package. Do you want to continue?',
      ),
    )
    await shot(page, 'packages-attendees-confirm')
    await dialog.getByRole('button', { name: 'No' }).click()
    await gone(dialog)
    await expect.poll(() => minimum.inputValue()).toBe('10')
    expect(await chosenSpaces.count()).toBe(before)

    // Yes drops them: spaces for 30 are chosen again.
    await minimum.fill('30')
    await minimum.blur()
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click()
    await expect.poll(() => chosenSpaces.count()).toBe(0)
    await save(page)
    await visible(fieldError(page, 'Please select an item in the list'))
    expect(
      await (await openOption(page, 'Spaces', 'Harbour Room AB (Circular Quay, capacity 16)')).count(),
    ).toBe(0)
    await page.keyboard.press('Escape')
    await choose(page, 'Spaces', 'Rooftop Lounge (Circular Quay, capacity 40)', 'Rooftop')
    await page.keyboard.press('Escape')
    await save(page)
    await visible(toast(page, 'Success: Record successfully updated.'))
    await page.waitForURL((url) => url.pathname === LIST)
    await expect.poll(() => cell(page, 'Half Day Workshop', 2)).toBe('30')
    expect(await cell(page, 'Half Day Workshop', 7)).toBe('Rooftop Lounge')

    await rowAction(page, 'Half Day Workshop', 'De-activate')
    await visible(toast(page, 'Success: Record successfully updated.'))
    await expect.poll(() => cell(page, 'Half Day Workshop', 4)).toBe('Inactive')
    await rowAction(page, 'Half Day Workshop', 'Activate')
    await expect.poll(() => cell(page, 'Half Day Workshop', 4)).toBe('Active')
  })

  test('csr views packages only: no Add, Edit and Activate disabled, the detail Edit button disabled', async () => {
    const page = await app.signedInPage(logins.harbourCsr)
    await openList(page)
    await gone(page.getByRole('button', { name: 'Add Package' }))
    await openActions(page, 'Breakfast Briefing')
    expect(await menuItems(page)).toEqual([
      { label: 'View', disabled: false },
      { label: 'Edit', disabled: true },
      { label: 'De-activate', disabled: true },
    ])
    await openMenu(page).getByRole('menuitem', { name: 'View' }).click()
    await page.waitForURL(/\/admin\/package\/detail\/\d+$/)
    await expect.poll(() => detail(page, 'Name').textContent()).toBe('Breakfast Briefing')
    expect(await detail(page, 'Start Time').textContent()).toBe('07:30 AM')
    expect(await detail(page, 'End Time').textContent()).toBe('09:30 AM')
    expect(await page.getByRole('button', { name: 'Edit' }).isDisabled()).toBe(true)
    await shot(page, 'packages-detail-csr')
  })

  test('super: the organization is required; Delete after the confirmation', async () => {
    const page = await app.signedInPage(logins.super)
    // The demo bookings refer to Lunch and Learn, so the deletion is shown on an unbooked copy of it.
    const packages = (await (await page.request.get('/api/package')).json()) as { id: number; name: string }[]
    const lunch = packages.find((p) => p.name === 'Lunch and Learn')
    if (!lunch) throw new Error('no Lunch and Learn')
    const original = (await (await page.request.get(`/api/package/${lunch.id}`)).json()) as Record<
      string,
      unknown
    >
    const copy = await page.request.post('/api/package', {
      data: {
        organization_id: original.organization_id,
        name: 'Lunch and Learn Encore',
        min_attendees: original.min_attendees,
        type: original.type,
        start_time: original.start_time,
        end_time: original.end_time,
        duration_hours: null,
        duration_minutes: null,
        rate: String(original.rate),
        services: original.services,
        centers: original.centers,
        meetingrooms: original.meetingrooms,
      },
    })
    expect(copy.status()).toBe(201)
    await openList(page)
    await visible(row(page, 'Lunch and Learn'))
    await page.getByRole('button', { name: 'Add Package' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/package/add')
    await save(page)
    await visible(fieldError(page, 'Select an Organization'))
    await page.getByRole('link', { name: 'Package Deals' }).click()
    await page.waitForURL((url) => url.pathname === LIST)

    await openActions(page, 'Lunch and Learn Encore')
    expect((await menuItems(page)).map((item) => item.label)).toEqual([
      'View',
      'Edit',
      'De-activate',
      'Delete',
    ])
    await openMenu(page).getByRole('menuitem', { name: 'Delete' }).click()
    await visible(confirmDialog(page).getByText('Do you really want to delete this record?'))
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click()
    await visible(toast(page, 'Success: Record successfully deleted'))
    await gone(row(page, 'Lunch and Learn Encore'))
    await visible(row(page, 'Lunch and Learn'))
  })

  test("the organization form's Accounts/Finance holds an account code and an inventory item code per package", async () => {
    const page = await app.signedInPage(logins.summitAdmin)
    await page.getByRole('link', { name: 'My Organization' }).click()
    await page.waitForURL(/\/admin\/organization\/edit\/\d+$/)
    const account = page.getByLabel('Team Day account code', { exact: true })
    const inventory = page.getByLabel('Team Day inventory item code', { exact: true })
    await visible(account)
    expect(await account.inputValue()).toBe('')
    await account.fill('4100')
    await inventory.fill('PKG-TEAM')
    await shot(page, 'packages-organization-codes')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/dashboard')
    await page.getByRole('link', { name: 'My Organization' }).click()
    await expect
      .poll(() => page.getByLabel('Team Day account code', { exact: true }).inputValue())
      .toBe('4100')
    expect(await page.getByLabel('Team Day inventory item code', { exact: true }).inputValue()).toBe(
      'PKG-TEAM',
    )
  })
})
