import { describe, expect, test } from 'vitest'
import { dialog, fieldError, gone, logins, setupE2eApp, shot, toast, visible } from './support.ts'

const app = setupE2eApp()

describe('Countries', () => {
  test('super adds, edits and deletes a country, with the spec messages', async () => {
    const page = await app.signedInPage(logins.super)
    await page.getByRole('link', { name: 'Countries' }).click()
    await page.waitForURL('**/admin/country/list?**')
    await visible(page.getByRole('heading', { name: 'Countries' }))
    for (const column of ['Name', 'Abbreviation', 'Updated at']) {
      await visible(page.getByRole('columnheader', { name: column }))
    }
    await shot(page, 'countries-list')

    // Add Country: required, then the format rules, then the server's conflict.
    await page.getByRole('button', { name: 'Add Country' }).click()
    const add = dialog(page, 'Add Country')
    await visible(add)
    await add.getByLabel('Country Name').focus()
    // Save on the empty form until its validation answers: the first click can land while the
    // dialog is still opening on a busy machine.
    await expect
      .poll(async () => {
        await add.getByRole('button', { name: 'Save' }).click()
        return fieldError(add, 'Country Name is required.').count()
      })
      .toBeGreaterThan(0)
    await visible(fieldError(add, 'Country Name is required.'))
    await visible(fieldError(add, 'Abbreviation is required.'))
    await add.getByLabel('Country Name').fill('Atl4ntis')
    await add.getByLabel('Abbreviation').fill('at')
    await add.getByRole('button', { name: 'Save' }).click()
    await visible(fieldError(add, 'Only character allowed'))
    await visible(fieldError(add, 'Only capital characters allowed'))
    await shot(page, 'countries-add-invalid')
    await add.getByLabel('Country Name').fill('Atlantis')
    await add.getByLabel('Abbreviation').fill('DE')
    await add.getByRole('button', { name: 'Save' }).click()
    await visible(toast(page, 'A country with this name or abbreviation already exists.'))
    await add.getByLabel('Abbreviation').fill('ATL')
    await add.getByRole('button', { name: 'Save' }).click()
    await visible(toast(page, 'Success: Record successfully created.'))
    await gone(page.getByRole('dialog'))

    const searchBox = page.getByRole('searchbox', { name: 'Search' })
    await searchBox.fill('Atlantis')
    await searchBox.press('Enter')
    await page.waitForURL((url) => url.searchParams.get('search') === 'Atlantis')
    const row = page.getByRole('row').filter({ hasText: 'Atlantis' })
    await visible(row)
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('ATL')

    // Edit Country: the dialog loads the record; Save changes.
    await row.getByRole('button', { name: 'Actions' }).click()
    await page.getByRole('menuitem', { name: 'Edit' }).click()
    const edit = dialog(page, 'Edit Country')
    await visible(edit)
    await expect.poll(() => edit.getByLabel('Country Name').inputValue()).toBe('Atlantis')
    expect(await edit.getByLabel('Abbreviation').inputValue()).toBe('ATL')
    await edit.getByLabel('Country Name').fill('Atlantica')
    await shot(page, 'countries-edit')
    // A refused save keeps what was typed.
    await edit.getByLabel('Abbreviation').fill('DE')
    await edit.getByRole('button', { name: 'Save changes' }).click()
    await visible(toast(page, 'A country with this name or abbreviation already exists.'))
    expect(await edit.getByLabel('Country Name').inputValue()).toBe('Atlantica')
    await edit.getByLabel('Abbreviation').fill('ATL')
    await edit.getByRole('button', { name: 'Save changes' }).click()
    await visible(toast(page, 'Success: Record successfully updated.'))
    await gone(page.getByRole('dialog'))
    await searchBox.fill('Atlantica')
    await searchBox.press('Enter')
    const edited = page.getByRole('row').filter({ hasText: 'Atlantica' })
    await visible(edited)

    // Delete after the confirmation.
    await edited.getByRole('button', { name: 'Actions' }).click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    await visible(page.getByText('Do you really want to delete this record?'))
    await shot(page, 'countries-delete-confirm')
    await page.getByRole('button', { name: 'Yes' }).click()
    await visible(toast(page, 'Success: Record successfully deleted'))
    await gone(page.getByRole('row').filter({ hasText: 'Atlantica' }))
  })

  test('a country in use is not deleted: the toast says where it is used (issue 15 item 1)', async () => {
    const page = await app.signedInPage(logins.super)
    await page.goto('/admin/country/list')
    const searchBox = page.getByRole('searchbox', { name: 'Search' })
    await searchBox.fill('Australia')
    await searchBox.press('Enter')
    const australia = page.getByRole('row').filter({ hasText: 'Australia' })
    await visible(australia)
    await australia.getByRole('button', { name: 'Actions' }).click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    await page.getByRole('button', { name: 'Yes' }).click()
    await visible(
      page
        .locator('.ant-message')
        .getByText(/^This country is used by \d+ organizations?\b.*locations?\b.*\.$/),
    )
    await visible(australia)
  })

  test('a csr reads the list without Add or row actions', async () => {
    const page = await app.signedInPage(logins.harbourCsr)
    await page.goto('/admin/country/list')
    await visible(page.getByRole('cell', { name: 'Germany', exact: true }))
    await gone(page.getByRole('button', { name: 'Add Country' }))
    await gone(page.getByRole('button', { name: 'Actions' }))
  })
})
