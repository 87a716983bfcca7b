import { benchmarkingMessages } from '@spaceboard/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

let t: TestApp
let superCookie: string

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
})
afterAll(() => t.close())

const valid = {
  type: 'benchmarking',
  averageoccupancy: 42.5,
  averagebookingvalue: '64.90',
  averagebookingduration: 2.75,
}

const save = (data: Record<string, unknown>, cookie = superCookie) =>
  t.api(cookie, 'POST', '/api/setting', { data })

describe('benchmarking settings (GET/POST /api/setting)', () => {
  it('answers the seeded key/value rows to super', async () => {
    const response = await t.api(superCookie, 'GET', '/api/setting?type=benchmarking')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      success: true,
      data: [
        { key: 'average.bookingduration', value: '2.50' },
        { key: 'average.bookingvalue', value: '60.00' },
        { key: 'average.occupancy', value: '35.00' },
      ],
    })
  })

  it('saves the three values and reads them back', async () => {
    const response = await save(valid)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ success: true })
    const rows = (await t.api(superCookie, 'GET', '/api/setting?type=benchmarking')).json().data
    expect(rows).toEqual([
      { key: 'average.bookingduration', value: '2.75' },
      { key: 'average.bookingvalue', value: '64.90' },
      { key: 'average.occupancy', value: '42.50' },
    ])
  })

  it.each([
    ['averageoccupancy', 100.01, benchmarkingMessages.occupancy],
    ['averageoccupancy', -1, benchmarkingMessages.occupancy],
    ['averageoccupancy', '12.345', benchmarkingMessages.occupancy],
    ['averagebookingvalue', -0.01, benchmarkingMessages.value],
    ['averagebookingvalue', 'sixty', benchmarkingMessages.value],
    ['averagebookingvalue', '', benchmarkingMessages.value],
    ['averagebookingduration', 24.5, benchmarkingMessages.duration],
    ['averagebookingduration', null, benchmarkingMessages.duration],
    ['type', 'other', benchmarkingMessages.type],
  ])('refuses %s = %j with its message', async (field, value, message) => {
    const response = await save({ ...valid, [field]: value })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({ [`data.${field}`]: message })
  })

  it('accepts the bounds: occupancy 0 and 100, value and duration 0', async () => {
    expect((await save({ ...valid, averageoccupancy: 100, averagebookingvalue: 0 })).statusCode).toBe(200)
    expect((await save({ ...valid, averageoccupancy: '0', averagebookingduration: '0.00' })).statusCode).toBe(
      200,
    )
  })

  it('refuses a missing field and an unknown type query', async () => {
    const { averagebookingvalue: _, ...withoutValue } = valid
    const missing = await save(withoutValue)
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors['data.averagebookingvalue']).toBe(benchmarkingMessages.value)
    const query = await t.api(superCookie, 'GET', '/api/setting?type=other')
    expect(query.statusCode).toBe(400)
    expect(query.json().message).toBe(benchmarkingMessages.type)
  })

  it('is the platform owner’s alone: admins and csr are refused both calls', async () => {
    for (const login of [logins.harbourAdmin, logins.harbourCsr]) {
      const cookie = await t.signIn(login)
      expect((await t.api(cookie, 'GET', '/api/setting?type=benchmarking')).statusCode).toBe(403)
      expect((await save(valid, cookie)).statusCode).toBe(403)
    }
    expect((await t.api(null, 'GET', '/api/setting?type=benchmarking')).statusCode).toBe(401)
  })
})
