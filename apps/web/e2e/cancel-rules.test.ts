import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { fieldError, gone, logins, setupE2eApp, shot, toast, visible } from './support.ts'
import { choose, confirmDialog, menuItems, openActions, row, rowAction } from './ui.ts'

const app = setupE2eApp()

const LIST = '/admin/cancel-rule/list'

async function fill(page: Page, rule: { min: string; max: string; attendees: string; refund: string }) {
  await page.getByLabel('Min Day', { exact: true }).fill(rule.min)
  await page.getByLabel('Max Day', { exact: true }).fill(rule.max)
  await page.getByLabel('Max Attendee', { exact: true }).fill(rule.attendees)
  await page.getByLabel('Refund Percent', { exact: true }).fill(rule.refund)
}

/** Save (not exact: after a refused save antd may leave its invisible "loading" icon in the button's name). */
const save = (page: Page) => page.getByRole('button', { name: 'Save' }).click()

async function add(page: Page) {
  await page.getByRole('button', { name: 'Add Cancellation Rule' }).click()
  await page.waitForURL((url) => url.pathname === '/admin/cancel-rule/add')
  await visible(page.getByRole('heading', { name: 'Add Cancellation Rule' }))
}

describe('Cancellation rules', () => {
  test('an admin adds rules: the spec messages, the overlap refused, the same days for more attendees allowed', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.getByRole('link', { name: 'Cancellation Rules' }).click()
    await page.waitForURL((url) => url.pathname === LIST)
    await visible(page.getByRole('heading', { name: 'Cancellation Rules' }))
    for (const column of ['Min Day', 'Max Day', 'Max Attendee', 'Refund Percent', 'Updated At']) {
      await visible(page.getByRole('columnheader', { name: column }))
    }
    await gone(page.getByRole('columnheader', { name: 'Organization' }))
    await visible(row(page, '365'))
    expect(await page.locator('tr.ant-table-row').count()).toBe(4)
    await shot(page, 'cancel-rules-list')

    await add(page)
    await save(page)
    await visible(fieldError(page, 'Please fill out this field'))
    await fill(page, { min: '1a', max: '5', attendees: '20', refund: '150' })
    await visible(fieldError(page, 'Only Numbers allowed. Max 11 Numbers.'))
    await visible(fieldError(page, 'Only decimal value allowed. Max: 100'))
    await page.getByLabel('Min Day', { exact: true }).fill('10')
    await visible(fieldError(page, 'Invalid day range'))
    await shot(page, 'cancel-rules-add-invalid')

    // Days 5-10 overlap the 2-6 rule: refused with the spec's message, the form stays.
    await fill(page, { min: '5', max: '10', attendees: '20', refund: '50' })
    await gone(page.locator('.ant-form-item-explain-error'))
    await save(page)
    await visible(toast(page, 'The rule for these parameters already exist.'))
    expect(new URL(page.url()).pathname).toBe('/admin/cancel-rule/add')
    // A shared boundary clashes too.
    await fill(page, { min: '365', max: '400', attendees: '100', refund: '100' })
    await save(page)
    await expect.poll(() => toast(page, 'The rule for these parameters already exist.').count()).toBe(2)

    // The very same days for another number of attendees is another rule.
    await fill(page, { min: '2', max: '6', attendees: '50', refund: '40' })
    await save(page)
    await visible(toast(page, 'Success: Record successfully created.'))
    await page.waitForURL((url) => url.pathname === LIST)
    await visible(row(page, '40%'))

    await add(page)
    await fill(page, { min: '366', max: '730', attendees: '100', refund: '100' })
    await save(page)
    await visible(toast(page, 'Success: Record successfully created.'))
    await page.waitForURL((url) => url.pathname === LIST)
    await visible(row(page, '730'))

    // Editing is checked against the others, not itself.
    await rowAction(page, '40%', 'Edit')
    await page.waitForURL(/\/admin\/cancel-rule\/edit\/\d+$/)
    await visible(page.getByRole('heading', { name: 'Edit Cancellation Rule' }))
    await expect.poll(() => page.getByLabel('Max Attendee', { exact: true }).inputValue()).toBe('50')
    await page.getByLabel('Refund Percent', { exact: true }).fill('45.5')
    await save(page)
    await visible(toast(page, 'Success: Record successfully updated.'))
    await page.waitForURL((url) => url.pathname === LIST)
    await visible(row(page, '45.5%'))
    await rowAction(page, '45.5%', 'Edit')
    await expect.poll(() => page.getByLabel('Max Attendee', { exact: true }).inputValue()).toBe('50')
    await page.getByLabel('Max Day', { exact: true }).fill('7')
    await save(page)
    await visible(toast(page, 'The rule for these parameters already exist.'))
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.waitForURL((url) => url.pathname === LIST)

    // Delete after the confirmation.
    await rowAction(page, '730', 'Delete')
    await visible(confirmDialog(page).getByText('Do you really want to delete this record?'))
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click()
    await visible(toast(page, 'Success: Record successfully deleted'))
    await gone(row(page, '730'))
  })

  test('csr adds and edits rules but cannot delete them', async () => {
    const page = await app.signedInPage(logins.summitCsr)
    await page.goto(LIST)
    await visible(row(page, '30'))
    await visible(page.getByRole('button', { name: 'Add Cancellation Rule' }))
    await openActions(page, '30')
    expect(await menuItems(page)).toEqual([
      { label: 'Edit', disabled: false },
      { label: 'Delete', disabled: true },
    ])
    await shot(page, 'cancel-rules-csr')
  })

  test('super sees every organization’s rules and picks the organization of a new one', async () => {
    const page = await app.signedInPage(logins.super)
    await page.goto(LIST)
    await visible(page.getByRole('columnheader', { name: 'Organization' }))
    await visible(page.getByRole('cell', { name: 'Lagoon Coworking' }))
    await add(page)
    await fill(page, { min: '15', max: '30', attendees: '30', refund: '20' })
    await save(page)
    await visible(fieldError(page, 'Select an Organization'))
    await choose(page, 'Organization', 'Lagoon Coworking', 'Lagoon')
    await save(page)
    await visible(toast(page, 'Success: Record successfully created.'))
    await page.waitForURL((url) => url.pathname === LIST)
    await visible(row(page, '20%'))
    expect(await row(page, '20%').getByRole('cell', { name: 'Lagoon Coworking' }).count()).toBe(1)
  })
})
