import { describe, expect, test } from 'vitest'
import { fieldError, gone, logins, setupE2eApp, shot, toast, visible } from './support.ts'
import {
  choose,
  confirmDialog,
  fakeFile,
  menuItems,
  openActions,
  openMenu,
  pngFile,
  row,
  rowAction,
} from './ui.ts'

const app = setupE2eApp()

const LIST = '/admin/amenities/list'

describe('Amenities', () => {
  test('super adds an amenity with an uploaded icon, previews, edits and deletes it', async () => {
    const page = await app.signedInPage(logins.super)
    await page.getByRole('link', { name: 'Amenities' }).click()
    await page.waitForURL((url) => url.pathname === LIST)
    await visible(page.getByRole('heading', { name: 'Amenities' }))
    for (const column of ['Facility name', 'Icon', 'Category']) {
      await visible(page.getByRole('columnheader', { name: column }))
    }
    await visible(row(page, 'Projector'))
    await openActions(page, 'Projector')
    expect((await menuItems(page)).map((item) => item.label)).toEqual(['Edit Amenity', 'Delete Amenity'])
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Add Amenity' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/amenities/add')
    await visible(page.getByRole('heading', { name: 'Add Amenity' }))
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(fieldError(page, 'Please fill out this field'))
    await visible(fieldError(page, 'Please select an item in the list'))
    await visible(fieldError(page, 'Error: Upload an icon.'))
    await shot(page, 'amenities-add-empty')

    // The icon: png/jpg/jpeg (by content, not by name) under 1MB.
    const upload = page.locator('input[type=file]')
    await upload.setInputFiles(fakeFile('icon.png'))
    await visible(toast(page, 'Only png/jpg/jpeg allowed'))
    await upload.setInputFiles(fakeFile('big.jpg', 1024 * 1024 + 1))
    await visible(toast(page, 'Photos size cannot exceed 1MB'))
    await gone(page.locator('.ant-upload-list-item'))
    await upload.setInputFiles(await pngFile('standing-desk.png', 128, 128, '#019949'))
    await visible(toast(page, 'File added successfully.'))
    await gone(fieldError(page, 'Error: Upload an icon.'))
    const icon = page.locator('.ant-upload-list-item img')
    await visible(icon)
    expect(await icon.getAttribute('src')).toMatch(/^\/uploads\/[\w-]+\.png$/)

    await page.getByLabel('Facility name', { exact: true }).fill('Standing desk')
    await choose(page, 'Category', 'Other')
    await shot(page, 'amenities-add-filled')
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(toast(page, 'Success: Record successfully created.'))
    await page.waitForURL((url) => url.pathname === LIST)

    // The icon in the list opens its preview.
    const listed = row(page, 'Standing desk')
    await visible(listed)
    await listed.getByRole('img', { name: 'Standing desk icon' }).click()
    await visible(page.locator('.ant-image-preview img'))
    await shot(page, 'amenities-icon-preview')
    await page.keyboard.press('Escape')
    await gone(page.locator('.ant-image-preview img'))

    // Edit keeps the icon.
    await rowAction(page, 'Standing desk', 'Edit Amenity')
    await page.waitForURL(/\/admin\/amenities\/edit\/\d+$/)
    await visible(page.getByRole('heading', { name: 'Edit Amenity' }))
    await expect
      .poll(() => page.getByLabel('Facility name', { exact: true }).inputValue())
      .toBe('Standing desk')
    await visible(page.locator('.ant-upload-list-item img'))
    await page.getByLabel('Facility name', { exact: true }).fill('Sit-stand desk')
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(toast(page, 'Success: Record successfully updated.'))
    await page.waitForURL((url) => url.pathname === LIST)
    await visible(row(page, 'Sit-stand desk').getByRole('img', { name: 'Sit-stand desk icon' }))

    // Delete after the confirmation.
    await rowAction(page, 'Sit-stand desk', 'Delete Amenity')
    await visible(confirmDialog(page).getByText('Do you really want to delete this record?'))
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click()
    await visible(toast(page, 'Success: Record successfully deleted'))
    await gone(row(page, 'Sit-stand desk'))
    await gone(openMenu(page))
  })

  test('the catalogue is the platform owner’s: admin and csr read it, without add, edit or delete', async () => {
    for (const login of [logins.harbourAdmin, logins.harbourCsr]) {
      const page = await app.signedInPage(login)
      await page.getByRole('link', { name: 'Amenities' }).click()
      await page.waitForURL((url) => url.pathname === LIST)
      await visible(page.getByRole('heading', { name: 'Amenities' }))
      await visible(page.getByRole('columnheader', { name: 'Facility name' }))
      expect(await page.getByRole('row').count()).toBeGreaterThan(1)
      await gone(page.getByRole('button', { name: 'Add Amenity' }))
      await gone(page.getByRole('columnheader', { name: 'Action' }))
      await page.goto('/admin/amenities/add')
      await visible(page.getByText('Only super users can do this.'))
      await page.close()
    }
  })
})
