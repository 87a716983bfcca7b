import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

// Issue 15 item 18: GET /api/roomsearch/?business_center_id= (spec 2 §7), spaces with rates, answered 404.

let t: TestApp
let harbourAdmin: string
let summitAdmin: string
let superCookie: string
beforeAll(async () => {
  t = await createTestApp()
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  summitAdmin = await t.signIn(logins.summitAdmin)
  superCookie = await t.signIn(logins.super)
})
afterAll(() => t.close())

type Room = { id: number; name: string; center_id: number; rates: { rateUnit: string; rateAmount: string }[] }

describe('GET /api/roomsearch/', () => {
  it("answers the location's active spaces, each with its rates as decimal text", async () => {
    const options = (await t.api(harbourAdmin, 'GET', '/api/meetingroom?all=1&centerId=1')).json() as Room[]
    const response = await t.api(harbourAdmin, 'GET', '/api/roomsearch/?business_center_id=1')
    expect(response.statusCode).toBe(200)
    const rooms = response.json() as Room[]
    expect(rooms.map((r) => r.id)).toEqual(options.map((r) => r.id))
    expect(rooms.every((r) => r.center_id === 1)).toBe(true)
    const withRates = rooms.filter((r) => r.rates.length > 0)
    expect(withRates.length).toBeGreaterThan(0)
    for (const rate of withRates.flatMap((r) => r.rates)) {
      expect(['hour', 'halfday', 'day']).toContain(rate.rateUnit)
      expect(rate.rateAmount).toMatch(/^\d+\.\d{2}$/)
    }
    // The same rates as the space's own record.
    const [first] = withRates
    const space = (await t.api(harbourAdmin, 'GET', `/api/meetingroom/${first?.id}`)).json()
    expect(first?.rates.length).toBe(space.selectedRates.length)
  })

  it("answers nothing about another organization's location, and super sees it", async () => {
    const theirs = await t.api(summitAdmin, 'GET', '/api/roomsearch?business_center_id=1')
    expect(theirs.statusCode).toBe(200)
    expect(theirs.json()).toEqual([])
    expect(
      ((await t.api(superCookie, 'GET', '/api/roomsearch?business_center_id=1')).json() as Room[]).length,
    ).toBeGreaterThan(0)
  })

  it('needs a location id and a signed-in staff user', async () => {
    expect((await t.api(harbourAdmin, 'GET', '/api/roomsearch')).statusCode).toBe(400)
    expect((await t.api(harbourAdmin, 'GET', '/api/roomsearch?business_center_id=x')).statusCode).toBe(400)
    expect((await t.api(null, 'GET', '/api/roomsearch?business_center_id=1')).statusCode).toBe(401)
  })
})
