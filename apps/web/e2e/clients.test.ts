import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { eventually, fieldError, gone, logins, setupE2eApp, shot, toast, visible } from './support.ts'
import { formField } from './ui.ts'

const app = setupE2eApp()

/** Polls until the value matches, as long as a page action may take on a busy machine. */

const restoredText =
  'Success: Client activated successfully. All associated users of this client are now active again. If you would like to archive a particular user, please navigate to the user menu and archive each user separately.'

/** The list row whose text has this (a client's name or a user's email). */
const row = (page: Page, text: string) => page.locator('tr.ant-table-row').filter({ hasText: text })

/** The cells of a list row but its action menu. */
async function cells(page: Page, text: string): Promise<string[]> {
  const texts = await row(page, text).locator('td').allTextContents()
  return texts.map((t) => t.trim()).slice(0, -1)
}

const openMenu = (page: Page) => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')

async function openActions(page: Page, text: string) {
  // A menu closed a moment ago may still be on its way out.
  await gone(openMenu(page))
  await row(page, text).getByRole('button', { name: 'Actions' }).click()
}

async function menuItems(page: Page): Promise<string[]> {
  const items = openMenu(page).getByRole('menuitem')
  await items.first().waitFor()
  return (await items.allTextContents()).map((text) => text.trim())
}

