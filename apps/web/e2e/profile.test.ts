import { describe, expect, test } from 'vitest'
import { fieldError, gone, logins, setupE2eApp, shot, toast, visible } from './support.ts'

const app = setupE2eApp()

/** The value cell of a row of the profile's description list. */
function detail(page: Awaited<ReturnType<typeof app.newPage>>, label: string) {
  return page
    .locator('.ant-descriptions-row')
    .filter({ hasText: label })
    .locator('.ant-descriptions-item-content')
}

describe('Profile', () => {
  test('shows name, email, role, register date, the plan linking to pricing and licensed spaces', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await visible(page.getByRole('heading', { name: 'Profile' }))
    expect(await detail(page, 'Name').textContent()).toBe('Hannah Harbour')
    expect(await detail(page, 'Email').textContent()).toBe(logins.harbourAdmin)
    expect(await detail(page, 'Role').textContent()).toBe('Admin')
    expect(await detail(page, 'Register Date').textContent()).toMatch(/^\d{2}-\d{2}-\d{4}$/)
    const plan = detail(page, 'Current Plan').getByRole('link', { name: 'Pro' })
    await visible(plan)
    expect(await plan.getAttribute('href')).toMatch(/^https?:\/\//)
    expect(await detail(page, 'Licensed Spaces').textContent()).toBe('25')
    await shot(page, 'profile-show')
  })

  test('the super user has no plan, so none is shown', async () => {
    const page = await app.signedInPage(logins.super)
    expect(await detail(page, 'Role').textContent()).toBe('Super Admin')
    await gone(page.getByText('Current Plan'))
  })

  test('Edit Profile validates, saves the names, and changes the e-mail only by the link mailed to it', async () => {
    const page = await app.signedInPage(logins.summitAdmin)
    await page.getByRole('button', { name: 'Edit' }).click()
    await page.waitForURL('**/admin/profile/edit')
    await visible(page.getByRole('heading', { name: 'Edit Profile' }))
    const save = page.getByRole('button', { name: 'Save Profile' })
    expect(await page.getByLabel('First Name').inputValue()).toBe('Adam')

    await page.getByLabel('First Name').fill('')
    await visible(fieldError(page, 'Please fill out this field'))
    await expect.poll(() => save.isDisabled()).toBe(true)
    await page.getByRole('button', { name: 'Reset' }).click()
    await expect.poll(() => page.getByLabel('First Name').inputValue()).toBe('Adam')
    await expect.poll(() => save.isDisabled()).toBe(false)

    await page.getByLabel('Email').fill('adam@summit')
    await save.click()
    await visible(fieldError(page, 'Please enter valid email.'))
    await shot(page, 'profile-edit-invalid')

    // An address with an account is answered as any other (issue 42 item 18): a link is sent to it.
    await page.getByLabel('First Name').fill('Adrian')
    await page.getByLabel('Email').fill(logins.summitCsr)
    await save.click()
    await visible(toast(page, 'Success: Record successfully updated.'))
    await page.waitForURL('**/admin/profile/show')
    await visible(page.getByText(`We sent a confirmation link to ${logins.summitCsr}.`))
    expect(await detail(page, 'Name').textContent()).toBe('Adrian Summit')
    expect(await detail(page, 'Email').textContent()).toBe(logins.summitAdmin)

    await page.getByRole('button', { name: 'Edit' }).click()
    await page.getByLabel('Email').fill('adrian@summit.test')
    await save.click()
    await page.waitForURL('**/admin/profile/show')
    await visible(page.getByText('We sent a confirmation link to adrian@summit.test.'))
    await shot(page, 'profile-email-pending')
    expect(await detail(page, 'Email').textContent()).toBe(logins.summitAdmin)

    // The e-mail changes when the link mailed to the new address is followed.
    await expect
      .poll(async () => (await app.server.outbox()).some((m) => m.to.includes('adrian@summit.test')))
      .toBe(true)
    const mail = (await app.server.outbox()).find((m) => m.to.includes('adrian@summit.test'))
    const link = /\S*\/admin\/confirm-email\?token=[^\s]+/.exec(mail?.text ?? '')?.[0]
    expect(link).toBeDefined()
    const { pathname, search } = new URL(link ?? '')
    await page.goto(`${pathname}${search}`)
    await page.getByRole('button', { name: 'Confirm my new e-mail' }).click()
    await visible(page.getByText('Your e-mail address is now adrian@summit.test.'))
    await page.getByRole('link', { name: 'Go to my profile' }).click()
    await page.waitForURL('**/admin/profile/show')
    expect(await detail(page, 'Email').textContent()).toBe('adrian@summit.test')
    await gone(page.getByText('We sent a confirmation link'))
    await visible(page.getByText('Adrian Summit').first())
  })
})
