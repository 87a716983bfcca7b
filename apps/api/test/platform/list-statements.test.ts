import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

/**
 * Every list's page runs as a named prepared statement built once per shape, its values as
 * placeholders: the same shape asked twice, with other values, is the same statement.
 */
let t: TestApp
let superCookie: string

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
})
afterAll(() => t.close())

/** The name and SQL of every statement the request runs. */
async function statementsOf(url: string, range: string) {
  const session = Object.getPrototypeOf(t.database.db._.session)
  const prepare = vi.spyOn(session, 'prepareQuery')
  try {
    const response = await t.api(superCookie, 'GET', url, undefined, range)
    expect(response.statusCode, url).toBe(200)
    return prepare.mock.calls.map(([query, , name]) => ({
      name: name as string | undefined,
      sql: (query as { sql: string }).sql,
    }))
  } finally {
    prepare.mockRestore()
  }
}

const lists = {
  '/api/amenity': 'amenity_list',
  '/api/rule': 'cancel_rule_list',
  '/api/center': 'center_list',
  '/api/client-types': 'client_type_list',
  '/api/client': 'client_list',
  '/api/country': 'country_list',
  '/api/global-region': 'global_region_list',
  '/api/meetingroom': 'space_list',
  '/api/organization': 'organization_list',
  '/api/package': 'package_list',
  '/api/region': 'region_list',
  '/api/user': 'user_list',
  '/api/voucher': 'voucher_list',
}

describe('list pages', () => {
  for (const [path, name] of Object.entries(lists)) {
    it(`${path} runs one prepared statement per shape, whatever the values`, async () => {
      const first = await statementsOf(`${path}?search=a&organization_id=1`, '0-19')
      const again = await statementsOf(`${path}?search=zzz&organization_id=2`, '20-29')
      const page = first.find((s) => s.name?.startsWith(`${name}_`))
      expect(page, path).toBeDefined()
      expect(again.find((s) => s.name === page?.name)?.sql).toBe(page?.sql)
    })
  }
})
