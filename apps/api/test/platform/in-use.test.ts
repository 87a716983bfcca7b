import { inUseMessage } from '@spaceboard/domain'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

// Issue 15 item 1: a record others point at is never deleted from under them (DESIGN §4). Each
// delete path refuses with where the record is used, and the database refuses too.

let t: TestApp
let superCookie: string
let harbourAdmin: string
beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
})
afterAll(() => t.close())

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows
const one = async (query: ReturnType<typeof sql>) => {
  const [row] = await rowsOf<{ n: number }>(query)
  return Number(row?.n ?? 0)
}
const harbourId = () => one(sql`select id as n from organizations where name = 'Harbour Workspaces'`)

describe('inUseMessage', () => {
  it('says where a record is used, in words, or nothing when unused', () => {
    expect(
      inUseMessage('country', [
        { count: 3, one: 'organization' },
        { count: 5, one: 'location' },
      ]),
    ).toBe('This country is used by 3 organizations and 5 locations.')
    expect(
      inUseMessage('amenity', [
        { count: 1, one: 'organization' },
        { count: 0, one: 'space' },
        { count: 2, one: 'booking' },
        { count: 1, one: 'user' },
      ]),
    ).toBe('This amenity is used by 1 organization, 2 bookings and 1 user.')
    expect(inUseMessage('region', [{ count: 0, one: 'location' }])).toBeNull()
  })
})

