import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { fieldError, gone, logins, setupE2eApp, shot, toast, visible } from './support.ts'
import { daysFromNow, pickDate, row, rowAction } from './ui.ts'

const app = setupE2eApp()

const LIST = '/admin/voucher/list'

/** Today plus whole days (UTC, as the demo seed counts them), shown DD-MM-YYYY or MM-DD-YYYY. */
function seedDay(offset: number, order: 'DD-MM-YYYY' | 'MM-DD-YYYY' = 'DD-MM-YYYY'): string {
  const now = new Date()
  const [y, m, d] = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset))
    .toISOString()
    .slice(0, 10)
    .split('-')
  return order === 'DD-MM-YYYY' ? `${d}-${m}-${y}` : `${m}-${d}-${y}`
}

/** A local date as the Harbour organization shows it (DD-MM-YYYY). */
function shown(date: Date): string {
  return [date.getDate(), date.getMonth() + 1]
    .map((n) => String(n).padStart(2, '0'))
    .concat(String(date.getFullYear()))
    .join('-')
}

/** The texts of a list row's cells (the action menu's button says Actions). */
async function cells(page: Page, code: string): Promise<string[]> {
  const texts = await row(page, code).locator('td').allTextContents()
  return texts.map((text) => text.trim())
}

/** Save (not exact: after a refused save antd may leave its invisible "loading" icon in the button's name). */
const save = (page: Page) => page.getByRole('button', { name: 'Save' }).click()

describe('Vouchers', () => {
  test('an admin adds a voucher after fixing the form, sees it in the list and edits it', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.getByRole('link', { name: 'Vouchers' }).click()
    await page.waitForURL((url) => url.pathname === LIST)
    await visible(page.getByRole('heading', { name: 'Vouchers' }))
    for (const column of ['Code', 'Type', 'Value', 'Valid From', 'Valid To', 'Status', 'Action']) {
      await visible(page.getByRole('columnheader', { name: column, exact: true }))
    }
    await gone(page.getByRole('columnheader', { name: 'Organization' }))
    await visible(row(page, 'WELCOME10'))
    expect(await cells(page, 'WELCOME10')).toEqual([
      'WELCOME10',
      'Percent',
      '10.00 %',
      seedDay(-30),
      seedDay(335),
      'Active',
      'Actions',
    ])
    // A fixed value in the organization's currency (issue 15).
    await expect
      .poll(() => cells(page, 'SAVE25'))
      .toEqual(['SAVE25', 'Fixed', 'A$25.00', seedDay(-7), seedDay(90), 'Active', 'Actions'])
    await shot(page, 'vouchers-list')

    await page.getByRole('button', { name: 'Add Voucher' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/voucher/add')
    await visible(page.getByRole('heading', { name: 'Add Voucher' }))

    // Refused: nothing filled in, then a bad code, a percent above 100 and the days the wrong way round.
    await save(page)
    await visible(fieldError(page, 'Please fill out this field'))
    expect(new URL(page.url()).pathname).toBe('/admin/voucher/add')
    await page.getByLabel('Code', { exact: true }).fill('au')
    await expect.poll(() => page.getByLabel('Code', { exact: true }).inputValue()).toBe('AU')
    await visible(fieldError(page, 'Only capital letters, numbers and dashes are allowed. 3 to 30 chars.'))
    await page.getByLabel('Value', { exact: true }).fill('150')
    await visible(fieldError(page, 'Value must be less than or equal to 100.'))
    await pickDate(page.getByLabel('Valid From', { exact: true }), daysFromNow(10))
    await pickDate(page.getByLabel('Valid To', { exact: true }), daysFromNow(5))
    await visible(fieldError(page, 'Invalid Date Range.'))
    await shot(page, 'vouchers-add-invalid')

    // A code the organization already has: the API's 409 shows on the field.
    await page.getByLabel('Code', { exact: true }).fill('welcome10')
    await page.getByLabel('Value', { exact: true }).fill('20')
    await pickDate(page.getByLabel('Valid To', { exact: true }), daysFromNow(40))
    await gone(page.locator('.ant-form-item-explain-error'))
    await save(page)
    await visible(fieldError(page, 'Voucher code already exists.'))
    expect(new URL(page.url()).pathname).toBe('/admin/voucher/add')

    await page.getByLabel('Code', { exact: true }).fill('autumn-20')
    await save(page)
    await visible(toast(page, 'Success: Record successfully created.'))
    await page.waitForURL((url) => url.pathname === LIST)
    await visible(row(page, 'AUTUMN-20'))
    expect(await cells(page, 'AUTUMN-20')).toEqual([
      'AUTUMN-20',
      'Percent',
      '20.00 %',
      shown(daysFromNow(10)),
      shown(daysFromNow(40)),
      'Active',
      'Actions',
    ])

    // Edit: a fixed amount now, and switched off.
    await rowAction(page, 'AUTUMN-20', 'Edit')
    await page.waitForURL(/\/admin\/voucher\/edit\/\d+$/)
    await visible(page.getByRole('heading', { name: 'Edit Voucher' }))
    await expect.poll(() => page.getByLabel('Value', { exact: true }).inputValue()).toBe('20.00')
    expect(await page.getByLabel('Code', { exact: true }).inputValue()).toBe('AUTUMN-20')
    expect(await page.getByLabel('Valid From', { exact: true }).inputValue()).toBe(shown(daysFromNow(10)))
    await page.getByLabel('Fixed', { exact: true }).check()
    await page.getByLabel('Value', { exact: true }).fill('35.5')
    await expect.poll(() => page.getByLabel('Value', { exact: true }).inputValue()).toBe('35.5')
    await page.getByRole('switch', { name: 'Active' }).click()
    await shot(page, 'vouchers-edit')
    await save(page)
    await visible(toast(page, 'Success: Record successfully updated.'))
    await page.waitForURL((url) => url.pathname === LIST)
    await expect
      .poll(() => cells(page, 'AUTUMN-20'))
      .toEqual([
        'AUTUMN-20',
        'Fixed',
        'A$35.50',
        shown(daysFromNow(10)),
        shown(daysFromNow(40)),
        'Inactive',
        'Actions',
      ])
  })

  test('csr reads vouchers without Add or Edit; super sees every organization', async () => {
    const csr = await app.signedInPage(logins.summitCsr)
    await csr.getByRole('link', { name: 'Vouchers' }).click()
    await csr.waitForURL((url) => url.pathname === LIST)
    await visible(row(csr, 'SAVE25'))
    // Summit shows its dates month first.
    await expect
      .poll(() => cells(csr, 'SAVE25'))
      .toEqual(['SAVE25', 'Fixed', '$25.00', seedDay(-7, 'MM-DD-YYYY'), seedDay(90, 'MM-DD-YYYY'), 'Active'])
    await gone(csr.getByRole('button', { name: 'Add Voucher' }))
    await gone(csr.getByRole('columnheader', { name: 'Action' }))

    const superPage = await app.signedInPage(logins.super)
    await superPage.goto(LIST)
    await visible(superPage.getByRole('columnheader', { name: 'Organization' }))
    await visible(superPage.getByRole('cell', { name: 'Lagoon Coworking' }).first())
    await visible(superPage.getByRole('button', { name: 'Add Voucher' }))
  })
})
