import { messages } from '@spaceboard/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

type Json = Record<string, unknown>
const call = (
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { cookie, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  })

async function harbourRules() {
  return (await call(harbourAdmin, 'GET', '/api/rule?order=min_day')).json() as {
    id: number
    min_day: number
    max_day: number
    max_attendee: number
    refund_percent: number
  }[]
}

describe('GET /api/rule', () => {
  it("lists the organization's rules with Range 0-19 and Content-Range", async () => {
    const response = await call(harbourAdmin, 'GET', '/api/rule?order=min_day&direct=asc', undefined, {
      range: '0-19',
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-range']).toBe('0-3/4')
    expect(response.json()[0]).toMatchObject({ min_day: 0, max_day: 1, max_attendee: 20, refund_percent: 0 })
  })

  it('searches numbers, lists every organization for super, refuses anonymous', async () => {
    expect((await call(harbourAdmin, 'GET', '/api/rule?search=365')).json()).toHaveLength(1)
    expect((await call(harbourAdmin, 'GET', '/api/rule?search=abc')).json()).toHaveLength(0)
    expect((await call(superCookie, 'GET', '/api/rule')).json()).toHaveLength(7)
    expect((await t.app.inject({ method: 'GET', url: '/api/rule' })).statusCode).toBe(401)
  })

  it("answers 404 for another organization's rule", async () => {
    const [rule] = await harbourRules()
    expect((await call(summitAdmin, 'GET', `/api/rule/${rule?.id}`)).statusCode).toBe(404)
    expect(
      (
        await call(summitAdmin, 'PUT', `/api/rule/${rule?.id}`, {
          min_day: 400,
          max_day: 500,
          max_attendee: 1,
          refund_percent: 1,
        })
      ).statusCode,
    ).toBe(404)
    expect((await call(summitAdmin, 'DELETE', `/api/rule/${rule?.id}`)).statusCode).toBe(404)
  })
})

describe('saving a rule', () => {
  it.each([
    [{ max_day: 2, max_attendee: 5, refund_percent: 50 }, 'min_day', messages.fieldRequired],
    [
      { min_day: 'x', max_day: 2, max_attendee: 5, refund_percent: 50 },
      'min_day',
      'Only Numbers allowed. Max 11 Numbers.',
    ],
    [{ min_day: 500, max_day: 400, max_attendee: 5, refund_percent: 50 }, 'max_day', 'Invalid day range'],
    [
      { min_day: 500, max_day: 600, max_attendee: '', refund_percent: 50 },
      'max_attendee',
      messages.fieldRequired,
    ],
    [
      { min_day: 500, max_day: 600, max_attendee: 5, refund_percent: 101 },
      'refund_percent',
      'Only decimal value allowed. Max: 100',
    ],
    [{ min_day: 500, max_day: 600, max_attendee: 5 }, 'refund_percent', messages.fieldRequired],
  ])('%o → %s', async (payload, field, message) => {
    const response = await call(harbourAdmin, 'POST', '/api/rule', payload)
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[field]).toBe(message)
  })

  it('refuses overlapping ranges and shared boundaries with the spec message', async () => {
    for (const payload of [
      { min_day: 5, max_day: 9, max_attendee: 20, refund_percent: 10 },
      { min_day: 365, max_day: 400, max_attendee: 100, refund_percent: 10 },
      { min_day: 0, max_day: 1, max_attendee: 20, refund_percent: 10 },
    ]) {
      const response = await call(harbourAdmin, 'POST', '/api/rule', payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(409)
      expect(response.json().message).toBe('The rule for these parameters already exist.')
    }
  })

  it('allows the same day range with another max_attendee, and a disjoint range', async () => {
    expect(
      (
        await call(harbourAdmin, 'POST', '/api/rule', {
          min_day: 0,
          max_day: 1,
          max_attendee: 200,
          refund_percent: 5,
        })
      ).statusCode,
    ).toBe(201)
    const created = await call(harbourAdmin, 'POST', '/api/rule', {
      min_day: '366',
      max_day: '730',
      max_attendee: '100',
      refund_percent: '99.5',
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      min_day: 366,
      max_day: 730,
      refund_percent: 99.5,
      organization_id: 1,
    })
  })

  it('excludes the rule itself when editing', async () => {
    const rules = await harbourRules()
    const rule = rules.find((r) => r.min_day === 7)
    const response = await call(harbourAdmin, 'PUT', `/api/rule/${rule?.id}`, {
      min_day: 7,
      max_day: 300,
      max_attendee: 100,
      refund_percent: 90,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ max_day: 300, refund_percent: 90 })
  })

  it('lets csr save but not delete; super must name the organization', async () => {
    expect(
      (
        await call(harbourCsr, 'POST', '/api/rule', {
          min_day: 800,
          max_day: 900,
          max_attendee: 5,
          refund_percent: 1,
        })
      ).statusCode,
    ).toBe(201)
    const rules = await harbourRules()
    expect((await call(harbourCsr, 'DELETE', `/api/rule/${rules[0]?.id}`)).statusCode).toBe(403)
    const bySuper = await call(superCookie, 'POST', '/api/rule', {
      min_day: 800,
      max_day: 900,
      max_attendee: 5,
      refund_percent: 1,
    })
    expect(bySuper.json().errors.organization_id).toBe(messages.selectOrganization)
  })

  it('deletes with the spec message', async () => {
    const rules = await harbourRules()
    const response = await call(harbourAdmin, 'DELETE', `/api/rule/${rules[0]?.id}`)
    expect(response.json()).toEqual({ message: 'Success: Record successfully deleted' })
    expect((await call(harbourAdmin, 'GET', `/api/rule/${rules[0]?.id}`)).statusCode).toBe(404)
  })
})
