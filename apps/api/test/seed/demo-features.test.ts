import { featureFlags, marketingMessages } from '@spaceboard/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { organizations } from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/** Plan features a demo cannot show: they need the organization's own Google or Microsoft account. */
const needsAnAccount = ['enable_calendar_booking', 'enable_ms_365']

describe('the demo data (issue 42 item 15)', () => {
  it('switches on every plan feature a new user can try, in at least one demo organization', async () => {
    const rows = await t.database.db.select({ features: organizations.features }).from(organizations)
    const on = new Set(
      rows.flatMap((row) => Object.keys(row.features ?? {}).filter((key) => row.features?.[key])),
    )
    expect(
      featureFlags.map((f) => f.key).filter((key) => !on.has(key) && !needsAnAccount.includes(key)),
    ).toEqual([])
  })

  it("lets the pro organization's admin take the marketing extract; a free one is told why not", async () => {
    const range = 'startDate=2026-01-01&endDate=2026-12-31'
    const harbour = await t.api(await t.signIn(logins.harbourAdmin), 'GET', `/api/marketing?${range}`)
    expect(harbour.statusCode, harbour.body).toBe(200)
    expect(harbour.json().data.length).toBeGreaterThan(0)
    const summit = await t.api(await t.signIn(logins.summitAdmin), 'GET', `/api/marketing?${range}`)
    expect([summit.statusCode, summit.json().message]).toEqual([
      403,
      "Direct marketing extract is not part of your organization's plan. Your platform administrator can switch it on in the organization's plan features (Super Admin panel).",
    ])
    expect(marketingMessages.notAvailable).toBe(summit.json().message)
  })
})
