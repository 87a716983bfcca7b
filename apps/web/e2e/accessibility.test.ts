import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { logins, seriousViolations, setupE2eApp } from './support.ts'

const app = setupE2eApp()

/** The screens, by who sees them; ids of the demo seed's first records. */
const signedOut = ['/admin/login', '/admin/forgot-password', '/admin/reset-password?token=x']
const superScreens = [
  '/admin/profile/show',
  '/admin/profile/edit',
  '/admin/dashboard',
  '/admin/organization/list',
  '/admin/organization/add',
  '/admin/organization/edit/1',
  '/admin/user/list',
  '/admin/user/add',
  '/admin/user/detail/1',
  '/admin/country/list',
  '/admin/global-region/list',
  '/admin/amenities/list',
  '/admin/amenities/add',
  '/admin/email-template/list',
  '/admin/email-template/add',
  '/admin/workflow/list',
  '/admin/workflow/add',
  '/admin/book/list',
  '/admin/billing/list',
  '/admin/commision-report',
]
const adminScreens = [
  '/admin/dashboard',
  '/admin/book/list',
  '/admin/billing/list',
  '/admin/commision-report',
  '/admin/book/room-detail',
  '/admin/book/calendar',
  '/admin/client/list',
  '/admin/client/add',
  '/admin/client-types/list',
  '/admin/client-types/add',
  '/admin/region/list',
  '/admin/region/add',
  '/admin/centers/list',
  '/admin/center/add',
  '/admin/center/detail/1',
  '/admin/meeting-room/list',
  '/admin/meeting-room/add',
  '/admin/package/list',
  '/admin/package/add',
  '/admin/cancel-rule/list',
  '/admin/cancel-rule/add',
  '/admin/voucher/list',
  '/admin/voucher/add',
  '/admin/email-template/list',
  '/admin/email-template/add',
  '/admin/workflow/list',
  '/admin/workflow/add',
  '/admin/workflow/edit/1',
]

/** Serious and critical violations of WCAG 2.2 A/AA on the page once it has settled. */
async function violations(page: Page, url: string): Promise<string[]> {
  await page.goto(url)
  await page.waitForLoadState('networkidle')
  await page
    .locator('.ant-skeleton, .ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined)
  return (await seriousViolations(page)).map((line) => `${url}: ${line}`)
}

describe('accessibility (axe, WCAG 2.2 AA): no serious or critical violation on any screen', () => {
  it('signed out', async () => {
    const page = await app.newPage()
    const found: string[] = []
    for (const url of signedOut) found.push(...(await violations(page, url)))
    expect(found).toEqual([])
  }, 300_000)

  it('super', async () => {
    const page = await app.signedInPage(logins.super)
    const found: string[] = []
    for (const url of superScreens) found.push(...(await violations(page, url)))
    expect(found).toEqual([])
  }, 300_000)

  it('a center admin', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    const found: string[] = []
    for (const url of adminScreens) found.push(...(await violations(page, url)))
    // A booking's own pages, for one booking of each status among the list's first 200 (whichever
    // they are on the day the seed ran), so that every status tag and the sections of each are checked.
    const listed = await page.request.get('/api/userbooking?booking=1', { headers: { range: '0-199' } })
    const byStatus = new Map<string, number>()
    for (const booking of (await listed.json()) as Array<{ bookingId: number; status: string }>)
      if (!byStatus.has(booking.status)) byStatus.set(booking.status, booking.bookingId)
    expect([...byStatus.keys()].sort()).toEqual(['cancelled', 'confirmed', 'tentative'])
    for (const [status, bookingId] of byStatus) {
      const screens = status === 'cancelled' ? ['invoice', 'notes'] : ['invoice', 'notes', 'reschedule']
      for (const screen of screens)
        found.push(...(await violations(page, `/admin/book/${screen}/${bookingId}`)))
    }
    expect(found).toEqual([])
  }, 300_000)
})
