import { count, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { clients } from '../../src/db/schema/index.ts'
import { createTestApp, logins, statementsRunBy, type TestApp } from '../helpers.ts'

/**
 * The clients list reads its page alone and counts its total apart (platform/list.ts totalCount):
 * the total stays right on every page, and the count runs only when the page does not tell it.
 */
let t: TestApp
let superCookie: string
let harbourAdmin: string
let summitAdmin: string
const HARBOUR = 1
/** Clients named "Pager" in Harbour, found by the search "pager". */
const PAGERS = 45

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  summitAdmin = await t.signIn(logins.summitAdmin)
  await t.database.db.execute(sql`
    insert into clients (organization_id, name, contact_email)
    select ${HARBOUR}, 'Pager ' || lpad(g::text, 2, '0'), 'pager.' || g || '@example.test'
    from generate_series(1, ${PAGERS}) g`)
})
afterAll(() => t.close())
afterEach(() => vi.restoreAllMocks())

/** The SQL of every statement the request runs. */
async function statementsOf(run: () => Promise<unknown>) {
  const { statements } = await statementsRunBy(t.database, run)
  return statements.map((statement) => statement.sql)
}

const list = (cookie: string, query: string, range: string) =>
  t.api(cookie, 'GET', `/api/client${query}`, undefined, range)
const clientCount = /select count\(\*\) from "clients"/

async function harbourClients() {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(clients)
    .where(eq(clients.organizationId, HARBOUR))
  return row?.n ?? 0
}

/** Content-Range of the first page, a middle page, the last page and a page past the end. */
async function rangesOf(cookie: string, query: string, total: number) {
  const last = total - (total % 20)
  const ranges = ['0-19', '20-39', `${last}-${last + 19}`, `${last + 20}-${last + 39}`]
  const answers = []
  for (const range of ranges) {
    const response = await list(cookie, query, range)
    expect(response.statusCode).toBe(200)
    answers.push(response.headers['content-range'])
  }
  return answers
}

describe('GET /api/client total', () => {
  it('is right on the first page, a middle page, the last page and past the end, searched or not', async () => {
    expect(await rangesOf(harbourAdmin, '?search=pager', PAGERS)).toEqual([
      '0-19/45',
      '20-39/45',
      '40-44/45',
      '*/45',
    ])
    const last = (await list(harbourAdmin, '?search=pager', '40-59')).json()
    expect(last.map((c: { name: string }) => c.name)).toEqual(
      ['41', '42', '43', '44', '45'].map((n) => `Pager ${n}`),
    )
    const n = await harbourClients()
    const last20 = n - (n % 20)
    expect(await rangesOf(harbourAdmin, '', n)).toEqual([
      `0-19/${n}`,
      `20-39/${n}`,
      `${last20}-${n - 1}/${n}`,
      `*/${n}`,
    ])
  })

  it('counts every client for super', async () => {
    const [every] = await t.database.db.select({ n: count() }).from(clients)
    expect((await list(superCookie, '', '0-19')).headers['content-range']).toBe(`0-19/${every?.n}`)
    expect((await list(superCookie, '', '1000-1019')).headers['content-range']).toBe(`*/${every?.n}`)
  })

  it('without a search, reads the page without a window count and counts only when the page does not tell the total', async () => {
    const short = await statementsOf(() => list(summitAdmin, '', '0-19'))
    expect(short.some((s) => s.includes('over ()'))).toBe(false)
    expect(short.some((s) => clientCount.test(s))).toBe(false)

    const n = await harbourClients()
    const last = await statementsOf(() => list(harbourAdmin, '', `${n - 5}-${n + 14}`))
    expect(last.some((s) => clientCount.test(s))).toBe(false)

    const full = await statementsOf(() => list(harbourAdmin, '', '0-19'))
    expect(full.some((s) => s.includes('over ()'))).toBe(false)
    expect(full.filter((s) => clientCount.test(s))).toHaveLength(1)
  })

  it('with a search, counts in the page: the filter reads every client once', async () => {
    const full = await statementsOf(() => list(harbourAdmin, '?search=pager', '0-19'))
    expect(full.some((s) => s.includes('over ()'))).toBe(true)
    expect(full.some((s) => clientCount.test(s))).toBe(false)
  })
})
