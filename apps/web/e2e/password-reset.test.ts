import { describe, expect, test } from 'vitest'
import { fieldError, logins, openSignIn, PASSWORD, setupE2eApp, shot, signIn, visible } from './support.ts'

const app = setupE2eApp()

describe('Forgot and reset password', () => {
  test('the e-mailed link sets a new password, signs in and shows the profile', async () => {
    const page = await app.newPage()
    await openSignIn(page)
    await page.getByRole('link', { name: 'I forgot my password' }).click()
    await page.waitForURL('**/admin/forgot-password')
    await page.getByLabel('Email').fill(logins.harbourCsr)
    await shot(page, 'forgot-password')
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await visible(
      page.getByText('If an account exists for this email, we have sent a link to reset the password.'),
    )
    await shot(page, 'forgot-password-sent')

    // The mail is queued just after the answer (which does not wait for the account lookup).
    await expect
      .poll(async () => (await app.server.outbox()).some((m) => m.to.includes(logins.harbourCsr)))
      .toBe(true)
    const mail = (await app.server.outbox()).find((m) => m.to.includes(logins.harbourCsr))
    const link = /\S*\/admin\/reset-password\?token=[^\s]+/.exec(mail?.text ?? '')?.[0]
    expect(link).toBeDefined()
    const { pathname, search } = new URL(link ?? '')
    await page.goto(`${pathname}${search}`)
    await visible(page.getByRole('heading', { name: 'Reset Password' }))

    // Both rules of the spec, with its messages.
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await visible(fieldError(page, 'Password is required.'))
    await page.getByLabel('New Password').fill('abc')
    const meter = page.getByRole('progressbar', { name: 'Password strength' })
    await expect.poll(() => meter.getAttribute('aria-valuenow')).toBe('25')
    await page.getByLabel('New Password').fill('Harbour#2026')
    await expect.poll(() => meter.getAttribute('aria-valuenow')).toBe('100')
    await page.getByLabel('Confirm Password').fill('Harbour#2025')
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await visible(fieldError(page, 'Confirm Password must match to password.'))
    await shot(page, 'reset-password')

    await page.getByLabel('Confirm Password').fill('Harbour#2026')
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await page.waitForURL('**/admin/profile/show')
    await visible(page.getByText('Chris Harbour').first())

    // The link works once; the new password signs in, the old one no longer does.
    await page.goto(`${pathname}${search}`)
    await page.getByLabel('New Password').fill('Another#2026')
    await page.getByLabel('Confirm Password').fill('Another#2026')
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await visible(
      page.getByText('This password reset link is invalid or has expired. Please ask for a new one.'),
    )

    const fresh = await app.newPage()
    await openSignIn(fresh)
    await fresh.getByLabel('Email').fill(logins.harbourCsr)
    await fresh.getByLabel('Password').fill(PASSWORD)
    await fresh.getByRole('button', { name: 'Sign In' }).click()
    await visible(fresh.getByText('Please provide valid credentials'))
    await signIn(fresh, logins.harbourCsr, 'Harbour#2026')
  })
})
