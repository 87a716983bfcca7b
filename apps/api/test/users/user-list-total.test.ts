import { and, count, eq, ne, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { users } from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

/**
 * The users list reads its page alone and counts its total apart (platform/list.ts totalCount):
 * the total stays right on every page, and the count runs only when the page does not tell it.
 */
let t: TestApp
let superCookie: string
let harbourAdmin: string
const HARBOUR = 1
/** Users named "Pager" in Harbour, found by the search "pager". */
const PAGERS = 45

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  await t.database.db.execute(sql`
    insert into users (organization_id, type, first_name, last_name, email, password_hash)
    select ${HARBOUR}, 'basic', 'Pager', 'Number ' || lpad(g::text, 2, '0'), 'pager.' || g || '@example.test', 'x'
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
  t.api(cookie, 'GET', `/api/user${query}`, undefined, range)

describe('GET /api/user total', () => {
  it('is right on the first page, a middle page, the last page and past the end', async () => {
    const ranges = { '0-19': '0-19/45', '20-39': '20-39/45', '40-59': '40-44/45', '60-79': '*/45' }
    for (const [range, expected] of Object.entries(ranges)) {
      const response = await list(harbourAdmin, '?search=pager', range)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-range'], range).toBe(expected)
    }
    const last = (await list(harbourAdmin, '?search=pager', '40-59')).json()
    expect(last.map((u: { last_name: string }) => u.last_name)).toEqual(
      ['41', '42', '43', '44', '45'].map((n) => `Number ${n}`),
    )
  })

  it('counts every user of the organization, and every one for super, as the rows do', async () => {
    const [harbour] = await t.database.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.organizationId, HARBOUR), ne(users.type, 'super')))
    const admin = await list(harbourAdmin, '', '0-19')
    expect(admin.headers['content-range']).toBe(`0-19/${harbour?.n}`)
    const all = (await list(superCookie, '?all=1', '0-19')).json()
    const first = await list(superCookie, '', '0-19')
    expect(first.headers['content-range']).toBe(`0-19/${all.length}`)
    const beyond = await list(superCookie, '', `${all.length}-${all.length + 19}`)
    expect(beyond.headers['content-range']).toBe(`*/${all.length}`)
  })

  it('counts with the joins a search or the inactive-organization filter reads', async () => {
    const inactive = '?search=pager&excludeInactiveOrganizations=1'
    expect((await list(superCookie, inactive, '0-19')).headers['content-range']).toBe('0-19/45')
    expect((await list(superCookie, inactive, '100-119')).headers['content-range']).toBe('*/45')
  })

  it('reads the page without a window count, and counts only when the page does not tell the total', async () => {
    const short = await statementsOf(() => list(harbourAdmin, '?search=pager%20number%200', '0-19'))
    expect(short.some((s) => s.includes('over ()'))).toBe(false)
    expect(short.some((s) => /select count\(\*\) from "users"/.test(s))).toBe(false)

    const last = await statementsOf(() => list(harbourAdmin, '?search=pager', '40-59'))
    expect(last.some((s) => /select count\(\*\) from "users"/.test(s))).toBe(false)

    const full = await statementsOf(() => list(harbourAdmin, '?search=pager', '0-19'))
    expect(full.filter((s) => /select count\(\*\) from "users"/.test(s))).toHaveLength(1)
  })
})
