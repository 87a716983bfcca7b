import {
  REPORT_SHEET_NAME,
  type ReportResult,
  type ReportType,
  reportMessages,
  reportTypeOptions,
  reportUsesFilter,
} from '@spaceboard/domain'
import ExcelJS from 'exceljs'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { formatReportValue, rowCurrency } from '../src/features/reports/report-values.ts'
import type { OrganizationOption } from '../src/platform/organization-options.ts'
import { logins, seriousViolations, setupE2eApp, shot, toast, visible } from './support.ts'
import { choose, openOption } from './ui.ts'

const app = setupE2eApp()

type Json = Record<string, unknown>

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path)
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as T
}

/** Saves an organization as its form would, with some fields changed (super). */
async function saveOrganization(page: Page, id: number, changes: (view: Json) => Json): Promise<void> {
  const view = await getJson<Json>(page, `/api/organization/${id}`)
  const form: Json = { ...view }
  for (const key of [
    'id',
    'color_code',
    'charge_amenities',
    'ms365_client_secret_set',
    'stripe_secret_key_set',
    'api_token_set',
    'web_api_token_set',
    'created_at',
    'deleted_at',
  ])
    delete form[key]
  const credentials = view.thirdPartyCredentials as Json
  form.thirdPartyCredentials = { customer_name: credentials.customer_name, username: credentials.username }
  const response = await page.request.put(`/api/organization/${id}`, { data: { ...form, ...changes(view) } })
  expect(response.status(), await response.text()).toBe(200)
}

/** The report the API makes of the screen's defaults (this month, all locations …) for the organization. */
async function reportOf(page: Page, type: ReportType, organizationId: number): Promise<ReportResult> {
  const org = reportUsesFilter(type, 'organization') ? `&org_id=${organizationId}` : ''
  const answer = await getJson<{ data: ReportResult[] }>(page, `/api/reports?report_type=${type}${org}`)
  return answer.data[0] as ReportResult
}

const reportArea = (page: Page) => page.getByRole('region', { name: 'Report' })

/** The screen shows the report: its filters caption, a canvas per chart, and its tables with the API's figures. */
async function expectShown(page: Page, result: ReportResult): Promise<void> {
  const area = reportArea(page)
  await visible(area.getByText(result.label, { exact: true }))
  for (const filter of result.filters) await visible(area.getByText(filter.value, { exact: true }))
  for (const chart of result.charts) await visible(area.getByRole('img', { name: chart.title, exact: true }))
  expect(await area.locator('canvas').count()).toBe(result.charts.length)
  expect(result.tables.length).toBeGreaterThan(0)
  for (const expected of result.tables) {
    const table = area
      .locator('.ant-table-wrapper')
      .filter({ has: page.locator('.ant-table-title').getByText(expected.title, { exact: true }) })
      .first()
    await visible(table)
    const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.trim())
    expect(headers).toEqual(expected.columns.map((c) => c.title))
    const rows = table.locator('tbody tr.ant-table-row')
    await expect.poll(() => rows.count()).toBe(expected.rows.length)
    const first = expected.rows[0]
    if (first) {
      const cells = (await rows.first().locator('td').allInnerTexts()).map((c) => c.trim())
      expect(cells).toEqual(
        expected.columns.map((c) =>
          formatReportValue(first[c.key], c.kind, rowCurrency(first, result.currency_code)),
        ),
      )
    }
  }
}

/** The workbook's cells, row by row (values as exceljs reads them). */
async function workbookRows(file: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(file)
  expect(workbook.worksheets.map((w) => w.name)).toEqual([REPORT_SHEET_NAME])
  const rows: unknown[][] = []
  workbook.getWorksheet(REPORT_SHEET_NAME)?.eachRow((r) => rows.push((r.values as unknown[]).slice(1)))
  return rows
}

const exported: ReportType[] = ['dayOfTheWeek', 'clientTypeRevenue']

