import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { fieldError, gone, logins, setupE2eApp, shot, toast, visible } from './support.ts'

const app = setupE2eApp()

/** The row whose Name cell is the name (a default type's also says Default). */
const row = (page: Page, name: string) =>
  page
    .locator('tr.ant-table-row')
    .filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${name}\\s*(Default)?$`) }) })

async function openActions(page: Page, name: string) {
  await row(page, name).getByRole('button', { name: 'Actions' }).click()
}

/** Picks an option of an antd Select found by its label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label).click()
  await page.locator('.ant-select-dropdown').getByTitle(option, { exact: true }).click()
}

describe('Client Types', () => {
  test('an admin adds, edits and deletes a type; default types cannot be touched', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.getByRole('link', { name: 'Client Types' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/client-types/list')
    await visible(page.getByRole('heading', { name: 'Client Types' }))
    await visible(page.getByRole('columnheader', { name: 'Name' }))
    await visible(row(page, 'Virtual Office'))
    // Shared default types: their action menu is disabled; the organization's own are not.
    expect(
      await page
        .getByRole('row')
        .filter({ hasText: 'Standard' })
        .getByRole('button', { name: 'Actions' })
        .isDisabled(),
    ).toBe(true)
    expect(await row(page, 'Virtual Office').getByRole('button', { name: 'Actions' }).isDisabled()).toBe(
      false,
    )
    // Another organization's types are not listed.
    await gone(row(page, 'Government'))
    await shot(page, 'client-types-list-admin')

    // Add: the name is required, a name the organization already has is refused.
    await page.getByRole('button', { name: 'Add Client Type' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/client-types/add')
    await visible(page.getByRole('heading', { name: 'Add Client Type' }))
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(fieldError(page, 'Please fill out this field'))
    await shot(page, 'client-types-add-invalid')
    await page.getByLabel('Name').fill('virtual office')
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(fieldError(page, 'A client type with this name already exists.'))
    expect(new URL(page.url()).pathname).toBe('/admin/client-types/add')
    await page.getByLabel('Name').fill('Event Organiser')
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(toast(page, 'Success: Record successfully created.'))
    await page.waitForURL((url) => url.pathname === '/admin/client-types/list')
    await visible(row(page, 'Event Organiser'))

    // Edit: the form opens filled; after saving, back to the list.
    await openActions(page, 'Event Organiser')
    await page.getByRole('menuitem', { name: 'Edit' }).click()
    await page.waitForURL(/\/admin\/client-types\/edit\/\d+$/)
    await visible(page.getByRole('heading', { name: 'Edit Client Type' }))
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Event Organiser')
    await page.getByLabel('Name').fill('')
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(fieldError(page, 'Please fill out this field'))
    await page.getByLabel('Name').fill('Event Organisers')
    await shot(page, 'client-types-edit')
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(toast(page, 'Success: Record successfully updated.'))
    await page.waitForURL((url) => url.pathname === '/admin/client-types/list')
    await visible(row(page, 'Event Organisers'))

    // Delete after the spec's confirmation; the call sends the id in the query string.
    await openActions(page, 'Event Organisers')
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    await visible(page.getByText('Do you really want to delete this record?'))
    const deleteCall = page.waitForRequest((request) => request.method() === 'DELETE')
    await page.getByRole('button', { name: 'Yes' }).click()
    expect(new URL((await deleteCall).url()).search).toMatch(/^\?id=\d+$/)
    await visible(toast(page, 'Success: Record successfully deleted'))
    await gone(row(page, 'Event Organisers'))
  })

  test('a csr has no Add button and cannot delete, but may edit', async () => {
    const page = await app.signedInPage(logins.harbourCsr)
    await page.getByRole('link', { name: 'Client Types' }).click()
    await visible(row(page, 'Coworking Member'))
    await gone(page.getByRole('button', { name: 'Add Client Type' }))
    await openActions(page, 'Coworking Member')
    await visible(page.getByRole('menuitem', { name: 'Edit' }))
    expect(await page.getByRole('menuitem', { name: 'Delete' }).getAttribute('aria-disabled')).toBe('true')
    await shot(page, 'client-types-list-csr')
    await page.getByRole('menuitem', { name: 'Delete' }).dispatchEvent('click')
    await gone(page.getByText('Do you really want to delete this record?'))
  })

  test('super picks the organization of a new type and sees whose each type is', async () => {
    const page = await app.signedInPage(logins.super)
    await page.goto('/admin/client-types/list')
    await visible(page.getByRole('columnheader', { name: 'Organization' }))
    await visible(row(page, 'Government').getByRole('cell', { name: 'Summit Business Centres' }))
    await page.getByRole('button', { name: 'Add Client Type' }).click()
    await page.getByLabel('Name').fill('Summit Alumni')
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(fieldError(page, 'Select an Organization'))
    await choose(page, 'Organization', 'Summit Business Centres')
    await shot(page, 'client-types-add-super')
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(toast(page, 'Success: Record successfully created.'))
    await visible(row(page, 'Summit Alumni').getByRole('cell', { name: 'Summit Business Centres' }))
  })
})
