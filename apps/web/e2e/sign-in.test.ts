import { describe, expect, test } from 'vitest'
import {
  antdStylesOfPage,
  fieldError,
  gone,
  logins,
  openSignIn,
  PASSWORD,
  query,
  setupE2eApp,
  shot,
  signIn,
  toast,
  visible,
} from './support.ts'

const app = setupE2eApp()

describe('Sign In', () => {
  test('checks the email format on blur and enables Sign In only for a valid email and a password', async () => {
    const page = await app.newPage()
    await openSignIn(page)
    await visible(page.getByRole('heading', { name: 'Sign In' }))
    const submit = page.getByRole('button', { name: 'Sign In' })
    expect(await submit.isDisabled()).toBe(true)

    await page.getByLabel('Email').fill('jane.doe')
    await page.getByLabel('Password').focus()
    await visible(fieldError(page, 'Invalid email format. Ex: jane.doe@example.com'))
    await page.getByLabel('Password').fill('anything')
    expect(await submit.isDisabled()).toBe(true)
    await shot(page, 'sign-in-invalid-email')

    await page.getByLabel('Email').fill(logins.super)
    await page.getByLabel('Password').focus()
    await gone(fieldError(page, 'Invalid email format. Ex: jane.doe@example.com'))
    await expect.poll(() => submit.isDisabled()).toBe(false)
  })

  test('a wrong password shows the red alert "Please provide valid credentials"', async () => {
    const page = await app.newPage()
    await openSignIn(page)
    await page.getByLabel('Email').fill(logins.harbourAdmin)
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Sign In' }).click()
    const alert = page.getByRole('alert').filter({ hasText: 'Please provide valid credentials' })
    await visible(alert)
    // The red (error) alert: the sign-in page's own (auth-alert-error), antd's elsewhere.
    expect(await alert.getAttribute('class')).toMatch(/\b(ant|auth)-alert-error\b/)
    expect(new URL(page.url()).pathname).toBe('/admin/login')
    await shot(page, 'sign-in-failed')
  })

  test('signing in lands on the profile; Sign out returns to the sign-in page', async () => {
    const page = await app.newPage()
    await page.goto('/')
    await page.waitForURL('**/admin/login?**')
    await shot(page, 'sign-in')
    await page.getByLabel('Email').fill(logins.super)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.waitForURL('**/admin/profile/show')
    await visible(page.getByText('Sam Super').first())
    // Signed in on the sign-in page: the app waited for antd's stylesheet, fetched once the page was up.
    expect(await antdStylesOfPage(page, ['ant-layout', 'ant-menu', 'ant-btn'])).toEqual({
      stylesheet: true,
      madeInBrowser: [],
    })

    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL('**/admin/login')
    await page.goto('/admin/profile/show')
    await page.waitForURL('**/admin/login?**')
  })

  test('the sign-in page fetches the app while the person types, and runs it only once they have signed in', async () => {
    const page = await app.newPage()
    await openSignIn(page)
    // Fetched once the page is up: antd's sheet as a preload (not applied), the app's modules (not run).
    const fetched = () =>
      page.evaluate(() => ({
        sheet: document.querySelector<HTMLLinkElement>('link[data-antd-styles]')?.rel ?? null,
        app: performance
          .getEntriesByType('resource')
          .some((entry) => /\/assets\/app-[^/]+\.js$/.test(entry.name)),
        antdRan: document.querySelectorAll('style[data-rc-order], style[data-css-hash]').length > 0,
      }))
    await expect.poll(fetched).toEqual({ sheet: 'preload', app: true, antdRan: false })
    await page.getByLabel('Email').fill(logins.harbourAdmin)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.waitForURL('**/admin/profile/show')
    await visible(page.getByRole('navigation', { name: 'Main menu' }))
    expect(await antdStylesOfPage(page, ['ant-layout', 'ant-menu'])).toEqual({
      stylesheet: true,
      madeInBrowser: [],
    })
  })

  test('the sign-in form works before the page’s script has run: a native post signs in and goes on', async () => {
    // Issue 14: the page comes with its form as markup (served-sign-in.tsx); without any script
    // at all, it posts to POST /admin/login and lands on the page asked for, rendered by the server.
    const context = await app.browser.newContext({ baseURL: app.server.url, javaScriptEnabled: false })
    try {
      const page = await context.newPage()
      await page.goto('/admin/login?redirect=%2Fadmin%2Fbook%2Flist')
      await page.getByLabel('Email').fill(logins.harbourAdmin)
      await page.getByLabel('Password').fill(PASSWORD)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await page.waitForURL((url) => url.pathname === '/admin/book/list')
      await visible(page.locator('.ant-table-row').first())
    } finally {
      await context.close()
    }
  })

  test('what is typed before the script runs stays, with the caret; a refusal of the native form is shown once it runs', async () => {
    const page = await app.newPage()
    // The page's script held back: the person types into the server's form meanwhile.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/admin/login', { waitUntil: 'commit' })
    await page.getByLabel('Email').pressSequentially('jane.doe')
    await page.getByLabel('Password').pressSequentially('Spaceb')
    expect(await page.getByRole('button', { name: 'Show' }).count()).toBe(0)
    release()
    await visible(page.getByRole('button', { name: 'Show' }))
    // Hydrated over the same elements: the values, the focus and the caret are where they were;
    // the e-mail left behind is checked as on leaving it.
    await page.keyboard.type('oard1!')
    expect(await page.getByLabel('Email').inputValue()).toBe('jane.doe')
    expect(await page.getByLabel('Password').inputValue()).toBe('Spaceboard1!')
    await visible(fieldError(page, 'Invalid email format. Ex: jane.doe@example.com'))
    expect(await page.getByRole('button', { name: 'Sign In' }).isDisabled()).toBe(true)

    // Sent before the script ran (held again, as on a slow line): refused, back to the page,
    // which shows the refusal and the e-mail once its script runs.
    const again = await app.newPage()
    let first = true
    await again.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      // The first page's script never comes (the post leaves the page); the next page's does.
      if (first) first = false
      else await route.continue()
    })
    await again.goto('/admin/login', { waitUntil: 'commit' })
    await again.getByLabel('Email').fill(logins.harbourAdmin)
    await again.getByLabel('Password').fill('not-the-password')
    await again.getByRole('button', { name: 'Sign In' }).click()
    await visible(again.getByRole('alert').filter({ hasText: 'Please provide valid credentials' }))
    expect(await again.getByLabel('Email').inputValue()).toBe(logins.harbourAdmin)
    expect(await again.getByLabel('Password').inputValue()).toBe('')
    expect(await again.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe(
      'current-password',
    )
  })

  test('a signed-out visit goes to sign in and, after signing in, back to the page asked for', async () => {
    const page = await app.newPage()
    await page.goto('/admin/country/list?search=ger')
    await page.waitForURL('**/admin/login?**')
    expect(new URL(page.url()).searchParams.get('redirect')).toMatch(/^\/admin\/country\/list\?search=ger/)
    await page.getByLabel('Email').fill(logins.harbourCsr)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.waitForURL('**/admin/country/list?**')
    expect(new URL(page.url()).pathname).toBe('/admin/country/list')
    expect(query(page).search).toBe('ger')
    await visible(page.getByRole('cell', { name: 'Germany', exact: true }))
  })

  test('when the session ends, the next call shows "Your session has expired" and goes to sign in', async () => {
    const page = await app.newPage()
    await signIn(page, logins.super)
    await page.getByRole('link', { name: 'Countries' }).click()
    await page.waitForURL('**/admin/country/list?**')
    await visible(page.getByRole('columnheader', { name: 'Name' }))

    await page.context().clearCookies()
    await page.getByRole('searchbox', { name: 'Search' }).fill('fra')
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter')
    await visible(toast(page, 'Your session has expired. Please sign in again.'))
    await page.waitForURL('**/admin/login?**')
    expect(new URL(page.url()).searchParams.get('redirect')).toContain('/admin/country/list')
  })

  test('unknown routes show the not-found page', async () => {
    const page = await app.newPage()
    await signIn(page, logins.harbourAdmin)
    await page.goto('/admin/no-such-screen')
    await visible(page.getByText('Page not found'))
    await shot(page, 'not-found')
  })
})
