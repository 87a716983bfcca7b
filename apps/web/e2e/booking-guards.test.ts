import { describe, expect, test } from 'vitest'
import { logins, setupE2eApp, toast, visible } from './support.ts'
import { confirmDialog, menuItems, openActions, openMenu, row } from './ui.ts'

const app = setupE2eApp()

describe('what bookings forbid elsewhere', () => {
  test('screen bookings stay on while the organization has tentative bookings', async () => {
    // Harbour Workspaces screens bookings and the demo seed leaves tentative ones.
    const page = await app.signedInPage(logins.super)
    await page.goto('/admin/organization/edit/1')
    const screening = page.getByRole('checkbox', { name: 'Screen bookings (new bookings arrive tentative)' })
    await visible(screening)
    expect(await screening.isChecked()).toBe(true)
    await screening.click()
    await visible(toast(page, 'Organization still exists tentative booking'))
    await expect.poll(() => screening.isChecked()).toBe(true)
  })

  test('deactivating a space with future bookings asks first, with their number', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.goto('/admin/meeting-room/list?search=Harbour%20Room%20A')
    await visible(row(page, 'Harbour Room A'))
    await openActions(page, 'Harbour Room A')
    expect((await menuItems(page)).map((item) => item.label)).toContain('Deactivate')
    await openMenu(page).getByRole('menuitem', { name: 'Deactivate', exact: true }).click()
    const dialog = confirmDialog(page)
    await visible(
      dialog.getByText(
        /^There are \d+ future bookings in this Space, are you sure you want to De-Activate it\?$/,
      ),
    )
    await dialog.getByRole('button', { name: 'No' }).click()
    await expect.poll(() => row(page, 'Harbour Room A').getByText('Active', { exact: true }).count()).toBe(1)
  })
})
