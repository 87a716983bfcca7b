import { describe, expect, test } from 'vitest'
import { dialog, fieldError, gone, logins, setupE2eApp, shot, toast, visible } from './support.ts'

const app = setupE2eApp()

describe('Global Regions', () => {
  test('pages by 20 like every list, default regions have their menu disabled, super adds, edits, deletes', async () => {
    const page = await app.signedInPage(logins.super)
    const firstList = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/global-region' && request.method() === 'GET',
    )
    await page.getByRole('link', { name: 'Global Regions' }).click()
    expect((await firstList).headers().range).toBe('0-19')
    await visible(page.getByRole('heading', { name: 'Global Regions' }))
    for (const column of ['Name', 'Code', 'Updated at']) {
      await visible(page.getByRole('columnheader', { name: column }))
    }
    const defaultRow = page.getByRole('row').filter({ hasText: 'Asia Pacific' })
    await visible(defaultRow)
    expect(await defaultRow.getByRole('button', { name: 'Actions' }).isDisabled()).toBe(true)
    // The default regions fit the first page: no pager.
    await gone(page.locator('.ant-pagination'))
    await shot(page, 'global-regions-list')

    await page.getByRole('button', { name: 'Add Global Region' }).click()
    const add = dialog(page, 'Add Global Region')
    await add.getByRole('button', { name: 'Save' }).click()
    await visible(fieldError(add, 'Name is required.'))
    await visible(fieldError(add, 'Code is required.'))
    await shot(page, 'global-regions-add-invalid')
    await add.getByLabel('Name').fill('Antarctica')
    await add.getByLabel('Code').fill('ANT')
    await add.getByRole('button', { name: 'Save' }).click()
    await visible(toast(page, 'Success: Record successfully created.'))
    await gone(page.getByRole('dialog'))

    // Five regions still fit one page of 20 (issue 15 item 16: it paged by 4).
    await visible(page.getByRole('row').filter({ hasText: 'Antarctica' }))
    await gone(page.locator('.ant-pagination'))

    const search = page.getByRole('searchbox', { name: 'Search' })
    await search.fill('Antarctica')
    await search.press('Enter')
    const row = page.getByRole('row').filter({ hasText: 'Antarctica' })
    await visible(row)
    await row.getByRole('button', { name: 'Actions' }).click()
    await page.getByRole('menuitem', { name: 'Edit' }).click()
    const edit = dialog(page, 'Edit Global Region')
    await expect.poll(() => edit.getByLabel('Name').inputValue()).toBe('Antarctica')
    await edit.getByLabel('Code').fill('')
    await edit.getByRole('button', { name: 'Save changes' }).click()
    await visible(fieldError(edit, 'Code is required.'))
    await edit.getByLabel('Code').fill('ANTA')
    await edit.getByRole('button', { name: 'Save changes' }).click()
    await visible(toast(page, 'Success: Record successfully updated.'))
    await visible(page.getByRole('cell', { name: 'ANTA', exact: true }))

    await page
      .getByRole('row')
      .filter({ hasText: 'Antarctica' })
      .getByRole('button', { name: 'Actions' })
      .click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    await visible(page.getByText('Do you really want to delete this record?'))
    await page.getByRole('button', { name: 'Yes' }).click()
    await visible(toast(page, 'Success: Record successfully deleted'))
    await gone(page.getByRole('row').filter({ hasText: 'Antarctica' }))
  })

  test('an admin reads the list without Add or row actions', async () => {
    const page = await app.signedInPage(logins.summitAdmin)
    await page.goto('/admin/global-region/list')
    await visible(page.getByRole('cell', { name: 'EMEA', exact: true }))
    await gone(page.getByRole('button', { name: 'Add Global Region' }))
    await gone(page.getByRole('button', { name: 'Actions' }))
  })
})
