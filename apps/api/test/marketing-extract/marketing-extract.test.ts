import {
  type MarketingExtractRow,
  marketingExtractColumns,
  marketingMessages,
  zonedInstant,
} from '@spaceboard/domain'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tx } from '../../src/db/client.ts'
import {
  bookings,
  centers,
  clients,
  countries,
  organizations,
  spaces,
  users,
} from '../../src/db/schema/index.ts'
import { extractBatches } from '../../src/modules/marketing-extract/marketing-extract.service.ts'
import type { Ctx } from '../../src/platform/context.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

/**
 * The fixture: organization "Extract Co" (direct_marketing) with a location in Sydney, whose clocks
 * go back from 03:00 to 02:00 on 2026-04-05, and one in Los Angeles; "Other Co" (direct_marketing)
 * with one person; "Plain Co" without the feature. The range is 2026-04-05 to 2026-04-06, each
 * booking's date being its location's local date.
 */
let t: TestApp
const cookies: Record<string, string> = {}
const ids: Record<string, number> = {}

let passwordHash = ''
let countryId = 0

async function organization(name: string, features: Record<string, boolean>) {
  const [row] = await t.database.db
    .insert(organizations)
    .values({ name, features, timeFormat: 'mm/dd' })
    .returning({ id: organizations.id })
  return row?.id as number
}

async function center(organizationId: number, name: string, timezoneId: string) {
  const [row] = await t.database.db
    .insert(centers)
    .values({
      organizationId,
      name,
      bookingConfirmEmail: 'desk@extract.test',
      contactEmail: 'desk@extract.test',
      contactNumber: '0200000000',
      street: '1 Test St',
      city: name,
      state: '',
      postcode: '2000',
      countryId,
      timezoneId,
    })
    .returning({ id: centers.id })
  const centerId = row?.id as number
  const [space] = await t.database.db
    .insert(spaces)
    .values({
      organizationId,
      centerId,
      name: `${name} Room`,
      capacity: 8,
      minimumDurationMinutes: 0,
      maximumDurationMinutes: 1440,
      startTime: '00:00',
      endTime: '23:59',
      description: '',
      roomType: 'meetingroom',
    })
    .returning({ id: spaces.id })
  ids[`${name} Room`] = space?.id as number
  return centerId
}

async function client(organizationId: number, name: string, deleted = false) {
  const [row] = await t.database.db
    .insert(clients)
    .values({ organizationId, name, deletedAt: deleted ? new Date() : null })
    .returning({ id: clients.id })
  return row?.id as number
}

async function user(
  organizationId: number,
  clientId: number | null,
  firstName: string,
  lastName: string,
  extra: Partial<typeof users.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(users)
    .values({
      organizationId,
      clientId,
      type: 'basic',
      firstName,
      lastName,
      email: `${firstName}.${lastName}@extract.test`.toLowerCase(),
      passwordHash,
      ...extra,
    })
    .returning({ id: users.id })
  return row?.id as number
}

/** A one-hour booking starting at a wall-clock time of a date in the location's zone. */
async function booking(
  organizationId: number,
  centerName: string,
  zone: string,
  clientId: number,
  userId: number,
  date: string,
  time: string,
  status = 'confirmed',
) {
  const startTime = zonedInstant(date, time, zone) as Date
  await t.database.db.insert(bookings).values({
    organizationId,
    status,
    paymentStatus: 'invoice',
    centerId: ids[centerName] as number,
    spaceId: ids[`${centerName} Room`] as number,
    startTime,
    endTime: new Date(startTime.getTime() + 3_600_000),
    durationMinutes: 60,
    attendees: 1,
    clientId,
    userId,
    submittedBy: userId,
    currency: 'AUD',
    roomAmount: '100.00',
    originalAmount: '100.00',
    roomAmountAfterDiscount: '100.00',
    subTotal: '100.00',
    netAmount: '110.00',
    cancelledAt: status === 'cancelled' ? new Date() : null,
  })
}

const SYDNEY = 'Australia/Sydney'
const LA = 'America/Los_Angeles'