describe('a record in use is not deleted', () => {
  it('country: refused with the organizations, locations, clients and users that use it; still listed', async () => {
    const id = await one(sql`select country_id as n from organizations where name = 'Harbour Workspaces'`)
    const organizations = await one(
      sql`select count(*)::int as n from organizations where country_id = ${id}`,
    )
    const locations = await one(sql`select count(*)::int as n from centers where country_id = ${id}`)
    const clients = await one(sql`select count(*)::int as n from clients where country_id = ${id}`)
    const users = await one(sql`select count(*)::int as n from users where country_id = ${id}`)
    const response = await t.api(superCookie, 'DELETE', `/api/country/${id}`)
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toBe(
      inUseMessage('country', [
        { count: organizations, one: 'organization' },
        { count: locations, one: 'location' },
        { count: clients, one: 'client' },
        { count: users, one: 'user' },
      ]),
    )
    expect(response.json().message).toMatch(
      /^This country is used by \d+ organizations?(,| and) \d+ locations?/,
    )
    expect((await t.api(superCookie, 'GET', `/api/country/${id}`)).statusCode).toBe(200)
    // An unused country is still deleted.
    const created = await t.api(superCookie, 'POST', '/api/country', { name: 'Atlantis', code: 'ATL' })
    expect((await t.api(superCookie, 'DELETE', `/api/country/${created.json().id}`)).statusCode).toBe(200)
  })

  it('global region: refused while organizations or regions use it; the database refuses too', async () => {
    const id = await one(
      sql`select organization_region_id as n from organizations where name = 'Harbour Workspaces'`,
    )
    await t.database.db.execute(sql`update global_regions set is_default = false where id = ${id}`)
    const organizations = await one(
      sql`select count(*)::int as n from organizations where organization_region_id = ${id}`,
    )
    const regions = await one(sql`select count(*)::int as n from regions where global_region_id = ${id}`)
    const response = await t.api(superCookie, 'DELETE', `/api/global-region/${id}`)
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toBe(
      inUseMessage('global region', [
        { count: organizations, one: 'organization' },
        { count: regions, one: 'region' },
      ]),
    )
    await expect(t.database.db.execute(sql`delete from global_regions where id = ${id}`)).rejects.toThrow()
  })

  it('region: refused while a location is in it or in one of its child regions (deleted with it)', async () => {
    const organization = await harbourId()
    const parent = await t.api(harbourAdmin, 'POST', '/api/region', {
      name: 'In Use Parent',
      parent_id: 0,
      global_region_id: await one(sql`select id as n from global_regions order by id limit 1`),
    })
    expect(parent.statusCode, parent.body).toBeLessThan(300)
    const parentId = parent.json().id as number
    const child = await t.api(harbourAdmin, 'POST', '/api/region', {
      name: 'In Use Child',
      parent_id: parentId,
      global_region_id: await one(sql`select id as n from global_regions order by id limit 1`),
    })
    const childId = child.json().id as number
    const center = await one(
      sql`select id as n from centers where organization_id = ${organization} order by id limit 1`,
    )
    await t.database.db.execute(
      sql`insert into center_regions (organization_id, center_id, region_id) values (${organization}, ${center}, ${childId})`,
    )
    const response = await t.api(harbourAdmin, 'DELETE', `/api/region/${parentId}`)
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toBe('This region is used by 1 location.')
    // The database refuses too: the link no longer cascades away with the region.
    await expect(t.database.db.execute(sql`delete from regions where id = ${childId}`)).rejects.toThrow()
    await t.database.db.execute(sql`delete from center_regions where region_id = ${childId}`)
    expect((await t.api(harbourAdmin, 'DELETE', `/api/region/${parentId}`)).statusCode).toBe(200)
  })

  it('client type: refused while clients have it; an unused one is deleted with its organization link', async () => {
    const created = await t.api(harbourAdmin, 'POST', '/api/client-types', { name: 'In Use Type' })
    expect(created.statusCode, created.body).toBeLessThan(300)
    const typeId = created.json().id as number
    const organization = await harbourId()
    const client = await one(
      sql`select id as n from clients where organization_id = ${organization} order by id limit 1`,
    )
    await t.database.db.execute(
      sql`insert into client_client_types (organization_id, client_id, client_type_id) values (${organization}, ${client}, ${typeId})`,
    )
    const response = await t.api(harbourAdmin, 'DELETE', `/api/client-types?id=${typeId}`)
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toBe('This client type is used by 1 client.')
    await expect(t.database.db.execute(sql`delete from client_types where id = ${typeId}`)).rejects.toThrow()
    await t.database.db.execute(sql`delete from client_client_types where client_type_id = ${typeId}`)
    expect((await t.api(harbourAdmin, 'DELETE', `/api/client-types?id=${typeId}`)).statusCode).toBe(200)
  })

  it('amenity: refused while organizations offer it, spaces have it or bookings had it', async () => {
    const id = await one(sql`select amenity_id as n from space_amenities order by amenity_id limit 1`)
    const organizations = await one(
      sql`select count(*)::int as n from organization_amenities where amenity_id = ${id}`,
    )
    const spaces = await one(
      sql`select count(distinct space_id)::int as n from space_amenities where amenity_id = ${id}`,
    )
    const bookings = await one(sql`select count(*)::int as n from (
        select organization_id, booking_id from booking_amenities where amenity_id = ${id}
        union select organization_id, booking_id from booking_additional_charges where amenity_id = ${id}) b`)
    const response = await t.api(superCookie, 'DELETE', `/api/amenity/${id}`)
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toBe(
      inUseMessage('amenity', [
        { count: organizations, one: 'organization' },
        { count: spaces, one: 'space' },
        { count: bookings, one: 'booking' },
      ]),
    )
    await expect(t.database.db.execute(sql`delete from amenities where id = ${id}`)).rejects.toThrow()
  })

  it('location: a permanent delete is refused while package deals offer it; the database refuses too', async () => {
    const organization = await harbourId()
    const [center] = await rowsOf<{ id: number }>(sql`
      insert into centers (organization_id, name, country_id, timezone_id, booking_confirm_email, contact_email,
                           contact_number, street, city, state, postcode)
      select ${organization}, 'Unused Quay', country_id, timezone_id, booking_confirm_email, contact_email,
             contact_number, street, city, state, postcode from centers where organization_id = ${organization}
      order by id limit 1 returning id`)
    const centerId = center?.id as number
    const packageId = await one(
      sql`select id as n from packages where organization_id = ${organization} order by id limit 1`,
    )
    await t.database.db.execute(
      sql`insert into package_centers (organization_id, package_id, center_id) values (${organization}, ${packageId}, ${centerId})`,
    )
    const response = await t.api(superCookie, 'PUT', `/api/center/${centerId}`, {
      id: centerId,
      code: 'PERMENANT',
    })
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toBe('This location is used by 1 package deal.')
    await expect(t.database.db.execute(sql`delete from centers where id = ${centerId}`)).rejects.toThrow()
    await t.database.db.execute(sql`delete from package_centers where center_id = ${centerId}`)
    const deleted = await t.api(superCookie, 'PUT', `/api/center/${centerId}`, {
      id: centerId,
      code: 'PERMENANT',
    })
    expect(deleted.statusCode, deleted.body).toBe(200)
  })

  it('user: a permanent delete is refused while bookings name them; archiving stays possible', async () => {
    const id = await one(
      sql`select user_id as n from bookings group by user_id order by count(*) desc limit 1`,
    )
    const bookings = await one(sql`select count(*)::int as n from (
        select id from bookings where ${id} in (user_id, submitted_by, rate_modified_by, cancelled_by)
        union select booking_id from booking_room_refunds where created_by = ${id}
        union select booking_id from booking_additional_charges where created_by = ${id}
        union select booking_id from booking_reschedules where rescheduled_by = ${id}
        union select a.booking_id from booking_amenity_refunds r
          join booking_amenities a on a.organization_id = r.organization_id and a.id = r.booking_amenity_id
          where r.created_by = ${id}
        union select c.booking_id from booking_additional_charge_refunds r
          join booking_additional_charges c on c.organization_id = r.organization_id and c.id = r.additional_charge_id
          where r.created_by = ${id}) b`)
    const series = await one(sql`select count(*)::int as n from recurring_series where created_by = ${id}`)
    const response = await t.api(superCookie, 'PUT', `/api/user/${id}/status`, { id, code: 'PERMENANT' })
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toBe(
      inUseMessage('user', [
        { count: bookings, one: 'booking' },
        { count: series, one: 'recurring series', many: 'recurring series' },
      ]),
    )
    expect(response.json().message).toMatch(/^This user is used by \d+ bookings?/)
    expect(
      (await t.api(superCookie, 'PUT', `/api/user/${id}/status`, { id, code: 'ARCHIVE' })).statusCode,
    ).toBe(200)
  })
})
