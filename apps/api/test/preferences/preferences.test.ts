import { messages } from '@spaceboard/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

let t: TestApp
let harbourAdmin: string
let harbourCsr: string
/** A location id as the bookings list remembers it (the preference stores it as it is). */
const CENTER = 4321

beforeAll(async () => {
  t = await createTestApp()
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  harbourCsr = await t.signIn(logins.harbourCsr)
})
afterAll(() => t.close())

describe('GET/PUT/DELETE /api/preference/{key}', () => {
  it("remembers a user's own bookings list location, apart from everybody else's", async () => {
    const unset = await t.api(harbourCsr, 'GET', '/api/preference/booking-list')
    expect(unset.statusCode).toBe(200)
    expect(unset.json()).toEqual({ key: 'booking-list', value: null })

    const put = await t.api(harbourCsr, 'PUT', '/api/preference/booking-list', {
      business_center_id: CENTER,
    })
    expect(put.statusCode).toBe(200)
    expect(put.json()).toEqual({ key: 'booking-list', value: { business_center_id: CENTER } })
    expect((await t.api(harbourCsr, 'GET', '/api/preference/booking-list')).json().value).toEqual({
      business_center_id: CENTER,
    })
    // Another user of the same organization has their own.
    expect((await t.api(harbourAdmin, 'GET', '/api/preference/booking-list')).json().value).toBeNull()
    // Overwritten, not duplicated.
    await t.api(harbourCsr, 'PUT', '/api/preference/booking-list', { business_center_id: null })
    expect((await t.api(harbourCsr, 'GET', '/api/preference/booking-list')).json().value).toEqual({
      business_center_id: null,
    })
    const removed = await t.api(harbourCsr, 'DELETE', '/api/preference/booking-list')
    expect(removed.json()).toEqual({ key: 'booking-list', value: null })
    expect((await t.api(harbourCsr, 'GET', '/api/preference/booking-list')).json().value).toBeNull()
  })

  it('refuses unknown keys, values that do not fit the key, and anonymous callers', async () => {
    expect((await t.api(harbourAdmin, 'GET', '/api/preference/password')).statusCode).toBe(404)
    expect((await t.api(harbourAdmin, 'PUT', '/api/preference/__proto__', {})).statusCode).toBe(404)
    const extra = await t.api(harbourAdmin, 'PUT', '/api/preference/booking-list', {
      business_center_id: 1,
      user_id: 2,
    })
    expect(extra.statusCode).toBe(400)
    expect(extra.json().errors).toEqual({ user_id: messages.unknownField('user_id') })
    const wrong = await t.api(harbourAdmin, 'PUT', '/api/preference/booking-list', {
      business_center_id: 'x',
    })
    expect(wrong.statusCode).toBe(400)
    expect((await t.api(null, 'GET', '/api/preference/booking-list')).statusCode).toBe(401)
    expect(
      (await t.api(null, 'PUT', '/api/preference/booking-list', { business_center_id: 1 })).statusCode,
    ).toBe(401)
  })

  it("remembers the calendar's region, location, space, date and view, and checks them", async () => {
    const value = {
      region_id: 3,
      business_center_id: CENTER,
      meeting_room_id: null,
      date: '2026-12-24',
      view: '1',
    }
    const put = await t.api(harbourCsr, 'PUT', '/api/preference/calendar', value)
    expect(put.statusCode).toBe(200)
    expect((await t.api(harbourCsr, 'GET', '/api/preference/calendar')).json()).toEqual({
      key: 'calendar',
      value,
    })
    const badView = await t.api(harbourCsr, 'PUT', '/api/preference/calendar', { ...value, view: '3' })
    expect(badView.statusCode).toBe(400)
    expect(badView.json().errors).toEqual({ view: messages.calendarViewInvalid })
    const badDate = await t.api(harbourCsr, 'PUT', '/api/preference/calendar', {
      ...value,
      date: '2026-02-30',
    })
    expect(badDate.json().errors).toEqual({ date: 'Date must be a real date: 2026-02-30 does not exist.' })
    expect((await t.api(harbourCsr, 'DELETE', '/api/preference/calendar')).json().value).toBeNull()
  })
})