describe('Reports (/admin/reports)', () => {
  // Twelve reports generated and checked one after the other: minutes on a loaded two-core machine.
  test('super: the organization first, then every type generated with its chart and table, two exported and read back', async () => {
    const page = await app.signedInPage(logins.super)
    const organizations = await getJson<OrganizationOption[]>(page, '/api/organization/options')
    const byName = (name: string) => organizations.find((o) => o.name === name) as OrganizationOption
    const harbour = byName('Harbour Workspaces')
    // Harbour gets the organization-level benchmarking; Lagoon is left out of reporting.
    await saveOrganization(page, harbour.id, (view) => ({
      features: { ...(view.features as Json), industry_benchmarking_report: true },
    }))
    await saveOrganization(page, byName('Lagoon Coworking').id, () => ({ exclude_from_reporting: true }))

    await page.getByRole('menuitem', { name: 'Reports' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/reports')
    await visible(page.getByRole('heading', { name: 'Reports', level: 1 }))

    const reportCalls: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.startsWith('/api/reports')) reportCalls.push(url.search)
    })
    await choose(page, 'Report Type', 'Organizational Booking Data', 'Organizational')
    await page.getByRole('button', { name: 'Generate' }).click()
    await visible(toast(page, reportMessages.selectOrganizationFirst))
    expect(reportCalls).toEqual([])
    expect(await (await openOption(page, 'Organization', 'Lagoon Coworking')).count()).toBe(0)
    await page.keyboard.press('Escape')
    await choose(page, 'Organization', 'Harbour Workspaces', 'Harbour')

    for (const { value: type, label } of reportTypeOptions(true, true)) {
      await choose(page, 'Report Type', label, label)
      // A new type clears the charts and shows its own filters.
      await expect.poll(() => reportArea(page).locator('canvas').count()).toBe(0)
      expect(await page.getByLabel('Organization', { exact: true }).count()).toBe(
        reportUsesFilter(type, 'organization') ? 1 : 0,
      )
      expect(await page.getByLabel('Group By', { exact: true }).count()).toBe(
        reportUsesFilter(type, 'groupBy') ? 1 : 0,
      )
      const expected = await reportOf(page, type, harbour.id)
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/reports')
      await page.getByRole('button', { name: 'Generate' }).click()
      const response = await answered
      expect(response.status()).toBe(200)
      expect(new URL(response.url()).searchParams.get('org_id')).toBe(
        reportUsesFilter(type, 'organization') ? String(harbour.id) : null,
      )
      await expectShown(page, expected)
      await shot(page, `report-${type}`)

      const exportButton = page.getByRole('button', { name: /Excel Export/ })
      if (type === 'bcIndustryBenchmarking') expect(await exportButton.count()).toBe(0)
      if (!exported.includes(type)) continue
      const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()])
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/)
      const cells = (await workbookRows(await download.path())).flat()
      const table = expected.tables[0]
      expect(cells).toEqual(
        expect.arrayContaining([table?.title, ...(table?.columns.map((c) => c.title) ?? [])]),
      )
      const first = table?.rows[0]
      if (first) {
        // The workbook holds a percent as its fraction (formatted 0.00%).
        const values = table.columns
          .map((c) =>
            c.kind === 'percent' && typeof first[c.key] === 'number'
              ? (first[c.key] as number) / 100
              : first[c.key],
          )
          .filter((v) => v !== null && v !== '')
        expect(cells).toEqual(expect.arrayContaining(values))
      }
    }

    // Clearing the type resets the form: the organization is to be chosen again.
    await page
      .locator('.ant-select')
      .filter({ has: page.getByLabel('Report Type', { exact: true }) })
      .hover()
    await page.locator('.ant-select-clear').first().click()
    await choose(page, 'Report Type', 'Busy Day of the Week', 'Busy Day')
    const calls = reportCalls.length
    await page.getByRole('button', { name: 'Generate' }).click()
    await visible(toast(page, reportMessages.selectOrganizationFirst))
    expect(reportCalls.length).toBe(calls)

    // All Organizations, for the reports that offer it: no location filter, every organization's figures.
    await choose(page, 'Organization', 'All Organizations', 'All Org')
    expect(await page.getByLabel('Location', { exact: true }).count()).toBe(0)
    const allAnswered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/reports')
    await page.getByRole('button', { name: 'Generate' }).click()
    const all = await allAnswered
    expect([all.status(), new URL(all.url()).searchParams.get('org_id')]).toEqual([200, 'All'])
    await visible(reportArea(page).getByText('All Organizations'))
    // A money report is per organization: the choice goes, and is not offered.
    await choose(page, 'Report Type', 'Voucher Usage', 'Voucher')
    expect(await (await openOption(page, 'Organization', 'All Organizations')).count()).toBe(0)
    await page.keyboard.press('Escape')
  }, 300_000)

  test('admin: no organization selector, their own organization’s report', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    await page.getByRole('menuitem', { name: 'Reports' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/reports')
    // Harbour has the organization-level benchmarking (the test above), never the one across organizations.
    expect(await (await openOption(page, 'Report Type', 'Industry Benchmarking')).count()).toBe(1)
    await page.keyboard.press('Escape')
    await choose(page, 'Report Type', 'Busy Day of the Week', 'Busy Day')
    expect(await page.getByLabel('Organization', { exact: true }).count()).toBe(0)
    const expected = (await getJson<{ data: ReportResult[] }>(page, '/api/reports?report_type=dayOfTheWeek'))
      .data[0] as ReportResult
    expect(expected.organization?.name).toBe('Harbour Workspaces')
    await page.getByRole('button', { name: 'Generate' }).click()
    await expectShown(page, expected)
    // The screen with a report (filters, chart, table) has no serious or critical WCAG 2.2 AA violation.
    expect(await seriousViolations(page)).toEqual([])
    expect(
      await (await openOption(page, 'Report Type', 'Industry Benchmarking across Organizations')).count(),
    ).toBe(0)
  }, 180_000)
})