/** Picks an option of an antd Select found by its label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click()
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .getByTitle(option, { exact: true })
    .click()
}

const checkbox = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true })

describe('Clients', () => {
  test('an admin adds a client after the validation messages; a taken name is cleared; edits it', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.getByRole('link', { name: 'Clients' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/client/list')
    await visible(page.getByRole('heading', { name: 'Clients' }))
    for (const column of ['Unique Client ID', 'Name', 'Registered Users', 'Registered By']) {
      await visible(page.getByRole('columnheader', { name: column }))
    }
    await gone(page.getByRole('columnheader', { name: 'Organization' }))
    await visible(row(page, 'Acme Consulting'))
    expect(await cells(page, 'Acme Consulting')).toEqual(['ACME001', 'Acme Consulting', '2', ''])
    await gone(row(page, 'Denver Design Co'))
    // Sorting is the server's, mirrored into the URL.
    await page.getByRole('columnheader', { name: 'Unique Client ID' }).click()
    await page.waitForURL((url) => url.searchParams.get('order') === 'external_client_id')
    await shot(page, 'clients-list-admin')

    await page.getByRole('button', { name: 'Add Client' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/client/add')
    await visible(page.getByRole('heading', { name: 'Add Client' }))
    // The default type is ticked from the start.
    await eventually(() => checkbox(page, 'Standard').isChecked()).toBe(true)
    expect(await checkbox(page, 'Coworking Member').isChecked()).toBe(false)

    // A name the organization already has: toasted and cleared when it changes.
    await formField(page, 'Name').fill('acme consulting')
    await formField(page, 'Name').blur()
    await visible(toast(page, 'Error: Client already exist.'))
    await eventually(() => formField(page, 'Name').inputValue()).toBe('')

    await page.getByRole('button', { name: 'Save' }).click()
    await visible(fieldError(page, 'Please fill out this field'))
    await visible(fieldError(page, 'Please select an item in the list'))
    await page.getByLabel('Internal Percent Discount Rate').fill('150')
    await page.getByLabel('Additional Discount Rate').fill('-1')
    await page.getByLabel('Gratis Minutes').fill('12a')
    await visible(fieldError(page, 'Value must be less than or equal to 100.'))
    await visible(fieldError(page, 'Value must be greater than or equal to 0.'))
    await visible(fieldError(page, 'Only Number Allowed. Max 10 digits'))
    await page.getByLabel('Gratis Minutes').fill('20')
    await visible(fieldError(page, 'Please, enter gratis minutes in multiple of 15 minutes.'))
    await checkbox(page, 'Standard').uncheck()
    await visible(fieldError(page, 'Check one Client Type.'))
    await shot(page, 'clients-add-invalid')

    await formField(page, 'Name').fill('Delta Partners')
    await page.getByLabel('Unique Client ID').fill('DP004')
    await page.getByLabel('City').fill('Sydney')
    await choose(page, 'Country', 'Australia')
    await page.getByLabel('Contact Email').fill('accounts@delta.test')
    await choose(page, 'Payment Method', 'Invoice')
    await page.getByLabel('Company Registration Number').fill('ABN 123')
    await checkbox(page, 'Send confirmation only').check()
    await page.getByLabel('Internal Percent Discount Rate').fill('12.5')
    await page.getByLabel('Additional Discount Rate').fill('2')
    await page.getByLabel('Gratis Minutes').fill('90')
    await checkbox(page, 'Standard').check()
    await checkbox(page, 'Coworking Member').check()
    await shot(page, 'clients-add-filled')
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(toast(page, 'Success: Record successfully created.'))
    await page.waitForURL((url) => url.pathname === '/admin/client/list')
    await expect
      .poll(() => cells(page, 'Delta Partners'))
      .toEqual(['DP004', 'Delta Partners', '0', 'Hannah Harbour'])

    // Edit: the form opens filled, rates with two decimals; no gratis minutes used yet.
    await openActions(page, 'Delta Partners')
    await page.getByRole('menuitem', { name: 'Edit Client' }).click()
    await page.waitForURL(/\/admin\/client\/edit\/\d+$/)
    await visible(page.getByRole('heading', { name: 'Edit Client' }))
    await eventually(() => formField(page, 'Name').inputValue()).toBe('Delta Partners')
    expect(await page.getByLabel('Internal Percent Discount Rate').inputValue()).toBe('12.50')
    expect(await page.getByLabel('Gratis Minutes').inputValue()).toBe('90')
    expect(await checkbox(page, 'Coworking Member').isChecked()).toBe(true)
    expect(await checkbox(page, 'Send confirmation only').isChecked()).toBe(true)
    await visible(page.getByRole('heading', { name: 'Used gratis minutes' }))
    await visible(page.getByText('No gratis minutes used yet.'))
    await shot(page, 'clients-edit')

    // Unticked types go as removedClientType; empty gratis minutes as 0.
    await checkbox(page, 'Coworking Member').uncheck()
    await page.getByLabel('Gratis Minutes').fill('')
    const put = page.waitForRequest((request) => request.method() === 'PUT')
    await page.getByRole('button', { name: 'Save' }).click()
    const body = (await put).postDataJSON() as Record<string, unknown>
    expect(body.gartisMinutes).toBe(0)
    expect((body.removedClientType as number[]).length).toBe(1)
    expect((body.clientClientTypes as number[]).length).toBe(1)
    await visible(toast(page, 'Success: Record successfully updated.'))
    await page.waitForURL((url) => url.pathname === '/admin/client/list')
    await openActions(page, 'Delta Partners')
    await page.getByRole('menuitem', { name: 'Edit Client' }).click()
    await eventually(() => page.getByLabel('Gratis Minutes').inputValue()).toBe('0')
    expect(await checkbox(page, 'Coworking Member').isChecked()).toBe(false)

    // A client that used gratis minutes (the demo bookings' Acme) shows them by month, latest first.
    await page.getByRole('button', { name: 'Cancel' }).click()
    await openActions(page, 'Acme Consulting')
    await page.getByRole('menuitem', { name: 'Edit Client' }).click()
    await page.waitForURL(/\/admin\/client\/edit\/\d+$/)
    const acmeId = new URL(page.url()).pathname.split('/').pop()
    const log = (await (await page.request.get(`/api/client/${acmeId}/gratis-log`)).json()) as {
      usedMonth: string
      usedMinutes: number
      refundedMinutes: number
    }[]
    const latest = log[0]
    if (!latest) throw new Error('Acme has no gratis minutes used')
    const used = page.getByRole('row').filter({ hasText: latest.usedMonth })
    await visible(used)
    const [month, usedMinutes, refunded] = await used.locator('td').allTextContents()
    expect(month).toBe(latest.usedMonth)
    expect(Number(usedMinutes)).toBe(latest.usedMinutes)
    expect(Number(usedMinutes)).toBeGreaterThan(0)
    expect(refunded).toBe(String(latest.refundedMinutes))
    await shot(page, 'clients-edit-gratis-log')
  })

  test('View Users, then archiving a client archives its users and restoring brings them back', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.goto('/admin/client/list')
    await openActions(page, 'Acme Consulting')
    expect(await menuItems(page)).toEqual(['View Users', 'Edit Client', 'Archive Client'])
    await page.getByRole('menuitem', { name: 'View Users' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/user/list' && url.searchParams.has('clientId'))
    const clientUsersUrl = page.url()
    await visible(page.getByText('Users of client: Acme Consulting'))
    await visible(row(page, 'alice@acme.test'))
    await eventually(() => page.locator('tr.ant-table-row').count()).toBe(2)
    await shot(page, 'clients-view-users')
    await page.getByLabel('Show all users').click()
    await page.waitForURL((url) => url.pathname === '/admin/user/list' && !url.searchParams.has('clientId'))
    await visible(row(page, 'bella@blueocean.test'))

    await page.getByRole('link', { name: 'Clients' }).click()
    await openActions(page, 'Acme Consulting')
    await page.getByRole('menuitem', { name: 'Archive Client' }).click()
    await visible(
      page.getByText('Do you want to archive this client? All of its users will be archived too.'),
    )
    await page.getByRole('button', { name: 'Yes' }).click()
    await visible(toast(page, 'Record successfully archived.'))
    await visible(row(page, 'Acme Consulting').getByText('Archived'))
    await openActions(page, 'Acme Consulting')
    expect(await menuItems(page)).toEqual(['View Users', 'Edit Client', 'Restore Client'])
    await page.keyboard.press('Escape')
    await shot(page, 'clients-list-archived')

    // Its users are archived, and cannot be restored while the client is.
    await page.goto(clientUsersUrl)
    const status = (email: string) => row(page, email).locator('td:nth-child(6)')
    await eventually(() => status('alice@acme.test').textContent()).toBe('Archived')
    expect(await status('arjun@acme.test').textContent()).toBe('Archived')
    await openActions(page, 'alice@acme.test')
    await page.getByRole('menuitem', { name: 'Restore' }).click()
    await visible(
      toast(page, 'The client for this user is archived. Please, restore the client or change the client.'),
    )
    await shot(page, 'clients-users-archived')

    await page.getByRole('link', { name: 'Clients' }).click()
    await openActions(page, 'Acme Consulting')
    await page.getByRole('menuitem', { name: 'Restore Client' }).click()
    await visible(toast(page, restoredText))
    await gone(row(page, 'Acme Consulting').getByText('Archived'))
    await page.goto(clientUsersUrl)
    await eventually(() => status('alice@acme.test').textContent()).toBe('Active')
    expect(await status('arjun@acme.test').textContent()).toBe('Active')
  })

  test('a csr has neither the Unique Client ID, the Custom Rates nor the registration number', async () => {
    const page = await app.signedInPage(logins.harbourCsr)
    await page.getByRole('link', { name: 'Clients' }).click()
    await visible(row(page, 'Coral Tech'))
    await page.getByRole('button', { name: 'Add Client' }).click()
    await visible(formField(page, 'Name'))
    await visible(page.getByLabel('Payment Method'))
    await gone(page.getByLabel('Unique Client ID'))
    await gone(page.getByText('Custom Rates'))
    await gone(page.getByLabel('Company Registration Number'))
    await shot(page, 'clients-add-csr')
    await formField(page, 'Name').fill('Echo Media')
    await choose(page, 'Payment Method', 'Credit Card')
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(toast(page, 'Success: Record successfully created.'))
    await visible(row(page, 'Echo Media'))
  })

  test("super picks the organization; its client types are offered; a free plan's admin has no credit card", async () => {
    const page = await app.signedInPage(logins.super)
    await page.getByRole('link', { name: 'Clients' }).click()
    await visible(page.getByRole('columnheader', { name: 'Organization' }))
    await visible(row(page, 'Denver Design Co').getByRole('cell', { name: 'Summit Business Centres' }))
    await shot(page, 'clients-list-super')
    await page.getByRole('button', { name: 'Add Client' }).click()
    await visible(page.getByText('Select an Organization').first())
    await formField(page, 'Name').fill('Denver Design Co')
    await choose(page, 'Payment Method', 'Invoice')
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(fieldError(page, 'Select an Organization'))
    // Picking the organization checks the name against its clients.
    await choose(page, 'Organization', 'Summit Business Centres')
    await visible(toast(page, 'Error: Client already exist.'))
    await eventually(() => formField(page, 'Name').inputValue()).toBe('')
    await eventually(() => checkbox(page, 'Standard').isChecked()).toBe(true)
    await visible(checkbox(page, 'Government'))
    await gone(checkbox(page, 'Coworking Member'))
    await formField(page, 'Name').fill('Foothills Agency')
    await checkbox(page, 'Government').check()
    await shot(page, 'clients-add-super')
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(toast(page, 'Success: Record successfully created.'))
    await visible(row(page, 'Foothills Agency').getByRole('cell', { name: 'Summit Business Centres' }))

    const summit = await app.signedInPage(logins.summitAdmin)
    await summit.goto('/admin/client/add')
    await summit.getByLabel('Payment Method').click()
    const creditCard = summit
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: 'Credit Card' })
    await visible(creditCard)
    expect(await creditCard.getAttribute('aria-disabled')).toBe('true')
  })
})
