import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, logins, statementsRunBy, type TestApp } from '../helpers.ts'

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
  const { result: response, statements } = await statementsRunBy(t.database, () =>
    t.api(superCookie, 'GET', url, undefined, range),
  )
  expect(response.statusCode, url).toBe(200)
  return statements
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
