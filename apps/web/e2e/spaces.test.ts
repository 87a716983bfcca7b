import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { fieldError, gone, logins, setupE2eApp, shot, toast, visible } from './support.ts'
import {
  choose,
  confirmDialog,
  daysFromNow,
  fakeFile,
  formField,
  menuItems,
  openActions,
  openMenu,
  openOption,
  panel,
  panelTitles,
  pickDate,
  pngFile,
  row,
  rowAction,
  selected,
  setTime,
} from './ui.ts'

const app = setupE2eApp()

const LIST = '/admin/meeting-room/list'

async function openList(page: Page, search = '') {
  await page.goto(search ? `${LIST}?search=${encodeURIComponent(search)}` : LIST)
  await visible(page.getByRole('heading', { name: 'Spaces' }))
  await visible(page.locator('tr.ant-table-row'))
}

/** Opens the edit form of a space from the list. */
async function openEdit(page: Page, name: string) {
  await openList(page, name)
  await rowAction(page, name, 'Edit')
  await page.waitForURL(/\/admin\/meeting-room\/edit\/\d+$/)
  await expect.poll(() => formField(page, 'Name').inputValue()).toBe(name)
}

/** Save (not exact: after a refused save antd may leave its invisible "loading" icon in the button's name). */
const save = (page: Page) => page.getByRole('button', { name: 'Save' }).click()

