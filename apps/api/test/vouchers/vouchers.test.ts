import { messages, permissionRefusal, voucherMessages } from '@spaceboard/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vouchers } from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

let t: TestApp
let superCookie: string
let harbourAdmin: string
let harbourCsr: string
let summitAdmin: string

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  harbourCsr = await t.signIn(logins.harbourCsr)
  summitAdmin = await t.signIn(logins.summitAdmin)
})
afterAll(() => t.close())

interface Voucher {
  id: number
  organization_id: number
  organizationName: string
  code: string
  type: 'percent' | 'fixed'
  value: number
  valid_from: string
  valid_to: string
  is_active: boolean
  updated_at: string
}

/** YYYY-MM-DD of today (UTC, as the demo seed counts its days) plus whole days. */
function day(offset = 0): string {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset))
    .toISOString()
    .slice(0, 10)
}

const voucher = (change: object = {}) => ({
  code: 'AUTUMN20',
  type: 'percent',
  value: '20',
  valid_from: day(0),
  valid_to: day(60),
  is_active: true,
  ...change,
})

async function list(cookie: string, query = '') {
  const response = await t.api(cookie, 'GET', `/api/voucher${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as Voucher[]
}

async function harbourVoucher(code: string) {
  const found = (await list(harbourAdmin, `?search=${code}`)).find((v) => v.code === code)
  if (!found) throw new Error(`no voucher ${code}`)
  return found
}

describe('GET /api/voucher', () => {
  it("lists the organization's vouchers ordered by code, with Range and Content-Range", async () => {
    const response = await t.api(harbourAdmin, 'GET', '/api/voucher?order=code&direct=asc', undefined, '0-1')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-range']).toBe('0-1/3')
    expect(response.json().map((v: Voucher) => v.code)).toEqual(['SAVE25', 'SPRING15'])
    const [save25] = response.json() as Voucher[]
    expect(save25).toMatchObject({
      organization_id: 1,
      organizationName: 'Harbour Workspaces',
      type: 'fixed',
      value: 25,
      valid_from: day(-7),
      valid_to: day(90),
      is_active: true,
    })
    const next = await t.api(harbourAdmin, 'GET', '/api/voucher?order=code&direct=asc', undefined, '2-3')
    expect(next.headers['content-range']).toBe('2-2/3')
    expect(next.json().map((v: Voucher) => v.code)).toEqual(['WELCOME10'])
  })

  it('sorts by each order key and searches the code', async () => {
    expect((await list(harbourAdmin, '?order=value&direct=desc')).map((v) => v.value)).toEqual([25, 15, 10])
    expect((await list(harbourAdmin, '?order=valid_to&direct=asc')).map((v) => v.code)).toEqual([
      'SPRING15',
      'SAVE25',
      'WELCOME10',
    ])
    for (const order of ['type', 'valid_from', 'is_active', 'updated_at']) {
      expect(await list(harbourAdmin, `?order=${order}&direct=desc`)).toHaveLength(3)
    }
    expect((await list(harbourAdmin, '?search=come')).map((v) => v.code)).toEqual(['WELCOME10'])
    expect((await list(harbourAdmin, '?search=save25')).map((v) => v.code)).toEqual(['SAVE25'])
    expect(await list(harbourAdmin, '?search=NOPE')).toEqual([])
    const badOrder = await t.api(harbourAdmin, 'GET', '/api/voucher?order=organization_id')
    expect(badOrder.statusCode).toBe(400)
    expect(badOrder.json().message).toBe(
      messages.invalidOrder(['code', 'type', 'value', 'valid_from', 'valid_to', 'is_active', 'updated_at']),
    )
  })

  it('lists every organization for super, one organization when named', async () => {
    const all = await list(superCookie, '?order=code')
    expect(all).toHaveLength(9)
    expect(new Set(all.map((v) => v.organizationName))).toEqual(
      new Set(['Harbour Workspaces', 'Summit Business Centres', 'Lagoon Coworking']),
    )
    const summit = await list(superCookie, '?organization_id=2')
    expect(summit.map((v) => v.organizationName)).toEqual(Array(3).fill('Summit Business Centres'))
    // A non-super user's organization_id is ignored: they see their own.
    expect((await list(harbourAdmin, '?organization_id=2')).map((v) => v.organization_id)).toEqual([1, 1, 1])
    expect((await list(harbourCsr, '')).map((v) => v.organization_id)).toEqual([1, 1, 1])
  })

  it('all=1 with a date gives the active vouchers valid that day (pickers)', async () => {
    const today = await list(harbourAdmin, `?all=1&date=${day(0)}`)
    expect(today.map((v) => v.code)).toEqual(['SAVE25', 'WELCOME10'])
    expect((await list(harbourAdmin, `?all=1&date=${day(-60)}`)).map((v) => v.code)).toEqual(['SPRING15'])
    expect((await list(harbourAdmin, `?all=1&date=${day(200)}`)).map((v) => v.code)).toEqual(['WELCOME10'])
    // The last day counts; the day after does not.
    expect((await list(harbourAdmin, `?all=1&date=${day(90)}`)).map((v) => v.code)).toEqual([
      'SAVE25',
      'WELCOME10',
    ])
    expect((await list(harbourAdmin, `?all=1&date=${day(91)}`)).map((v) => v.code)).toEqual(['WELCOME10'])
    expect(await list(summitAdmin, `?all=1&date=${day(0)}`)).toHaveLength(2)
    expect((await list(superCookie, `?all=1&date=${day(0)}&organization_id=3`)).map((v) => v.code)).toEqual([
      'SAVE25',
      'WELCOME10',
    ])
    const bad = await t.api(harbourAdmin, 'GET', '/api/voucher?all=1&date=2026-02-30')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors.date).toBe('Date must be a real date: 2026-02-30 does not exist.')
  })

  it('refuses anonymous callers', async () => {
    expect((await t.api(null, 'GET', '/api/voucher')).statusCode).toBe(401)
    expect((await t.api(null, 'GET', '/api/voucher/1')).statusCode).toBe(401)
  })
})

describe('GET /api/voucher/{id}', () => {
  it('answers the voucher to its organization and to super; 404 to another organization', async () => {
    const welcome = await harbourVoucher('WELCOME10')
    const own = await t.api(harbourCsr, 'GET', `/api/voucher/${welcome.id}`)
    expect(own.statusCode).toBe(200)
    expect(own.json()).toMatchObject({ code: 'WELCOME10', type: 'percent', value: 10, organization_id: 1 })
    expect((await t.api(superCookie, 'GET', `/api/voucher/${welcome.id}`)).json().code).toBe('WELCOME10')
    const foreign = await t.api(summitAdmin, 'GET', `/api/voucher/${welcome.id}`)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual({ message: messages.notFound })
    expect((await t.api(harbourAdmin, 'GET', '/api/voucher/999999')).statusCode).toBe(404)
    expect((await t.api(harbourAdmin, 'GET', '/api/voucher/abc')).statusCode).toBe(400)
  })
})

describe('POST /api/voucher', () => {
  it('adds a voucher to the actor’s organization, trimming the code and keeping two decimals', async () => {
    const response = await t.api(harbourAdmin, 'POST', '/api/voucher', voucher({ code: ' AUTUMN-20 ' }))
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toMatchObject({
      code: 'AUTUMN-20',
      type: 'percent',
      value: 20,
      valid_from: day(0),
      valid_to: day(60),
      is_active: true,
      organization_id: 1,
      organizationName: 'Harbour Workspaces',
    })
    const fixed = await t.api(
      harbourAdmin,
      'POST',
      '/api/voucher',
      voucher({ code: 'GIFT150', type: 'fixed', value: 150.5, is_active: false, organization_id: 2 }),
    )
    expect(fixed.statusCode).toBe(201)
    // A non-super user's organization_id is ignored.
    expect(fixed.json()).toMatchObject({ value: 150.5, is_active: false, organization_id: 1 })
    const [row] = await t.database.db
      .select({ value: vouchers.value })
      .from(vouchers)
      .where(eq(vouchers.code, 'GIFT150'))
    expect(row?.value).toBe('150.50')
  })

  it.each([
    [{ code: undefined }, 'code', messages.fieldRequired],
    [{ code: '  ' }, 'code', messages.fieldRequired],
    [{ code: 'AB' }, 'code', voucherMessages.codeCharacters],
    [{ code: 'save10' }, 'code', voucherMessages.codeCharacters],
    [{ code: 'SAVE_10' }, 'code', voucherMessages.codeCharacters],
    [{ code: 'X'.repeat(31) }, 'code', voucherMessages.codeCharacters],
    [{ type: undefined }, 'type', messages.selectRequired],
    [{ type: 'gift' }, 'type', messages.selectRequired],
    [{ value: undefined }, 'value', messages.fieldRequired],
    [{ value: '' }, 'value', messages.fieldRequired],
    [{ value: 'ten' }, 'value', messages.securityBondDecimals],
    [{ value: '0' }, 'value', voucherMessages.valueGreaterThan0],
    [{ value: -5 }, 'value', voucherMessages.valueGreaterThan0],
    [{ value: '12.345' }, 'value', messages.securityBondDecimals],
    [{ value: '100.5' }, 'value', messages.valueAtMost100],
    [{ type: 'fixed', value: '12345678901' }, 'value', voucherMessages.valueTooLarge],
    [{ valid_from: undefined }, 'valid_from', messages.fieldRequired],
    [{ valid_from: '' }, 'valid_from', messages.fieldRequired],
    [
      { valid_from: '2026-13-01' },
      'valid_from',
      'Valid from must be a real date: 2026-13-01 does not exist.',
    ],
    [{ valid_to: '' }, 'valid_to', messages.fieldRequired],
    [{ valid_to: '01-02-2026' }, 'valid_to', voucherMessages.invalidDate],
    [{ valid_from: day(10), valid_to: day(9) }, 'valid_to', messages.invalidDateRange],
    [{ discount: 5 }, 'discount', messages.unknownField('discount')],
  ])('%o → %s: %s', async (change, field, message) => {
    const response = await t.api(harbourAdmin, 'POST', '/api/voucher', voucher({ code: 'BAD-1', ...change }))
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json().errors[field]).toBe(message)
    expect(response.json().message).toBe(message)
  })

  it('allows 100 percent, a fixed value above 100 and a one-day voucher', async () => {
    for (const change of [
      { code: 'FREE100', value: '100.00' },
      { code: 'BIG500', type: 'fixed', value: '500' },
      { code: 'ONEDAY', valid_from: day(5), valid_to: day(5) },
    ]) {
      const response = await t.api(harbourAdmin, 'POST', '/api/voucher', voucher(change))
      expect(response.statusCode, response.body).toBe(201)
    }
  })

  it('refuses a code the organization already has with 409; another organization may use it', async () => {
    const duplicate = await t.api(harbourAdmin, 'POST', '/api/voucher', voucher({ code: 'WELCOME10' }))
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.json()).toEqual({
      message: voucherMessages.codeExists,
      errors: { code: voucherMessages.codeExists },
    })
    const elsewhere = await t.api(summitAdmin, 'POST', '/api/voucher', voucher({ code: 'AUTUMN-20' }))
    expect(elsewhere.statusCode).toBe(201)
    expect(elsewhere.json().organization_id).toBe(2)
  })

  it('answers 409 with the message to one of two saves of the same code at the same time', async () => {
    const responses = await Promise.all(
      [0, 1].map(() => t.api(summitAdmin, 'POST', '/api/voucher', voucher({ code: 'RACE-1' }))),
    )
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409])
    expect(responses.find((r) => r.statusCode === 409)?.json().message).toBe(voucherMessages.codeExists)
  })

  it('forbids csr (403) and lets super add to a named organization', async () => {
    const byCsr = await t.api(harbourCsr, 'POST', '/api/voucher', voucher({ code: 'CSR-1' }))
    expect(byCsr.statusCode).toBe(403)
    expect(byCsr.json()).toEqual({ message: permissionRefusal('vouchers.write') })
    expect((await list(harbourAdmin, '?search=CSR-1')).length).toBe(0)

    const unnamed = await t.api(superCookie, 'POST', '/api/voucher', voucher({ code: 'SUPER-1' }))
    expect(unnamed.statusCode).toBe(400)
    expect(unnamed.json().errors.organization_id).toBe(messages.selectOrganization)
    const unknown = await t.api(
      superCookie,
      'POST',
      '/api/voucher',
      voucher({ code: 'SUPER-1', organization_id: 999 }),
    )
    expect(unknown.json().errors.organization_id).toBe(messages.selectOrganization)

    const created = await t.api(
      superCookie,
      'POST',
      '/api/voucher',
      voucher({ code: 'SUPER-1', organization_id: 3 }),
    )
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ organization_id: 3, organizationName: 'Lagoon Coworking' })
    // The same code in another organization, and the duplicate check within Lagoon's.
    expect(
      (await t.api(superCookie, 'POST', '/api/voucher', voucher({ code: 'SUPER-1', organization_id: 2 })))
        .statusCode,
    ).toBe(201)
    expect(
      (await t.api(superCookie, 'POST', '/api/voucher', voucher({ code: 'SUPER-1', organization_id: 3 })))
        .statusCode,
    ).toBe(409)
  })
})

describe('PUT /api/voucher/{id}', () => {
  it('saves the form, keeping its own code without a conflict, and deactivates', async () => {
    const save25 = await harbourVoucher('SAVE25')
    const response = await t.api(
      harbourAdmin,
      'PUT',
      `/api/voucher/${save25.id}`,
      voucher({ code: 'SAVE25', type: 'fixed', value: '30.00', is_active: false }),
    )
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ id: save25.id, code: 'SAVE25', value: 30, is_active: false })
    expect(Date.parse(response.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(save25.updated_at))
    // Deactivated: no longer offered by the pickers.
    expect((await list(harbourAdmin, `?all=1&date=${day(0)}`)).map((v) => v.code)).not.toContain('SAVE25')
    expect((await list(harbourAdmin, '?search=SAVE25'))[0]?.is_active).toBe(false)
  })

  it('validates like POST and refuses another voucher’s code with 409', async () => {
    const spring = await harbourVoucher('SPRING15')
    const invalid = await t.api(
      harbourAdmin,
      'PUT',
      `/api/voucher/${spring.id}`,
      voucher({ code: 'SPRING15', value: '150' }),
    )
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().errors.value).toBe(messages.valueAtMost100)
    const taken = await t.api(
      harbourAdmin,
      'PUT',
      `/api/voucher/${spring.id}`,
      voucher({ code: 'WELCOME10' }),
    )
    expect(taken.statusCode).toBe(409)
    expect(taken.json().message).toBe(voucherMessages.codeExists)
    expect((await t.api(harbourAdmin, 'GET', `/api/voucher/${spring.id}`)).json().code).toBe('SPRING15')
  })

  it('answers 404 to another organization, 403 to csr, and keeps the organization for super', async () => {
    const welcome = await harbourVoucher('WELCOME10')
    const foreign = await t.api(summitAdmin, 'PUT', `/api/voucher/${welcome.id}`, voucher({ code: 'MINE' }))
    expect(foreign.statusCode).toBe(404)
    expect((await t.api(harbourCsr, 'PUT', `/api/voucher/${welcome.id}`, voucher())).statusCode).toBe(403)
    expect((await t.api(harbourAdmin, 'PUT', '/api/voucher/999999', voucher())).statusCode).toBe(404)

    const bySuper = await t.api(
      superCookie,
      'PUT',
      `/api/voucher/${welcome.id}`,
      voucher({ code: 'WELCOME10', value: '12.5', organization_id: 2 }),
    )
    expect(bySuper.statusCode).toBe(200)
    expect(bySuper.json()).toMatchObject({ organization_id: 1, value: 12.5 })
  })
})
