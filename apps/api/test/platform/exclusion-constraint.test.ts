import { messages } from '@spaceboard/domain'
import { eq, sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingOccupancy } from '../../src/db/schema/index.ts'
import { registerErrorHandling } from '../../src/platform/errors.ts'
import { createTestApp, type TestApp } from '../helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/** The error an overlapping occupancy row gets from the database itself. */
async function overlapError(): Promise<unknown> {
  const [row] = await t.database.db
    .select()
    .from(bookingOccupancy)
    .where(eq(bookingOccupancy.active, true))
    .limit(1)
  if (!row) throw new Error('the demo seed has no occupancy')
  try {
    await t.database.db.insert(bookingOccupancy).values({ ...row, during: sql`${row.during}::tstzrange` })
  } catch (error) {
    return error
  }
  throw new Error('the overlapping row was accepted')
}

describe('the occupancy exclusion constraint', () => {
  it('refuses an overlapping row, and the API answers it as the spec’s 409', async () => {
    const error = await overlapError()
    const app = Fastify()
    registerErrorHandling(app)
    app.get('/race', async () => {
      throw error
    })
    const response = await app.inject({ method: 'GET', url: '/race' })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ message: messages.slotAlreadyBooked })
    await app.close()
  })
})
