import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { dialog, fieldError, gone, logins, setupE2eApp, shot, toast, visible } from './support.ts'
import { choose, confirmDialog, fakeFile, openActions, openOption, panel, panelTitles, row } from './ui.ts'

const app = setupE2eApp()

/** A small real PDF in a temp file. */
function pdfFile(name: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'spaceboard-e2e-')), name)
  writeFileSync(file, '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')
  return file
}

describe('Email Templates', () => {
  test('an admin adds a template with the editor, merge tags and a PDF, previews, edits and deletes it', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.getByRole('link', { name: 'Email Templates' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/email-template/list')
    await visible(page.getByRole('heading', { name: 'Email Templates' }))
    for (const column of ['Template Type', 'Created At', 'Updated At'])
      await visible(page.getByRole('columnheader', { name: column }))
    await gone(page.getByRole('columnheader', { name: 'Organization' }))

    // Need Support: what each type is for and the merge tags.
    await page.getByRole('button', { name: 'Need Support' }).click()
    const help = dialog(page, 'Email templates: how they work')
    await visible(help.getByText('Booking Confirmation (Center)'))
    await visible(help.getByText('{{directions_link}}'))
    await help.getByRole('button', { name: 'Close' }).first().click()

    // Add: the spec's messages for an empty form.
    await page.getByRole('button', { name: 'Add Email Template' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/email-template/add')
    await visible(page.getByRole('heading', { name: 'Add Email Template' }))
    expect(await panelTitles(page)).toEqual(['Template Details', 'Attachment'])
    await visible(page.locator('.ql-toolbar'))
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(fieldError(page, 'Please fill out this field'))
    await visible(fieldError(page, 'Please, fill email content.'))
    await shot(page, 'email-templates-add-empty')

    // Type, a subject with a tag from the subject's picker (no links offered there).
    await choose(page, 'Template Type', 'Booking Confirmation (User)')
    await page.getByLabel('Email Subject').fill('Your booking ')
    const subjectTag = await openOption(
      page,
      'Insert merge tag into the subject',
      'Directions link {{directions_link}}',
    )
    expect(await subjectTag.count()).toBe(0)
    await page.keyboard.press('Escape')
    await choose(
      page,
      'Insert merge tag into the subject',
      'Booking reference {{booking_reference}}',
      'reference',
    )
    await expect
      .poll(() => page.getByLabel('Email Subject').inputValue())
      .toBe('Your booking {{booking_reference}}')

    // The body: typed text, bold from the toolbar, a tag from the content's picker.
    const editor = page.locator('.ql-editor')
    await editor.click()
    await page.getByRole('button', { name: 'Bold' }).click()
    await page.keyboard.type('Hello ')
    await page.getByRole('button', { name: 'Bold' }).click()
    await choose(
      page,
      'Insert merge tag into the content',
      'User first name {{user_first_name}}',
      'first name',
    )
    await page.keyboard.type(', see you at the centre.')
    await visible(editor.locator('strong', { hasText: 'Hello' }))
    await gone(fieldError(page, 'Please, fill email content.'))

    // The attachment: judged by content on the server, one PDF.
    const attachment = panel(page, 'Attachment')
    await attachment.getByLabel('Attachment Title').fill('House rules')
    const upload = attachment.locator('input[type=file]')
    await upload.setInputFiles(fakeFile('not-really.pdf'))
    await visible(toast(page, 'Only PDF allowed'))
    await upload.setInputFiles(pdfFile('house-rules.pdf'))
    await visible(toast(page, 'File added successfully.'))
    await visible(attachment.locator('.ant-upload-list-item'))
    await shot(page, 'email-templates-add-filled')

    // Preview: rendered by the server with a sample booking, no tag left as written.
    await page.getByRole('button', { name: 'Preview' }).click()
    const preview = dialog(page, 'Preview')
    await visible(preview.getByText(/^Your booking \S+$/))
    const frame = page.frameLocator('iframe[title="Email preview"]')
    await visible(frame.getByText(/^Hello/))
    expect(await frame.locator('body').textContent()).not.toContain('{{')
    await shot(page, 'email-templates-preview')
    await preview.getByRole('button', { name: 'Close' }).first().click()

    await page.getByRole('button', { name: 'Save' }).click()
    await visible(toast(page, 'Success: Record successfully created.'))
    await page.waitForURL((url) => url.pathname === '/admin/email-template/list')
    await visible(row(page, 'Booking Confirmation (User)'))
    await shot(page, 'email-templates-list')

    // Edit: the form opens filled, the editor with the saved content.
    await openActions(page, 'Booking Confirmation (User)')
    await page.getByRole('menuitem', { name: 'Edit' }).click()
    await page.waitForURL(/\/admin\/email-template\/edit\/\d+$/)
    await visible(page.getByRole('heading', { name: 'Edit Email Template' }))
    await visible(editor.getByText('Hello {{user_first_name}}, see you at the centre.'))
    await expect
      .poll(() => page.getByLabel('Email Subject').inputValue())
      .toBe('Your booking {{booking_reference}}')
    await page.getByLabel('Email Subject').fill('Booking {{bookng_reference}}')
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(fieldError(page, 'Unknown merge tag: {{bookng_reference}}. Use the tags of the picker.'))
    await page.getByLabel('Email Subject').fill('Booked: {{booking_date}}')
    await page.getByRole('button', { name: 'Save' }).click()
    await visible(toast(page, 'Success: Record successfully updated.'))
    await page.waitForURL((url) => url.pathname === '/admin/email-template/list')

    // A second template: the type the organization has is disabled.
    await page.getByRole('button', { name: 'Add Email Template' }).click()
    const taken = await openOption(page, 'Template Type', 'Booking Confirmation (User)')
    await expect.poll(() => taken.getAttribute('aria-disabled')).toBe('true')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Cancel', exact: true }).click()

    // Delete after the spec's confirmation.
    await openActions(page, 'Booking Confirmation (User)')
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    await visible(confirmDialog(page).getByText('Do you really want to delete this record?'))
    await confirmDialog(page).getByRole('button', { name: 'Yes' }).click()
    await visible(toast(page, 'Success: Record successfully deleted'))
    await gone(row(page, 'Booking Confirmation (User)'))
  })

  test('a csr sees the list without the Add button', async () => {
    const page = await app.signedInPage(logins.harbourCsr)
    await page.getByRole('link', { name: 'Email Templates' }).click()
    await visible(page.getByRole('heading', { name: 'Email Templates' }))
    await visible(page.getByRole('button', { name: 'Need Support' }))
    await gone(page.getByRole('button', { name: 'Add Email Template' }))
  })
})
