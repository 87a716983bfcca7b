import { count, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { clients } from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

/**
 * The clients list reads its page alone and counts its total apart (platform/list.ts totalCount):
 * the total stays right on every page, and the count runs only when the page does not tell it.
 */
let t: TestApp
let superCookie: string
let harbourAdmin: string
const HARBOUR = 1
/** Clients named "Pager" in Harbour, found by the search "pager". */
const PAGERS = 45

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  await t.database.db.execute(sql`
    insert into clients (organization_id, name, contact_email)
    select ${HARBOUR}, 'Pager ' || lpad(g::text, 2, '0'), 'pager.' || g || '@example.test'
    from generate_series(1, ${PAGERS}) g`)
})
afterAll(() => t.close())
afterEach(() => vi.restoreAllMocks())

/** The SQL of every statement the request runs. */
async function statementsOf(run: () => Promise<unknown>) {
  const session = Object.getPrototypeOf(t.database.db._.session)
  const prepare = vi.spyOn(session, 'prepareQuery')
  await run()
  const statements = prepare.mock.calls.map(([query]) => (query as { sql: string }).sql)
  prepare.mockRestore()
  return statements
}

const list = (cookie: string, query: string, range: string) =>
  t.api(cookie, 'GET', `/api/client${query}`, undefined, range)
const clientCount = /select count\(\*\) from "clients"/

describe('GET /api/client total', () => {
  it('is right on the first page, a middle page, the last page and past the end', async () => {
    const ranges = { '0-19': '0-19/45', '20-39': '20-39/45', '40-59': '40-44/45', '60-79': '*/45' }
    for (const [range, expected] of Object.entries(ranges)) {
      const response = await list(harbourAdmin, '?search=pager', range)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-range'], range).toBe(expected)
    }
    const last = (await list(harbourAdmin, '?search=pager', '40-59')).json()
    expect(last.map((c: { name: string }) => c.name)).toEqual(
      ['41', '42', '43', '44', '45'].map((n) => `Pager ${n}`),
    )
  })

  it('counts every client of the organization, and every one for super', async () => {
    const [harbour] = await t.database.db
      .select({ n: count() })
      .from(clients)
      .where(eq(clients.organizationId, HARBOUR))
    const [every] = await t.database.db.select({ n: count() }).from(clients)
    expect((await list(harbourAdmin, '', '0-19')).headers['content-range']).toBe(`0-19/${harbour?.n}`)
    expect((await list(superCookie, '', '0-19')).headers['content-range']).toBe(`0-19/${every?.n}`)
    expect((await list(superCookie, '', '1000-1019')).headers['content-range']).toBe(`*/${every?.n}`)
  })

  it('reads the page without a window count, and counts only when the page does not tell the total', async () => {
    const short = await statementsOf(() => list(harbourAdmin, '?search=pager%200', '0-19'))
    expect(short.some((s) => s.includes('over ()'))).toBe(false)
    expect(short.some((s) => clientCount.test(s))).toBe(false)

    const last = await statementsOf(() => list(harbourAdmin, '?search=pager', '40-59'))
    expect(last.some((s) => clientCount.test(s))).toBe(false)

    const full = await statementsOf(() => list(harbourAdmin, '?search=pager', '0-19'))
    expect(full.filter((s) => clientCount.test(s))).toHaveLength(1)
  })
})
