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

  test('Edit Profile validates, shows the server error on the field and saves back to the profile', async () => {
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

    await page.getByLabel('Email').fill(logins.summitCsr)
    await save.click()
    await visible(fieldError(page, 'Email already exist'))

    await page.getByLabel('First Name').fill('Adrian')
    await page.getByLabel('Email').fill('adrian@summit.test')
    await save.click()
    await visible(toast(page, 'Success: Record successfully updated.'))
    await page.waitForURL('**/admin/profile/show')
    expect(await detail(page, 'Name').textContent()).toBe('Adrian Summit')
    expect(await detail(page, 'Email').textContent()).toBe('adrian@summit.test')
    await visible(page.getByText('Adrian Summit').first())
  })
})
