import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { dialog, fieldError, gone, logins, setupE2eApp, shot, toast, visible } from './support.ts'
import { choose, confirmDialog, openActions, row, rowAction, selected } from './ui.ts'

const app = setupE2eApp()

const LIST = '/admin/workflow/list'

async function cells(page: Page, name: string): Promise<string[]> {
  const texts = await row(page, name).locator('td').allTextContents()
  return texts.map((text) => text.trim())
}

const timeValue = (page: Page) => page.getByLabel('Time Value', { exact: true })

describe('Workflows', () => {
  test('an admin adds a workflow within the form rules, edits and deletes it', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.getByRole('link', { name: 'Workflows' }).click()
    await page.waitForURL((url) => url.pathname === LIST)
    await visible(page.getByRole('heading', { name: 'Workflows' }))
    for (const column of [
      'Workflow Name',
      'Location/Center',
      'Space/Room',
      'Action Type',
      'Email Template',
      'Time',
      'Event Type',
      'Created At',
    ])
      await visible(page.getByRole('columnheader', { name: column, exact: true }))
    await gone(page.getByRole('columnheader', { name: 'Organization' }))
    // The demo's reminder.
    await expect
      .poll(async () => (await cells(page, 'Reminder 3 days before')).slice(0, 7))
      .toEqual([
        'Reminder 3 days before',
        'All Locations',
        'All Spaces',
        'Send Email',
        'Booking Reminder 3 Days Before',
        '3 Days Before',
        'Event Date',
      ])
    await shot(page, 'workflows-list')

    await page.getByRole('button', { name: 'Add Workflow' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/workflow/add')
    await visible(page.getByRole('heading', { name: 'Add Workflow' }))
    // Defaults: 1 Minute Before, Send Email.
    await expect.poll(() => timeValue(page).inputValue()).toBe('1')
    await visible(selected(page, 'Time Unit').getByText('Minutes'))
    await visible(selected(page, 'Direction').getByText('Before'))
    await visible(selected(page, 'Action Type').getByText('Send Email'))

    await page.getByRole('button', { name: 'Save' }).click()
    await visible(fieldError(page, 'Please enter a workflow name'))
    await visible(fieldError(page, 'Please select an event variable'))
    expect(new URL(page.url()).pathname).toBe('/admin/workflow/add')

    await timeValue(page).fill('61')
    await visible(fieldError(page, 'Value must be less than or equal to 60'))
    await timeValue(page).fill('')
    await visible(fieldError(page, 'Please enter a time value'))
    // A value within the new unit's maximum stays; one above it goes back to 1.
    await timeValue(page).fill('48')
    await choose(page, 'Time Unit', 'Days')
    await expect.poll(() => timeValue(page).inputValue()).toBe('48')
    await choose(page, 'Time Unit', 'Hours')
    await expect.poll(() => timeValue(page).inputValue()).toBe('1')
    await shot(page, 'workflows-add-invalid')

    await page.getByLabel('Workflow Name', { exact: true }).fill('Parking pass')
    await choose(page, 'Email Template', 'Access Instructions (built-in)', 'Access')
    await timeValue(page).fill('2')
    await choose(page, 'Event Variable', 'Event Date')
    await gone(page.locator('.ant-form-item-explain-error'))
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(toast(page, 'Success: Workflow successfully created'))
    await page.waitForURL((url) => url.pathname === LIST)
    await expect
      .poll(async () => (await cells(page, 'Parking pass')).slice(0, 7))
      .toEqual([
        'Parking pass',
        'All Locations',
        'All Spaces',
        'Send Email',
        'Access Instructions',
        '2 Hours Before',
        'Event Date',
      ])

    // Edit: one location and one of its spaces; Update.
    await rowAction(page, 'Parking pass', 'Edit Workflow')
    await page.waitForURL(/\/admin\/workflow\/edit\/\d+$/)
    await visible(page.getByRole('heading', { name: 'Edit Workflow' }))
    await expect
      .poll(() => page.getByLabel('Workflow Name', { exact: true }).inputValue())
      .toBe('Parking pass')
    await choose(page, 'Location/Center', 'Circular Quay')
    await choose(page, 'Space/Room', 'Harbour Room A')
    await shot(page, 'workflows-edit')
    await page.getByRole('button', { name: 'Update' }).click()
    await visible(toast(page, 'Success: Workflow successfully updated'))
    await page.waitForURL((url) => url.pathname === LIST)
    await expect
      .poll(async () => (await cells(page, 'Parking pass')).slice(1, 3))
      .toEqual(['Circular Quay', 'Harbour Room A'])

    await openActions(page, 'Parking pass')
    await page.getByRole('menuitem', { name: 'Delete Workflow' }).click()
    await visible(confirmDialog(page).getByText('Do you really want to delete this workflow?'))
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click()
    await visible(toast(page, 'Success: Workflow successfully deleted'))
    await gone(row(page, 'Parking pass'))
  })

  test('deleting an email template that workflows send shows Cannot Delete Email Template and keeps it', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    const template = await page.request.post('/api/email-template', {
      data: {
        template_type: 'security_bond_refund_day_after',
        email_subject: 'Your bond',
        email_content: '<p>Your bond is on its way back.</p>',
      },
    })
    expect(template.status(), await template.text()).toBe(201)
    const templateId = ((await template.json()) as { id: number }).id
    const workflow = await page.request.post('/api/workflow', {
      data: {
        name: 'Bond refund notice',
        action_type: 'Send Email',
        email_template_id: templateId,
        time_value: 1,
        time_unit: 'Days',
        direction: 'After',
        event_variable: 'event_date',
      },
    })
    expect(workflow.status(), await workflow.text()).toBe(201)

    await page.goto('/admin/email-template/list')
    await openActions(page, 'Security Bond Refund Day After')
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click()
    const cannot = dialog(page, 'Cannot Delete Email Template')
    await visible(cannot)
    await visible(cannot.getByText(/Bond refund notice/))
    await shot(page, 'email-template-used-by-workflows')
    await cannot.getByRole('button', { name: 'OK' }).click()
    await gone(cannot)
    await visible(row(page, 'Security Bond Refund Day After'))
  })
})