beforeAll(async () => {
  t = await createTestApp()
  const [demoAdmin] = await t.database.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.email, logins.harbourAdmin))
  passwordHash = demoAdmin?.hash as string
  const [country] = await t.database.db.select({ id: countries.id }).from(countries).limit(1)
  countryId = country?.id as number

  const extract = await organization('Extract Co', { direct_marketing: true })
  const other = await organization('Other Co', { direct_marketing: true })
  const plain = await organization('Plain Co', {})
  ids.extract = extract
  ids.other = other
  ids.plain = plain
  ids.Sydney = await center(extract, 'Sydney', SYDNEY)
  ids['Los Angeles'] = await center(extract, 'Los Angeles', LA)
  ids.Elsewhere = await center(other, 'Elsewhere', SYDNEY)

  const acme = await client(extract, 'Acme')
  const beta = await client(extract, 'beta Co')
  const gone = await client(extract, 'Archived Client', true)
  const otherClient = await client(other, 'Other Client')
  ids.acme = acme
  ids.beta = beta

  const alice = await user(extract, acme, 'Alice', 'Adams')
  const bob = await user(extract, acme, 'bob', 'Brown')
  const carol = await user(extract, beta, 'Carol', 'Clark')
  const dan = await user(extract, acme, 'Dan', 'Hidden', { excludeFromReporting: true })
  const eve = await user(extract, beta, 'Eve', 'Early')
  const fay = await user(extract, beta, 'Fay', 'Cancelled')
  const gus = await user(extract, acme, 'Gus', 'Archived', { deletedAt: new Date() })
  const hal = await user(extract, gone, 'Hal', 'Former')
  const olga = await user(other, otherClient, 'Olga', 'Other')
  ids.alice = alice
  ids.bob = bob
  ids.eve = eve
  ids.olga = olga
  await user(extract, null, 'Ada', 'Admin', { type: 'admin', email: 'admin@extract.test' })
  await user(plain, null, 'Pat', 'Plain', { type: 'admin', email: 'admin@plain.test' })

  // Alice: 00:30 on 2026-04-05 in Sydney (still +11, 2026-04-04 13:30 UTC) and again in LA.
  await booking(extract, 'Sydney', SYDNEY, acme, alice, '2026-04-05', '00:30')
  await booking(extract, 'Los Angeles', LA, acme, alice, '2026-04-06', '10:00')
  // bob: late on the 6th in LA (-7: 2026-04-07 06:30 UTC), and for the client beta Co in Sydney.
  await booking(extract, 'Los Angeles', LA, acme, bob, '2026-04-06', '23:30')
  await booking(extract, 'Sydney', SYDNEY, beta, bob, '2026-04-06', '10:00')
  // Carol: the 7th in Sydney, after the range.
  await booking(extract, 'Sydney', SYDNEY, beta, carol, '2026-04-07', '09:00')
  // Dan is excluded from reporting; Gus is archived; Hal's client is archived.
  await booking(extract, 'Sydney', SYDNEY, acme, dan, '2026-04-05', '10:00')
  await booking(extract, 'Sydney', SYDNEY, acme, gus, '2026-04-05', '11:00')
  await booking(extract, 'Sydney', SYDNEY, gone, hal, '2026-04-05', '12:00')
  // Eve: 23:00 on the 4th in LA, which is already the 5th (06:00) in UTC.
  await booking(extract, 'Los Angeles', LA, beta, eve, '2026-04-04', '23:00')
  // Fay only cancelled.
  await booking(extract, 'Sydney', SYDNEY, beta, fay, '2026-04-05', '15:00', 'cancelled')
  await booking(other, 'Elsewhere', SYDNEY, otherClient, olga, '2026-04-05', '09:00')

  cookies.super = await t.signIn(logins.super)
  cookies.extract = await t.signIn('admin@extract.test')
  cookies.plain = await t.signIn('admin@plain.test')
  cookies.csr = await t.signIn(logins.harbourCsr)
}, 60_000)
afterAll(() => t.close())

const extractCall = (cookie: string, query: string) => t.api(cookie, 'GET', `/api/marketing?${query}`)
const RANGE = 'startDate=2026-04-05&endDate=2026-04-06'

async function rowsOf(cookie: string, query: string): Promise<MarketingExtractRow[]> {
  const response = await extractCall(cookie, query)
  expect(response.statusCode, response.body).toBe(200)
  const body = response.json()
  expect(body.success).toBe(true)
  return body.data
}

