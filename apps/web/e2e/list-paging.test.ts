import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { eventually, logins, query, setupE2eApp, shot, visible } from './support.ts'

const app = setupE2eApp()

function countryListCall(page: Page) {
  return page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/api/country' && request.method() === 'GET',
  )
}

async function firstNames(page: Page): Promise<string[]> {
  const cells = page.locator('.ant-table-tbody tr.ant-table-row td:first-child')
  await cells.first().waitFor()
  return cells.allTextContents()
}

describe('List pages (countries)', () => {
  test('page and sort live in the URL, ask the right Range and survive a reload', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    const first = countryListCall(page)
    // An old link with the cache-buster: `random` is no part of a list's URL nor of its call (issue 15 item 16).
    await page.goto('/admin/country/list?random=12345')
    const firstCall = await first
    expect(firstCall.headers().range).toBe('0-19')
    expect(new URL(firstCall.url()).searchParams.has('random')).toBe(false)
    const pageOne = await firstNames(page)
    expect(pageOne).toHaveLength(20)
    const pager = page.locator('.ant-pagination')
    await visible(pager)

    const second = countryListCall(page)
    await pager.getByTitle('2', { exact: true }).click()
    expect((await second).headers().range).toBe('20-39')
    await page.waitForURL((url) => url.searchParams.get('page') === '2')
    expect(query(page).random).toBeUndefined()
    await expect.poll(async () => (await firstNames(page))[0]).not.toBe(pageOne[0])
    const pageTwo = await firstNames(page)

    await page.reload()
    expect(query(page).page).toBe('2')
    await expect.poll(() => firstNames(page)).toEqual(pageTwo)

    // Sort by Name: ascending, then descending; the URL says so and a reload keeps it.
    const name = page.getByRole('columnheader', { name: 'Name' })
    await name.click()
    await page.waitForURL((url) => url.searchParams.get('order') === 'name')
    expect(query(page)).toMatchObject({ order: 'name', direct: 'asc', page: '1' })
    await name.click()
    await page.waitForURL((url) => url.searchParams.get('direct') === 'desc')
    const descending = await (async () => {
      await expect.poll(async () => (await firstNames(page))[0]).not.toBe(pageOne[0])
      return firstNames(page)
    })()
    expect([...descending].sort((a, b) => b.localeCompare(a))).toEqual(descending)
    await shot(page, 'countries-sorted-desc')

    await page.reload()
    expect(query(page)).toMatchObject({ order: 'name', direct: 'desc', page: '1' })
    await expect.poll(() => firstNames(page)).toEqual(descending)
    expect(await name.getAttribute('aria-sort')).toBe('descending')

    // A search that fits one page hides the pager.
    const search = page.getByRole('searchbox', { name: 'Search' })
    await search.fill('land')
    await search.press('Enter')
    await page.waitForURL((url) => url.searchParams.get('search') === 'land')
    await expect.poll(() => pager.count()).toBe(0)
    await page.reload()
    // The list fills its search box from the address once the app has rendered after the load.
    await expect.poll(() => search.inputValue()).toBe('land')

    // Any printable text is a search: an apostrophe is neither refused nor emptied (issue 15 item 15).
    await search.fill("O'Brien")
    await search.press('Enter')
    await page.waitForURL((url) => url.searchParams.get('search') === "O'Brien")
    await eventually(() => search.inputValue()).toBe("O'Brien")
    expect(await page.getByText('Search cannot contain control characters.').count()).toBe(0)
    await page.reload()
    await eventually(() => search.inputValue()).toBe("O'Brien")
  })

  test('a hand-edited URL with bad values or a page past the end still shows the list', async () => {
    const page = await app.signedInPage(logins.summitCsr)
    await page.goto('/admin/country/list?order=bogus&direct=up&page=-4')
    await expect.poll(() => firstNames(page)).toHaveLength(20)
    expect(await page.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBeNull()

    await page.goto('/admin/country/list?page=99')
    await page.waitForURL((url) => url.searchParams.get('page') !== '99')
    const last = Number(query(page).page)
    expect(last).toBeGreaterThan(1)
    expect(last).toBeLessThan(99)
    expect((await firstNames(page)).length).toBeGreaterThan(0)
    await visible(page.locator('.ant-pagination-item-active').getByText(String(last), { exact: true }))
  })
})