describe('Spaces', () => {
  test('the space form: a validation error in each panel, then a valid space with rates, a service, a photo and a blackout day', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.getByRole('link', { name: 'Spaces' }).click()
    await page.waitForURL((url) => url.pathname === LIST)
    for (const column of ['Location / Center', 'Name', 'Capacity', 'Type', 'Display Order', 'Status']) {
      await visible(page.getByRole('columnheader', { name: column }))
    }
    await gone(page.getByRole('columnheader', { name: 'Organization' }))
    await visible(row(page, 'Harbour Room AB'))
    await shot(page, 'spaces-list-admin')

    await page.getByRole('button', { name: 'Add Space' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/meeting-room/add')
    await visible(page.getByRole('heading', { name: 'Add Space' }))
    await expect
      .poll(() => panelTitles(page))
      .toEqual([
        'Space Details',
        'Preparation Time',
        'Additional Services',
        'Rates',
        'Photos',
        'Blackout Periods',
        'Site Access Instructions',
        'Combine Spaces',
      ])
    // Defaults (spec 3 §9).
    expect(await page.getByLabel('Bookable From', { exact: true }).inputValue()).toBe('09:00 AM')
    expect(await page.getByLabel('Bookable To', { exact: true }).inputValue()).toBe('08:00 PM')
    await visible(selected(page, 'Maximum Booking Hours').getByText('23', { exact: true }))
    await visible(selected(page, 'Maximum Booking Minutes').getByText('45', { exact: true }))

    // Nothing filled in.
    await save(page)
    const details = panel(page, 'Space Details')
    await visible(fieldError(details, 'Please fill out this field'))
    await visible(fieldError(details, 'Please select an item in the list'))
    await visible(fieldError(panel(page, 'Rates'), 'Add Space rate'))
    await shot(page, 'spaces-add-empty')

    // Space Details: the formats and ranges, with the spec's messages.
    await details.getByLabel('Name', { exact: true }).fill('Room #1')
    await visible(fieldError(details, 'Only Alphabets and numbers are Allowed. Max 255 chars'))
    await details.getByLabel('Capacity', { exact: true }).fill('123456')
    await visible(fieldError(details, 'Only Numbers Allowed. Max 99999.'))
    await details.getByLabel('Floor', { exact: true }).fill('L-3')
    await visible(fieldError(details, 'Only Alpha Numeric Allowed'))
    await choose(details, 'Minimum Booking Hours', '5')
    await choose(details, 'Maximum Booking Hours', '2')
    await visible(
      fieldError(
        details,
        'Invalid booking hour range: Minimum Booking Hours cannot be more than Maximum Booking Hours',
      ),
    )
    // 24 hours: the minutes go to 0 and 15, 30, 45 cannot be chosen.
    await choose(details, 'Maximum Booking Hours', '24')
    await visible(selected(details, 'Maximum Booking Minutes').getByText('0', { exact: true }))
    const quarter = await openOption(details, 'Maximum Booking Minutes', '15')
    await expect.poll(() => quarter.getAttribute('aria-disabled')).toBe('true')
    await page.keyboard.press('Escape')
    await setTime(details, 'Bookable To', '08:00 AM')
    await visible(fieldError(details, 'Invalid time range.'))
    await details.getByLabel('Security bond required').check()
    // A money input rounds half-up in decimal on blur (issue 15 item 6): no float, no error.
    const bond = details.getByLabel('Security Bond Amount', { exact: true })
    await bond.fill('10.555')
    await bond.blur()
    await expect.poll(() => bond.inputValue()).toBe('10.56')

    // Preparation Time: 24 hours before allows no minutes either.
    const preparation = panel(page, 'Preparation Time')
    await choose(preparation, 'Before Minutes', '30')
    await choose(preparation, 'Before Hours', '24')
    await visible(selected(preparation, 'Before Minutes').getByText('0', { exact: true }))

    // Additional Services: a row needs its service, how it is charged and an amount; a service once.
    const services = panel(page, 'Additional Services')
    await services.getByRole('button', { name: 'Add Service' }).click()
    await save(page)
    await visible(fieldError(services, 'Please select an item in the list'))
    await visible(fieldError(services, 'Select charged at.'))
    await visible(fieldError(services, 'Fill amount.'))
    await choose(services, 'Service 1', 'Projector')
    await services.getByRole('button', { name: 'Add Service' }).click()
    await choose(services, 'Service 2', 'Projector')
    await visible(fieldError(services, 'Selected service already in pipeline.'))

    // Rates: a unit and an amount each, a unit only once.
    const rates = panel(page, 'Rates')
    await rates.getByRole('button', { name: 'Add Rate' }).click()
    await save(page)
    await visible(fieldError(rates, 'Select unit.'))
    await visible(fieldError(rates, 'Fill amount.'))
    await choose(rates, 'Rate Unit 1', 'Hour (1 hour)')
    await rates.getByLabel('Rate Amount 1', { exact: true }).fill('50')
    await rates.getByRole('button', { name: 'Add Rate' }).click()
    await choose(rates, 'Rate Unit 2', 'Hour (1 hour)')
    await visible(
      fieldError(
        rates,
        'You cannot add this rate unit twice to this room, it is already configured for this room.',
      ),
    )

    // Photos: png/jpg/jpeg under 1MB.
    const photos = panel(page, 'Photos')
    await photos.locator('input[type=file]').setInputFiles(fakeFile('notes.png'))
    await visible(toast(page, 'Only png/jpg/jpeg allowed'))
    await photos.locator('input[type=file]').setInputFiles(fakeFile('huge.png', 1024 * 1024 + 1))
    await visible(toast(page, 'Photos size cannot exceed 1MB'))
    await gone(photos.locator('.ant-upload-list-item'))

    // Blackout Periods: the organization's rules.
    const blackout = panel(page, 'Blackout Periods')
    await blackout.getByRole('button', { name: 'Add blackout period' }).click()
    await pickDate(blackout.getByLabel('Start date 1', { exact: true }), daysFromNow(20))
    await pickDate(blackout.getByLabel('End date 1', { exact: true }), daysFromNow(10))
    await visible(fieldError(blackout, 'Start date should be less than end date.'))

    // Combine Spaces: needs the center and the space type first, then at least two spaces.
    const combine = panel(page, 'Combine Spaces')
    await combine.getByRole('button', { name: 'Combine Spaces' }).click()
    await visible(toast(page, 'Please, select a Location.'))
    await choose(details, 'Location / Center', 'Circular Quay')
    await combine.getByRole('button', { name: 'Combine Spaces' }).click()
    await visible(toast(page, 'Please, select a Space Type.'))
    await choose(details, 'Space Type', 'Meeting Room')
    await combine.getByRole('button', { name: 'Combine Spaces' }).click()
    await visible(combine.getByLabel('Harbour Room A (capacity 8)'))
    await visible(combine.getByLabel('Harbour Room B (capacity 8)'))
    // A combined space cannot be combined again.
    await gone(combine.getByText(/Harbour Room AB/))
    await combine.getByLabel('Harbour Room A (capacity 8)').check()
    await save(page)
    await visible(fieldError(combine, 'Please, select at least two meetingrooms to combine.'))
    await shot(page, 'spaces-add-invalid')
    await combine.getByRole('button', { name: 'Do not combine' }).click()
    await gone(fieldError(combine, 'Please, select at least two meetingrooms to combine.'))

    // Now a valid space.
    await details.getByLabel('Name', { exact: true }).fill('Harbour Room C')
    await details.getByLabel('Capacity', { exact: true }).fill('6')
    await details.getByLabel('Floor', { exact: true }).fill('Level 3')
    await choose(details, 'Minimum Booking Hours', '1')
    await choose(details, 'Maximum Booking Hours', '8')
    await gone(
      fieldError(
        details,
        'Invalid booking hour range: Minimum Booking Hours cannot be more than Maximum Booking Hours',
      ),
    )
    await setTime(details, 'Bookable From', '08:00 AM')
    await setTime(details, 'Bookable To', '06:00 PM')
    await gone(fieldError(details, 'Invalid time range.'))
    await details.getByLabel('Description', { exact: true }).fill('A quiet room for six on level 3.')
    await details.getByLabel('Security Bond Amount', { exact: true }).fill('150.50')
    await choose(preparation, 'After Minutes', '15')
    await services.getByRole('button', { name: 'Remove service 2' }).click()
    await gone(fieldError(services, 'Selected service already in pipeline.'))
    await choose(services, 'Charged At 1', 'Flat')
    await services.getByLabel('Service Amount 1', { exact: true }).fill('20')
    await choose(rates, 'Rate Unit 2', 'Day (8 hours)')
    await rates.getByLabel('Rate Amount 2', { exact: true }).fill('300')
    await gone(rates.locator('.ant-form-item-explain-error'))
    await photos.locator('input[type=file]').setInputFiles(await pngFile('room-c.png'))
    await visible(toast(page, 'File added successfully.'))
    await visible(photos.locator('.ant-upload-list-item img'))
    await pickDate(blackout.getByLabel('End date 1', { exact: true }), daysFromNow(22))
    await gone(fieldError(blackout, 'Start date should be less than end date.'))
    await page
      .getByLabel('Site Access Instructions', { exact: true })
      .fill('Collect your access card from reception.')
    await shot(page, 'spaces-add-filled')
    await save(page)
    await visible(toast(page, 'Success: Record successfully created.'))
    await page.waitForURL((url) => url.pathname === LIST)
    await visible(row(page, 'Harbour Room C'))

    // The view: every field read-only, the space as saved; Close goes back to the list.
    await rowAction(page, 'Harbour Room C', 'View Detail')
    await page.waitForURL(/\/admin\/meeting-room\/view\/\d+$/)
    await visible(page.getByRole('heading', { name: 'View Space' }))
    await expect
      .poll(() => panelTitles(page))
      .toEqual(['Space Details', 'Makeup Time', 'Additional Services', 'Rates', 'Photos'])
    await expect.poll(() => formField(page, 'Name').inputValue()).toBe('Harbour Room C')
    expect(await formField(page, 'Name').isDisabled()).toBe(true)
    expect(await page.getByLabel('Location / Center', { exact: true }).isDisabled()).toBe(true)
    expect(await page.getByLabel('Space Type', { exact: true }).isDisabled()).toBe(true)
    expect(await page.getByLabel('Capacity', { exact: true }).inputValue()).toBe('6')
    expect(await page.getByLabel('Bookable From', { exact: true }).inputValue()).toBe('08:00 AM')
    expect(await page.getByLabel('Bookable From', { exact: true }).isDisabled()).toBe(true)
    expect(await page.getByLabel('Security Bond Amount', { exact: true }).inputValue()).toBe('150.50')
    await visible(selected(page, 'Service 1').getByText('Projector'))
    await visible(selected(page, 'Rate Unit 2').getByText('Day (8 hours)'))
    expect(await page.getByLabel('Rate Amount 2', { exact: true }).inputValue()).toBe('300.00')
    await visible(panel(page, 'Photos').locator('.ant-upload-list-item img'))
    await gone(page.getByRole('button', { name: 'Save' }))
    await gone(page.getByRole('button', { name: 'Add Rate' }))
    await shot(page, 'spaces-view')
    await page.getByRole('button', { name: 'Close' }).click()
    await page.waitForURL((url) => url.pathname === LIST)

    // The blackout day was saved with the space.
    await openEdit(page, 'Harbour Room C')
    await visible(page.getByRole('heading', { name: 'Edit Space' }))
    const day = daysFromNow(20)
    const expected = [day.getDate(), day.getMonth() + 1].map((n) => String(n).padStart(2, '0')).join('-')
    expect(
      await panel(page, 'Blackout Periods').getByLabel('Start date 1', { exact: true }).inputValue(),
    ).toBe(`${expected}-${day.getFullYear()}`)
    expect(await page.getByLabel('Site Access Instructions', { exact: true }).inputValue()).toBe(
      'Collect your access card from reception.',
    )
  })

  test('combined spaces: the children of a combined space, the confirm when the type changes, a new combined space', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await openEdit(page, 'Harbour Room AB')
    const combine = panel(page, 'Combine Spaces')
    const roomA = combine.getByLabel('Harbour Room A (capacity 8)')
    const roomB = combine.getByLabel('Harbour Room B (capacity 8)')
    await expect.poll(() => roomA.isChecked()).toBe(true)
    expect(await roomB.isChecked()).toBe(true)
    await shot(page, 'spaces-edit-combined')

    // Another space type would lose the children: the confirm, and No puts the type back.
    const details = panel(page, 'Space Details')
    await choose(details, 'Space Type', 'Board Room')
    const dialog = confirmDialog(page)
    await visible(
      dialog.getByText(
        'You have combined rooms configured. If you perform this operation, then configuration will be lost. Do you still want to continue?',
      ),
    )
    await shot(page, 'spaces-combine-confirm')
    await dialog.getByRole('button', { name: 'No' }).click()
    await gone(dialog)
    await visible(selected(details, 'Space Type').getByText('Meeting Room', { exact: true }))
    expect(await roomA.isChecked()).toBe(true)
    expect(await roomB.isChecked()).toBe(true)

    // One child is not a combination.
    await roomB.uncheck()
    await save(page)
    await visible(fieldError(combine, 'Please, select at least two meetingrooms to combine.'))
    await roomB.check()
    await gone(fieldError(combine, 'Please, select at least two meetingrooms to combine.'))

    // Yes clears them; leaving without saving keeps the saved ones.
    await choose(details, 'Location / Center', 'Parramatta')
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click()
    await visible(selected(details, 'Location / Center').getByText('Parramatta', { exact: true }))
    await gone(combine.locator('.ant-checkbox-wrapper-checked'))
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.waitForURL((url) => url.pathname === LIST)

    // A child space cannot combine spaces itself.
    await openEdit(page, 'Harbour Room A')
    await visible(
      panel(page, 'Combine Spaces').getByText(
        'This space is combined into another space, so it cannot combine spaces itself.',
      ),
    )
    await gone(panel(page, 'Combine Spaces').getByRole('button', { name: 'Combine Spaces' }))

    // A new combined space of the two training rooms' siblings: Training One and Training Two.
    await openList(page)
    await page.getByRole('button', { name: 'Add Space' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/meeting-room/add')
    const add = panel(page, 'Space Details')
    await choose(add, 'Location / Center', 'Parramatta')
    await choose(add, 'Space Type', 'Training Room')
    await add.getByLabel('Name', { exact: true }).fill('Training Hall')
    await add.getByLabel('Capacity', { exact: true }).fill('40')
    await add.getByLabel('Description', { exact: true }).fill('Training One and Two opened up into one hall.')
    const rates = panel(page, 'Rates')
    await rates.getByRole('button', { name: 'Add Rate' }).click()
    await choose(rates, 'Rate Unit 1', 'Day (8 hours)')
    await rates.getByLabel('Rate Amount 1', { exact: true }).fill('750')
    const newCombine = panel(page, 'Combine Spaces')
    await newCombine.getByRole('button', { name: 'Combine Spaces' }).click()
    await newCombine.getByLabel('Training One (capacity 20)').check()
    await newCombine.getByLabel('Training Two (capacity 20)').check()
    // Training Suite combines them already: it is no candidate.
    await gone(newCombine.getByText(/Training Suite/))
    await save(page)
    await visible(toast(page, 'Success: Record successfully created.'))
    await page.waitForURL((url) => url.pathname === LIST)

    // Its view has the Combine Space panel with the two; a plain space's view has none.
    await rowAction(page, 'Training Hall', 'View Detail')
    await page.waitForURL(/\/admin\/meeting-room\/view\/\d+$/)
    await expect.poll(() => panelTitles(page)).toContain('Combine Space')
    const view = panel(page, 'Combine Space')
    await expect.poll(() => view.getByLabel('Training One (capacity 20)').isChecked()).toBe(true)
    expect(await view.getByLabel('Training Two (capacity 20)').isChecked()).toBe(true)
    expect(await view.getByLabel('Training One (capacity 20)').isDisabled()).toBe(true)
    await shot(page, 'spaces-view-combined')
    await page.getByRole('button', { name: 'Close' }).click()
    await rowAction(page, 'Community Hall', 'View Detail')
    await expect.poll(() => formField(page, 'Name').inputValue()).toBe('Community Hall')
    expect(await panelTitles(page)).not.toContain('Combine Space')
  })

  test("the inline display order: saved with the server's message, the list sorted by it; a bad value is refused", async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await openList(page)
    const names = () => page.locator('tr.ant-table-row td:nth-child(2)').allTextContents()
    expect((await names()).slice(0, 2)).toEqual(['Harbour Room A', 'Training One'])

    const order = page.getByLabel('Display order of Opera Boardroom', { exact: true })
    await order.fill('0')
    await order.press('Enter')
    await visible(toast(page, 'Display order updated successfully.'))
    // 0 counts as 10000: after every space with an order.
    await expect
      .poll(async () => (await names()).indexOf('Opera Boardroom'))
      .toBeGreaterThan((await names()).indexOf('Rooftop Lounge'))
    expect(await order.inputValue()).toBe('0')

    const chef = page.getByLabel('Display order of Chef Kitchen', { exact: true })
    await chef.fill('abc')
    await chef.blur()
    await visible(toast(page, 'Display order must be a whole number from 0 to 99999.'))
    await expect.poll(() => chef.inputValue()).toBe('7')

    await chef.fill('1')
    await chef.press('Enter')
    await expect
      .poll(async () => (await names()).slice(0, 3))
      .toEqual(['Chef Kitchen', 'Harbour Room A', 'Training One'])
    await shot(page, 'spaces-display-order')
  })

  test('the free plan: no licence left to add, activate or restore a space (Summit)', async () => {
    const page = await app.signedInPage(logins.summitAdmin)
    await openList(page)
    await visible(row(page, 'Thames One'))

    // Add: the licence is checked first.
    await page.getByRole('button', { name: 'Add Space' }).click()
    await visible(toast(page, 'You need to upgrade your plan to add more spaces'))
    expect(new URL(page.url()).pathname).toBe(LIST)

    // Activate a London space: no licence left.
    await rowAction(page, 'Thames One', 'Activate')
    await visible(toast(page, 'You need to upgrade your plan to activate more spaces'))
    await shot(page, 'spaces-licence-refused')

    // Archiving a Denver space frees one: London's space takes it.
    await rowAction(page, 'Rockies Room', 'Archive')
    const dialog = confirmDialog(page)
    await visible(dialog.getByText('Do you want to archive the Space?'))
    await dialog.getByRole('button', { name: 'Yes' }).click()
    await visible(toast(page, 'Record successfully archived.'))
    await expect.poll(() => row(page, 'Rockies Room').getByText('Archived').count()).toBe(1)
    await rowAction(page, 'Thames One', 'Activate')
    await visible(toast(page, 'Success: Space activated successfully.'))
    await expect.poll(() => row(page, 'Thames One').getByText('Active', { exact: true }).count()).toBe(1)

    // Restoring the archived one would need another.
    await openActions(page, 'Rockies Room')
    expect((await menuItems(page)).map((item) => item.label)).toEqual([
      'View Detail',
      'Edit',
      'Deactivate',
      'Restore',
    ])
    await openMenu(page).getByRole('menuitem', { name: 'Restore', exact: true }).click()
    await visible(toast(page, 'You need to upgrade your plan to restore more spaces'))
    await expect.poll(() => row(page, 'Rockies Room').getByText('Archived').count()).toBe(1)

    // The free plan holds one photo a space.
    await openEdit(page, 'Plains Room')
    await visible(panel(page, 'Photos').getByText('png, jpg or jpeg, up to 1MB each; at most 1.'))
    // No blackout periods for Summit.
    expect(await panelTitles(page)).not.toContain('Blackout Periods')
  })

  test('csr views spaces only: no Add, every action but View Detail disabled, the display order read-only', async () => {
    const page = await app.signedInPage(logins.harbourCsr)
    await openList(page)
    await gone(page.getByRole('button', { name: 'Add Space' }))
    await openActions(page, 'Harbour Room B')
    expect(await menuItems(page)).toEqual([
      { label: 'View Detail', disabled: false },
      { label: 'Edit', disabled: true },
      { label: 'Deactivate', disabled: true },
      { label: 'Archive', disabled: true },
    ])
    expect(await page.getByLabel('Display order of Harbour Room B', { exact: true }).isDisabled()).toBe(true)
    await shot(page, 'spaces-list-csr')
    await openMenu(page).getByRole('menuitem', { name: 'View Detail' }).click()
    await page.waitForURL(/\/admin\/meeting-room\/view\/\d+$/)
    await expect.poll(() => formField(page, 'Name').inputValue()).toBe('Harbour Room B')
    await gone(page.getByRole('button', { name: 'Edit' }))
    // The edit route is not theirs.
    await page.goto(page.url().replace('/view/', '/edit/'))
    await visible(page.getByText('Only super and admin users can do this.'))
  })

  test('super: the organization first; calendar and MS 365 settings where the organization has them', async () => {
    const page = await app.signedInPage(logins.super)
    // Lagoon gets calendar booking and Microsoft 365.
    await page.goto('/admin/organization/list')
    await row(page, 'Lagoon Coworking').getByRole('button', { name: 'Actions' }).click()
    await openMenu(page).getByRole('menuitem', { name: 'Edit' }).click()
    await page.waitForURL(/\/admin\/organization\/edit\/\d+$/)
    await page.getByLabel('Calendar booking (Google Calendar)').check()
    await page.getByLabel('Microsoft 365', { exact: true }).check()
    await page.getByLabel('MS 365 Tenant ID', { exact: true }).fill('lagoon-tenant')
    await page.getByLabel('MS 365 Client ID', { exact: true }).fill('lagoon-client')
    await page.getByLabel('MS 365 Default Client Name', { exact: true }).fill('Lagoon Walk-ins')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/organization/list')

    await openList(page)
    await visible(page.getByRole('columnheader', { name: 'Organization' }))
    await page.getByRole('button', { name: 'Add Space' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/meeting-room/add')
    await save(page)
    await visible(fieldError(page, 'Please, select an Organization.'))
    // Without an organization, there is nothing to combine.
    await panel(page, 'Combine Spaces').getByRole('button', { name: 'Combine Spaces' }).click()
    await visible(toast(page, 'Please, select an Organization.'))

    const details = panel(page, 'Space Details')
    await choose(details, 'Organization', 'Lagoon Coworking', 'Lagoon')
    await expect
      .poll(() => panelTitles(page))
      .toEqual([
        'Space Details',
        'Preparation Time',
        'Additional Services',
        'Rates',
        'Photos',
        'Blackout Periods',
        'Site Access Instructions',
        'Calendar Settings',
        'MS 365 Settings',
        'Combine Spaces',
      ])
    await choose(details, 'Location / Center', 'Marina Bay')
    await choose(details, 'Space Type', 'Meeting Room')

    // Another organization would lose the chosen children: No keeps Lagoon.
    const combine = panel(page, 'Combine Spaces')
    await combine.getByRole('button', { name: 'Combine Spaces' }).click()
    await combine.getByLabel('Lagoon Pod 1 (capacity 4)').check()
    await combine.getByLabel('Lagoon Pod 2 (capacity 4)').check()
    await choose(details, 'Organization', 'Harbour Workspaces', 'Harbour')
    await visible(confirmDialog(page).getByText(/You have combined rooms configured/))
    await confirmDialog(page).getByRole('button', { name: 'No' }).click()
    await gone(confirmDialog(page))
    await visible(selected(details, 'Organization').getByText('Lagoon Coworking', { exact: true }))
    await combine.getByRole('button', { name: 'Do not combine' }).click()

    // Calendar: the three credentials together, valid e-mails.
    const calendar = panel(page, 'Calendar Settings')
    await calendar.getByLabel('Google Account Email', { exact: true }).fill('rooms@lagoon.example')
    await calendar.getByLabel('Service Account Email', { exact: true }).fill('svc@')
    const ms365 = panel(page, 'MS 365 Settings')
    await ms365.getByLabel('MS 365 Resource Email', { exact: true }).fill('pod-3')
    await save(page)
    await visible(fieldError(calendar, 'Invalid email format: svc@'))
    await visible(fieldError(calendar, 'Please, enter service account private key.'))
    await visible(fieldError(ms365, 'Invalid email format'))
    await shot(page, 'spaces-add-super-calendar')
    await calendar.getByLabel('Service Account Email', { exact: true }).fill('')
    await visible(fieldError(calendar, 'Please, enter service account email.'))
    await calendar.getByLabel('Service Account Email', { exact: true }).fill('svc@lagoon.iam.example')
    await calendar
      .getByLabel('Service Account Private Key', { exact: true })
      .fill('-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBg\n-----END PRIVATE KEY-----')
    await gone(calendar.locator('.ant-form-item-explain-error'))
    await ms365.getByLabel('MS 365 Resource Email', { exact: true }).fill('pod-3@lagoon.example')

    await details.getByLabel('Name', { exact: true }).fill('Lagoon Pod 3')
    await details.getByLabel('Capacity', { exact: true }).fill('4')
    await details.getByLabel('Description', { exact: true }).fill('A pod for four by the water.')
    const rates = panel(page, 'Rates')
    await rates.getByRole('button', { name: 'Add Rate' }).click()
    await choose(rates, 'Rate Unit 1', 'Hour (1 hour)')
    await rates.getByLabel('Rate Amount 1', { exact: true }).fill('30')
    await save(page)
    await visible(toast(page, 'Success: Record successfully created.'))
    await page.waitForURL((url) => url.pathname === LIST)

    // The key is never shown again: the form says one is saved.
    await openEdit(page, 'Lagoon Pod 3')
    const saved = panel(page, 'Calendar Settings')
    expect(await saved.getByLabel('Google Account Email', { exact: true }).inputValue()).toBe(
      'rooms@lagoon.example',
    )
    expect(await saved.getByLabel('Service Account Private Key', { exact: true }).inputValue()).toBe('')
    await visible(saved.getByText('A key is saved. Paste a new one to replace it; leave empty to keep it.'))
    expect(
      await panel(page, 'MS 365 Settings').getByLabel('MS 365 Resource Email', { exact: true }).inputValue(),
    ).toBe('pod-3@lagoon.example')
    // The organization of a space cannot change.
    expect(await details.getByLabel('Organization', { exact: true }).isDisabled()).toBe(true)
  })
})
