import { formatWallTime } from '@spaceboard/domain'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { logins, setupE2eApp, shot, visible } from './support.ts'

const app = setupE2eApp()

/** Waits (as long as a locator would) until the value matches; pages load slower on a busy machine. */
function eventually<T>(read: () => Promise<T>) {
  return expect.poll(read, { timeout: 15_000 })
}

/** Waits until nothing matches the locator any more. */
async function absent(locator: Locator): Promise<void> {
  await eventually(() => locator.count()).toBe(0)
}

interface DashboardBooking {
  id: number
  reference: string
  organization_name: string
  date: string
  start_time: string
  end_time: string
  space_name: string
  center_name: string
  client_name: string
  status: string
}

interface DashboardAnswer {
  organization: { id: number; name: string; mh_plan: string; licensed_spaces: number } | null
  counts: Record<string, number>
  bookings: { today: DashboardBooking[]; upcoming: DashboardBooking[] }
}

/** What the API says the signed-in person's dashboard holds (the page must show the same). */
async function dashboardData(page: Page): Promise<DashboardAnswer> {
  const response = await page.request.get('/api/dashboard')
  expect(response.status()).toBe(200)
  return (await response.json()) as DashboardAnswer
}

function statistic(page: Page, key: string) {
  return page.getByTestId(`count-${key}`).locator('.ant-statistic-content')
}

function detail(page: Page, label: string) {
  return page
    .locator('.ant-descriptions-item')
    .filter({ hasText: label })
    .locator('.ant-descriptions-item-content')
}

/** The texts a booking row shows: times are the API's wall-clock strings, never converted by the browser. */
function bookingCells(b: DashboardBooking, options: { date: boolean; organization: boolean }) {
  const [y, m, d] = b.date.split('-')
  return [
    b.reference,
    ...(options.organization ? [b.organization_name] : []),
    ...(options.date ? [`${d}-${m}-${y}`] : []),
    `${formatWallTime(b.start_time)} – ${formatWallTime(b.end_time)}`,
    b.space_name,
    b.center_name,
    b.client_name,
    b.status.charAt(0).toUpperCase() + b.status.slice(1),
  ]
}

async function rowTexts(table: Locator): Promise<string[][]> {
  const rows = table.locator('tr.ant-table-row')
  const texts: string[][] = []
  for (const row of await rows.all())
    texts.push((await row.locator('td').allTextContents()).map((t) => t.trim()))
  return texts
}

describe('Dashboard', () => {
  test("an admin sees their organization's plan, licences and counts, and edits the organization", async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    // Sign-in still lands on the profile; the dashboard is the first menu entry.
    expect(new URL(page.url()).pathname).toBe('/admin/profile/show')
    const menu = page.getByRole('navigation', { name: 'Main menu' })
    expect((await menu.getByRole('link').allTextContents())[0]).toBe('Dashboard')
    await menu.getByRole('link', { name: 'Dashboard' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/dashboard')
    await visible(page.getByRole('heading', { name: 'Dashboard' }))

    const data = await dashboardData(page)
    expect(data.organization?.name).toBe('Harbour Workspaces')
    await visible(page.getByText('Harbour Workspaces', { exact: true }))
    expect(await detail(page, 'Plan').textContent()).toBe('Pro')
    expect(await detail(page, 'Licensed spaces').textContent()).toBe('25')
    const labels = { users: 'Active users', clientTypes: 'Client types', regions: 'Regions' }
    for (const [key, label] of Object.entries(labels)) {
      await visible(page.getByTestId(`count-${key}`).getByText(label, { exact: true }))
      expect(await statistic(page, key).textContent()).toBe(String(data.counts[key]))
    }
    await shot(page, 'dashboard-admin')

    await page.getByRole('button', { name: 'Edit organization' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/organization/edit/1')
    await visible(page.getByRole('heading', { name: 'Edit Organization' }))
  })

  test('the free plan shows as Free with its licences', async () => {
    const page = await app.signedInPage(logins.summitCsr)
    await page.goto('/admin/dashboard')
    await visible(page.getByText('Summit Business Centres', { exact: true }))
    expect(await detail(page, 'Plan').textContent()).toBe('Free')
    expect(await detail(page, 'Licensed spaces').textContent()).toBe('3')
    const data = await dashboardData(page)
    expect(await statistic(page, 'users').textContent()).toBe(String(data.counts.users))
  })

  test('super sees the platform figures and goes on to the organization list', async () => {
    const page = await app.signedInPage(logins.super)
    await page.getByRole('link', { name: 'Dashboard' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/dashboard')
    const data = await dashboardData(page)
    expect(data.organization).toBeNull()
    await visible(page.getByTestId('count-organizations').getByText('Active organizations', { exact: true }))
    expect(await statistic(page, 'organizations').textContent()).toBe(String(data.counts.organizations))
    expect(await statistic(page, 'users').textContent()).toBe(String(data.counts.users))
    await absent(page.getByRole('button', { name: 'Edit organization' }))
    await shot(page, 'dashboard-super')

    await page.getByRole('button', { name: 'Manage organizations' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/organization/list')
    await visible(page.getByRole('heading', { name: 'Organizations' }))
  })

  test("an admin sees today's and the next 7 days' bookings in the center's wall clock and opens one", async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.goto('/admin/dashboard')
    const { bookings } = await dashboardData(page)
    expect(bookings.upcoming.length).toBeGreaterThan(0)
    expect(bookings.upcoming.length).toBeLessThanOrEqual(20)

    const today = page.getByTestId('bookings-today')
    await visible(today.getByText("Today's bookings", { exact: true }))
    if (bookings.today.length === 0) await visible(today.getByText('No bookings today.'))
    else
      await eventually(() => rowTexts(today)).toEqual(
        bookings.today.map((b) => bookingCells(b, { date: false, organization: false })),
      )

    const upcoming = page.getByTestId('bookings-upcoming')
    await visible(upcoming.getByText('Upcoming bookings (next 7 days)', { exact: true }))
    await absent(upcoming.getByRole('columnheader', { name: 'Organization' }))
    await eventually(() => rowTexts(upcoming)).toEqual(
      bookings.upcoming.map((b) => bookingCells(b, { date: true, organization: false })),
    )
    await shot(page, 'dashboard-bookings')

    const first = bookings.upcoming[0] as DashboardBooking
    await upcoming.getByRole('link', { name: first.reference, exact: true }).click()
    await page.waitForURL((url) => url.pathname === `/admin/book/invoice/${first.id}`)
  })

  test('super sees the bookings of every organization with the organization name', async () => {
    const page = await app.signedInPage(logins.super)
    await page.goto('/admin/dashboard')
    const { bookings } = await dashboardData(page)
    const upcoming = page.getByTestId('bookings-upcoming')
    await visible(upcoming.getByRole('columnheader', { name: 'Organization' }))
    await eventually(() => rowTexts(upcoming)).toEqual(
      bookings.upcoming.map((b) => bookingCells(b, { date: true, organization: true })),
    )
    for (const b of [...bookings.today, ...bookings.upcoming])
      expect(['Harbour Workspaces', 'Summit Business Centres', 'Lagoon Coworking']).toContain(
        b.organization_name,
      )
  })
})