const person = (clientName: string, firstName: string, lastName: string): MarketingExtractRow => ({
  ClientID: ids[clientName === 'Acme' ? 'acme' : 'beta'] as number,
  ClientName: clientName,
  FirstName: firstName,
  LastName: lastName,
  Email: `${firstName}.${lastName}@extract.test`.toLowerCase(),
})

async function workbookRows(body: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(body as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]
  if (!sheet) throw new Error('no sheet')
  const rows: unknown[][] = []
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return rows
}

describe('GET /api/marketing (direct marketing extract)', () => {
  it('answers the spec messages for missing or reversed dates and a super without organization', async () => {
    const cases: [string, string, string][] = [
      [cookies.extract as string, 'endDate=2026-04-06', marketingMessages.selectStartDate],
      [cookies.extract as string, 'startDate=2026-04-05&endDate=', marketingMessages.selectEndDate],
      [
        cookies.extract as string,
        'startDate=2026-04-07&endDate=2026-04-06',
        marketingMessages.startBeforeEnd,
      ],
      [cookies.super as string, RANGE, marketingMessages.selectOrganization],
      [cookies.super as string, `${RANGE}&organization_id=`, marketingMessages.selectOrganization],
      [
        cookies.extract as string,
        'startDate=2026-13-01&endDate=2026-12-31',
        'Start date must be a real date: 2026-13-01 does not exist.',
      ],
      [
        cookies.extract as string,
        'startDate=2026-02-30&endDate=2026-12-31',
        'Start date must be a real date: 2026-02-30 does not exist.',
      ],
      [cookies.extract as string, `${RANGE}&center_id=abc`, marketingMessages.location],
    ]
    for (const [cookie, query, message] of cases) {
      const response = await extractCall(cookie, query)
      expect([query, response.statusCode, response.json().message]).toEqual([query, 400, message])
    }
    // A super naming an organization that does not exist.
    const unknown = await extractCall(cookies.super as string, `${RANGE}&organization_id=999999`)
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, marketingMessages.selectOrganization])
  })

  it("lists each person (client and booker) once, by the booking's local date, sorted by client and name", async () => {
    // In range by local date: Alice (Sydney 04-05 00:30 and LA 04-06), bob for Acme (LA 04-06 23:30)
    // and for beta Co (Sydney 04-06). Out: Carol (04-07), Eve (LA 04-04, though 04-05 in UTC),
    // Fay (cancelled), Dan (excluded from reporting), Gus (archived), Hal (archived client).
    // Order: "Acme" < "beta Co" without regard to case; within Acme, Adams < Brown.
    expect(await rowsOf(cookies.extract as string, RANGE)).toEqual([
      person('Acme', 'Alice', 'Adams'),
      person('Acme', 'bob', 'Brown'),
      person('beta Co', 'bob', 'Brown'),
    ])
    // One day, the first: only Alice's 00:30 in Sydney, which is 2026-04-04 in UTC.
    expect(await rowsOf(cookies.extract as string, 'startDate=2026-04-05&endDate=2026-04-05')).toEqual([
      person('Acme', 'Alice', 'Adams'),
    ])
    // The 4th: Eve's 23:00 in LA only (Alice's Sydney booking is UTC's 4th, not Sydney's).
    expect(await rowsOf(cookies.extract as string, 'startDate=2026-04-04&endDate=2026-04-04')).toEqual([
      person('beta Co', 'Eve', 'Early'),
    ])
    // The 7th: Carol; LA's 23:30 on the 6th (UTC's 7th) is not in it.
    expect(await rowsOf(cookies.extract as string, 'startDate=2026-04-07&endDate=2026-04-07')).toEqual([
      person('beta Co', 'Carol', 'Clark'),
    ])
  })

  it('narrows to one location of the organization', async () => {
    expect(await rowsOf(cookies.extract as string, `${RANGE}&center_id=${ids.Sydney}`)).toEqual([
      person('Acme', 'Alice', 'Adams'),
      person('beta Co', 'bob', 'Brown'),
    ])
    expect(await rowsOf(cookies.extract as string, `${RANGE}&center_id=${ids['Los Angeles']}`)).toEqual([
      person('Acme', 'Alice', 'Adams'),
      person('Acme', 'bob', 'Brown'),
    ])
    expect(await rowsOf(cookies.extract as string, `${RANGE}&center_id=All`)).toHaveLength(3)
  })

  it("keeps an admin to their own organization's people, and refuses organizations without the feature", async () => {
    // organization_id of another organization is ignored for an admin.
    const own = await rowsOf(cookies.extract as string, `${RANGE}&organization_id=${ids.other}`)
    expect(own.map((row) => row.LastName)).toEqual(['Adams', 'Brown', 'Brown'])
    expect(JSON.stringify(own)).not.toContain('Olga')
    // Another organization's location: refused, never its people.
    for (const query of [
      `${RANGE}&center_id=${ids.Elsewhere}`,
      `${RANGE}&organization_id=${ids.other}&center_id=${ids.Elsewhere}`,
    ]) {
      const response = await extractCall(cookies.extract as string, query)
      expect([response.statusCode, response.json().message]).toEqual([400, marketingMessages.location])
      const file = await extractCall(cookies.extract as string, `${query}&export=xlsx`)
      expect(file.statusCode).toBe(400)
    }
    // An organization without direct_marketing.
    for (const query of [RANGE, `${RANGE}&organization_id=${ids.extract}`, `${RANGE}&export=xlsx`]) {
      const refused = await extractCall(cookies.plain as string, query)
      expect([refused.statusCode, refused.json().message]).toEqual([403, marketingMessages.notAvailable])
    }
    // A csr may not take it at all.
    expect((await extractCall(cookies.csr as string, RANGE)).statusCode).toBe(403)
    // Super: any organization, the feature or not.
    expect(await rowsOf(cookies.super as string, `${RANGE}&organization_id=${ids.other}`)).toEqual([
      {
        ClientID: expect.any(Number),
        ClientName: 'Other Client',
        FirstName: 'Olga',
        LastName: 'Other',
        Email: 'olga.other@extract.test',
      },
    ])
    expect(await rowsOf(cookies.super as string, `${RANGE}&organization_id=${ids.plain}`)).toEqual([])
    // Super with the organization and another organization's location.
    const mixed = await extractCall(
      cookies.super as string,
      `${RANGE}&organization_id=${ids.extract}&center_id=${ids.Elsewhere}`,
    )
    expect(mixed.statusCode).toBe(400)
  })

  it('downloads the same rows as an xlsx workbook, and says "No record found." when there are none', async () => {
    const response = await extractCall(cookies.extract as string, `${RANGE}&export=xlsx`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('spreadsheetml')
    expect(response.headers['content-disposition']).toContain('Marketing Extract 2026-04-05 2026-04-06.xlsx')
    const [header, ...rows] = await workbookRows(response.rawPayload)
    expect(header).toEqual([...marketingExtractColumns])
    const json = await rowsOf(cookies.extract as string, RANGE)
    expect(rows).toEqual(json.map((row) => marketingExtractColumns.map((column) => row[column])))

    const none = await extractCall(
      cookies.super as string,
      `${RANGE}&organization_id=${ids.plain}&export=xlsx`,
    )
    expect([none.statusCode, none.json().message]).toEqual([404, marketingMessages.noRecord])
  })

  it('reads in batches after the last person, whatever the batch size, each person once', async () => {
    // 30 more people of Acme, each booking three times in the range (90 bookings, 30 people).
    for (let i = 0; i < 30; i++) {
      const id = await user(
        ids.extract as number,
        ids.acme as number,
        `Many${String(i).padStart(2, '0')}`,
        'Same',
      )
      for (const time of ['09:00', '12:00', '15:00'])
        await booking(ids.extract as number, 'Sydney', SYDNEY, ids.acme as number, id, '2026-04-06', time)
    }
    const full = await rowsOf(cookies.extract as string, RANGE)
    expect(full).toHaveLength(33)
    expect(new Set(full.map((row) => `${row.ClientID}/${row.Email}`)).size).toBe(33)
    const run = <T>(work: (ctx: Ctx) => Promise<T>) =>
      work({
        actor: { userId: 0, type: 'super', organizationId: null, sessionId: '' },
        tx: t.database.db as unknown as Tx,
      })
    const filter = {
      organizationId: ids.extract as number,
      startDate: '2026-04-05',
      endDate: '2026-04-06',
      centerId: null,
    }
    for (const size of [1, 4, 7, 33, 40]) {
      const read: MarketingExtractRow[] = []
      for await (const batch of extractBatches(run, filter, size)) {
        expect(batch.length).toBeLessThanOrEqual(size)
        read.push(...batch)
      }
      expect(read).toEqual(full)
    }
  })
})
