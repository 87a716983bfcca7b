import { addDays, marketingExtractColumns, marketingMessages, wallClock } from '@spaceboard/domain'
import ExcelJS from 'exceljs'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { eventually, logins, setupE2eApp, shot, toast, visible } from './support.ts'
import { choose, openOption } from './ui.ts'

const app = setupE2eApp()

/** The demo's Harbour Workspaces books around today in Sydney. */
const today = wallClock(new Date(), 'Australia/Sydney').date
const from = addDays(today, -60)
const to = addDays(today, 60)
/** YYYY-MM-DD → DD-MM-YYYY, as Harbour (dd/mm) writes dates in the pickers. */
const shown = (iso: string) => iso.split('-').reverse().join('-')

async function pickDate(page: Page, label: string, iso: string) {
  const input = page.getByLabel(label, { exact: true })
  await input.click()
  await input.fill(shown(iso))
  await input.press('Enter')
}

async function sheetRows(path: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(path)
  const rows: unknown[][] = []
  workbook.worksheets[0]?.eachRow((r) => rows.push((r.values as unknown[]).slice(1)))
  return rows
}

describe('Direct Marketing Extract (/admin/direct-marketing-extract-pro)', () => {
  test('says what is missing, then downloads the clients and bookers of the dates; hidden without the feature', async () => {
    // Summit (free plan) has no direct_marketing: no menu entry, and the screen says why.
    const admin = await app.signedInPage(logins.summitAdmin)
    expect(await admin.getByRole('menuitem', { name: 'Marketing Extract' }).count()).toBe(0)
    await admin.goto('/admin/direct-marketing-extract-pro')
    await visible(admin.getByText(marketingMessages.notAvailable))
    await shot(admin, 'marketing-extract-not-in-plan')
    // Harbour (pro plan) has it: the demo shows it working.
    const harbourAdmin = await app.signedInPage(logins.harbourAdmin)
    await harbourAdmin.getByRole('menuitem', { name: 'Marketing Extract' }).click()
    await visible(harbourAdmin.getByRole('heading', { name: 'Direct Marketing Extract' }))

    const page = await app.signedInPage(logins.super)
    await page.getByRole('menuitem', { name: 'Marketing Extract' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/direct-marketing-extract-pro')
    await visible(page.getByRole('heading', { name: 'Direct Marketing Extract' }))
    const download = () => page.getByRole('button', { name: 'Download' }).click()

    await download()
    await visible(toast(page, marketingMessages.selectStartDate))
    await pickDate(page, 'Start date', to)
    await download()
    await visible(toast(page, marketingMessages.selectEndDate))
    await pickDate(page, 'End date', from)
    await download()
    await visible(toast(page, marketingMessages.startBeforeEnd))
    await pickDate(page, 'Start date', from)
    await pickDate(page, 'End date', to)
    await download()
    await visible(toast(page, marketingMessages.selectOrganization))
    await choose(page, 'Organization', 'Harbour Workspaces', 'Harbour')
    expect(await (await openOption(page, 'Locations', 'All Locations')).isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await shot(page, 'marketing-extract')

    const [file] = await Promise.all([page.waitForEvent('download'), download()])
    expect(file.suggestedFilename()).toBe(`Marketing Extract ${from} ${to}.xlsx`)
    const [headers, ...rows] = await sheetRows(await file.path())
    expect(headers).toEqual([...marketingExtractColumns])
    const options = (await (await page.request.get('/api/organization/options')).json()) as {
      id: number
      name: string
    }[]
    const harbour = options.find((o) => o.name === 'Harbour Workspaces')?.id
    const answer = await page.request.get(
      `/api/marketing?startDate=${from}&endDate=${to}&organization_id=${harbour}`,
    )
    const json = (await answer.json()) as { data: Record<string, unknown>[] }
    expect(rows.length).toBeGreaterThan(0)
    expect(rows).toEqual(json.data.map((row) => marketingExtractColumns.map((column) => row[column])))

    // Nobody booked in 2001.
    await pickDate(page, 'Start date', '2001-01-01')
    await pickDate(page, 'End date', '2001-01-31')
    await download()
    await visible(toast(page, marketingMessages.noRecord))

    await page.getByRole('button', { name: 'Reset Filter' }).click()
    await eventually(() => page.getByLabel('Start date', { exact: true }).inputValue()).toBe('')
    await eventually(() => page.getByLabel('End date', { exact: true }).inputValue()).toBe('')
  })
})
