import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { addDays, wallClock } from '@spaceboard/domain'
import { asc, notInArray } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  amenities,
  bookings,
  cancelRules,
  centers,
  clients,
  clientTypes,
  countries,
  globalRegions,
  organizations,
  packages,
  regions,
  spaces,
  users,
  vouchers,
} from '../../src/db/schema/index.ts'
import { idByName, userIdByEmail } from '../bookings/fixtures.ts'
import { startGeocoder } from '../geocoder.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

/**
 * The fuzzer (DESIGN §7): requests generated from the app's own OpenAPI document for every route and
 * every role (super, admin and csr signed in, and anonymous), with a fixed seed and a bounded count,
 * sent one after another: mutations included, as this file has its own database and a fixed order
 * keeps every run the same. Besides the document's routes it calls the web fallback and, a few times
 * each, the heavy downloads. It fails on any 5xx, any answer slower than SLOW_MS, and any body that
 * shows a stack trace, an error class, SQL or a server path; each failure prints the request as it
 * was sent (role, method, url, headers, body) to replay it.
 *
 * Not fuzzed: the API docs UI (/api/docs, hidden from the document: third-party static files).
 */

const SEED = 20_241_126
/** Generated requests per route for each signed-in role; anonymous callers get fewer, the 401 comes first. */
const RUNS_SIGNED_IN = 8
const RUNS_ANONYMOUS = 2
const SLOW_MS = 5000

type Role = 'super' | 'admin' | 'csr' | 'anonymous'
const roles: Role[] = ['super', 'admin', 'csr', 'anonymous']

interface FuzzRequest {
  role: Role
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE'
  url: string
  headers: Record<string, string>
  body?: string
  /** The body's schema, to judge a refusal's messages by it (an over-long string's limit). */
  bodySchema?: JsonSchema
  /** The field sent one character over its limit: the answer must be a 400 naming the limit for it. */
  overLong?: string
}

interface JsonSchema {
  type?: string
  nullable?: boolean
  enum?: unknown[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  pattern?: string
  format?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  maxItems?: number
  $ref?: string
}

interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema?: JsonSchema
}

interface Operation {
  method: Exclude<FuzzRequest['method'], 'HEAD'>
  /** The document's path, /api/x/{id}. */
  path: string
  parameters: Parameter[]
  body?: JsonSchema
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
    >
  >
  components?: { schemas?: Record<string, JsonSchema> }
}

let t: TestApp
let geocoder: Awaited<ReturnType<typeof startGeocoder>>
let webDir: string
const cookies: Record<Role, string | null> = { super: null, admin: null, csr: null, anonymous: null }
const signInOf: Record<Exclude<Role, 'anonymous'>, string> = {
  super: logins.super,
  admin: logins.harbourAdmin,
  csr: logins.harbourCsr,
}

/** Real ids of the seeded database, by table, so generated requests reach past the 404s. */
const realIds: Record<string, number[]> = {}
/** Good bodies per operation (a real record as its GET shows it, or written here), to change a field or two of. */
const goodBodies: Record<string, Record<string, unknown>[]> = {}

beforeAll(async () => {
  geocoder = await startGeocoder({ 'George Street': { lat: '-33.86', lon: '151.20' } })
  // The fuzzer also reaches the web fallback, so the app serves a (tiny) built SPA.
  webDir = mkdtempSync(path.join(tmpdir(), 'spaceboard-fuzz-web-'))
  mkdirSync(path.join(webDir, 'assets'))
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Spaceboard</title>')
  writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)')
  t = await createTestApp({ geocoderUrl: geocoder.url, webDir })
  for (const role of ['super', 'admin', 'csr'] as const) cookies[role] = await t.signIn(signInOf[role])
  await loadRealIds()
})

afterAll(async () => {
  await t.close()
  await geocoder.close()
  rmSync(webDir, { recursive: true, force: true })
})

// ---------------------------------------------------------------------------------------------
// The seeded database's ids

/** Up to `count` ids spread over the table (first, last and between), in id order. */
async function spreadIds(table: PgTable & { id: AnyPgColumn }, count: number, exclude: number[] = []) {
  const rows = await t.database.db
    .select({ id: table.id })
    .from(table)
    .where(exclude.length ? notInArray(table.id, exclude) : undefined)
    .orderBy(asc(table.id))
  const ids = rows.map((r) => Number(r.id))
  if (ids.length <= count) return ids
  return Array.from({ length: count }, (_, i) => ids[Math.round((i * (ids.length - 1)) / (count - 1))] ?? 1)
}

async function loadRealIds() {
  const signedIn = await t.database.db.select({ id: users.id, email: users.email }).from(users)
  const signInUsers = signedIn.filter((u) => Object.values(signInOf).includes(u.email)).map((u) => u.id)
  const tables = {
    countries,
    globalRegions,
    clientTypes,
    regions,
    organizations,
    amenities,
    clients,
    centers,
    cancelRules,
    spaces,
    packages,
    vouchers,
  }
  for (const [name, table] of Object.entries(tables)) realIds[name] = await spreadIds(table, 6)
  realIds.bookings = await spreadIds(bookings, 12)
  // Never the signed-in people themselves: a fuzzed password or status change would sign a role out.
  realIds.users = await spreadIds(users, 6, signInUsers)
}

/** Which table a path's {id} names, by the path's first segment after /api/. */
const pathTables: Record<string, string> = {
  country: 'countries',
  'global-region': 'globalRegions',
  'client-types': 'clientTypes',
  region: 'regions',
  organization: 'organizations',
  'organization-amenities': 'organizations',
  amenity: 'amenities',
  user: 'users',
  client: 'clients',
  center: 'centers',
  rule: 'cancelRules',
  meetingroom: 'spaces',
  package: 'packages',
  voucher: 'vouchers',
  userbooking: 'bookings',
}

/** Which table an id-like field names, by its name. */
function tableOfField(name: string): string | undefined {
  if (/center/i.test(name)) return 'centers'
  if (/room|space|meeting/i.test(name)) return 'spaces'
  if (/client_?id$/i.test(name)) return 'clients'
  if (/^user_?id$/i.test(name)) return 'users'
  if (/^(org_id|organization_?id|orgId)$/i.test(name)) return 'organizations'
  if (/package/i.test(name)) return 'packages'
  if (/booking|invoice/i.test(name)) return 'bookings'
  if (/amenit/i.test(name)) return 'amenities'
  if (/global_?region/i.test(name)) return 'globalRegions'
  if (/region/i.test(name)) return 'regions'
  if (/country/i.test(name)) return 'countries'
  return undefined
}

// ---------------------------------------------------------------------------------------------
// Values

const hugeString = 'x'.repeat(10_000)
const impossibleDates = ['2024-13-01', '9999-99-99', '0000-00-00', '2024-02-30', '2023-02-29', '1899-12-31']
/** Strings that have broken servers: huge, NUL, emoji, right-to-left, lone surrogates, injections, numbers and dates that are not. */
const nastyStrings = [
  '',
  ' ',
  hugeString,
  '\u0000',
  'a\u0000b',
  '😀👩‍👩‍👧‍👦'.repeat(40),
  '\u202Eevil\u202C',
  'שלום עולם',
  'مرحبا بالعالم',
  '\uD800',
  '\uFEFF',
  "' OR 1=1 --",
  '"; drop table users; --',
  '%',
  '%00',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}<%= 7*7 %>#{7*7}',
  '\\',
  '\r\n\t',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1F',
  '9007199254740993',
  '-2147483649',
  '12.345',
  'true',
  'null',
  '[]',
  '{}',
  ...impossibleDates,
  '30/02/2024',
  '24:00',
  '23:60',
  '1900-01-01',
  '9998-12-31',
  '9999-12-31',
  '2024-01-01 25:00',
]
/** JSON values of every type, at their edges. */
const nastyValues: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  -1e308,
  1e308,
  [],
  {},
  [null],
  [[[[[]]]]],
  { a: { b: { c: {} } } },
  Array.from({ length: 1000 }, (_, i) => i),
  hugeString,
]

const nastyString = fc.constantFrom(...nastyStrings)
const nastyValue = fc.oneof(nastyString, fc.constantFrom(...nastyValues))

const sydneyToday = wallClock(new Date(), 'Australia/Sydney').date
const realisticDates = [-400, -30, -1, 0, 1, 2, 7, 30, 120, 121, 400].map((d) => addDays(sydneyToday, d))
const times = [
  '00:00',
  '07:00',
  '08:00',
  '09:00',
  '10:00',
  '10:15',
  '12:00',
  '13:30',
  '17:00',
  '23:45',
  '23:59',
]
const dateArb = fc.oneof(
  { arbitrary: fc.constantFrom(...realisticDates), weight: 4 },
  { arbitrary: fc.constantFrom(...impossibleDates, '1900-01-01', '9998-12-31', '9999-12-31', ''), weight: 1 },
)
const timeArb = fc.constantFrom(...times, '24:00', '9:00', '')
const moneyArb = fc.constantFrom(
  '0',
  '1',
  '10.50',
  '99.99',
  '1500',
  '9999999999.99',
  '1.005',
  '-5',
  12.5,
  0,
  100,
)
const emailArb = fc.constantFrom(
  'fuzz@example.test',
  'alice@acme.test',
  'not-an-email',
  'a@b',
  `${'a'.repeat(300)}@x.test`,
)

function idArb(table: string | undefined): fc.Arbitrary<number> {
  const ids = (table && realIds[table]) || []
  const anyId = fc.integer({ min: 1, max: 40 })
  return ids.length
    ? fc.oneof({ arbitrary: fc.constantFrom(...ids), weight: 4 }, { arbitrary: anyId, weight: 1 })
    : anyId
}

/** What a field's name (and its schema's pattern) says its values look like, beyond its type. */
function valuesByName(name: string, schema: JsonSchema): fc.Arbitrary<unknown> | undefined {
  if (/^new(Start|End)Time$/.test(name))
    return fc.tuple(dateArb, timeArb).map(([date, time]) => `${date} ${time}`)
  if (/date/i.test(name) && schema.pattern?.includes('/'))
    return dateArb.map((date) => date.split('-').reverse().join('/'))
  if (/date|^valid_(from|to)$/i.test(name)) return dateArb
  if (/_time$|Time$/.test(name)) return timeArb
  if (/_ids$|Ids$/.test(name)) return fc.array(idArb(tableOfField(name.replace(/s$/, ''))), { maxLength: 3 })
  if (/(^id$|_id$|Id$)/.test(name)) return idArb(tableOfField(name))
  if (/email/i.test(name)) return emailArb
  if (/amount|value|percent|price|bond|Refund$|revenue/i.test(name)) return moneyArb
  return undefined
}

let documentSchemas: Record<string, JsonSchema> = {}
function resolve(schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema
  return documentSchemas[schema.$ref.split('/').pop() ?? ''] ?? {}
}

const matchingArbitraries = new Map<string, fc.Arbitrary<string> | undefined>()

/**
 * fast-check's stringMatching for a schema's pattern, or nothing when the pattern is beyond it.
 * Built once per pattern: a \p{L} class enumerates every letter of Unicode.
 */
function matching(pattern: string, maxLength: number | undefined): fc.Arbitrary<string> | undefined {
  const key = `${pattern} ${maxLength}`
  if (!matchingArbitraries.has(key)) {
    let arbitrary: fc.Arbitrary<string> | undefined
    try {
      arbitrary = fc.stringMatching(new RegExp(pattern, 'u'), { size: 'xsmall', maxLength: maxLength ?? 40 })
    } catch {
      arbitrary = undefined
    }
    matchingArbitraries.set(key, arbitrary)
  }
  return matchingArbitraries.get(key)
}

/** A value the schema allows (mostly), from its type, enum, pattern and bounds. */
function schemaValue(raw: JsonSchema, name: string, depth: number): fc.Arbitrary<unknown> {
  const schema = resolve(raw)
  const inner = typedValue(schema, name, depth)
  return schema.nullable
    ? fc.oneof({ arbitrary: inner, weight: 5 }, { arbitrary: fc.constant(null), weight: 1 })
    : inner
}

function typedValue(schema: JsonSchema, name: string, depth: number): fc.Arbitrary<unknown> {
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf
  if (branches?.length) return fc.oneof(...branches.map((b) => schemaValue(b, name, depth)))
  if (schema.enum?.length) return fc.constantFrom(...schema.enum)
  switch (schema.type) {
    case 'object':
      return depth > 3 ? fc.constant({}) : objectValue(schema, depth + 1)
    case 'array':
      return fc.array(schema.items ? fieldValue(schema.items, name, depth + 1) : nastyValue, {
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      })
    case 'integer': {
      // Near the schema's lower bound: ids, counts and years live there, not at 2^53.
      const min = Math.max(schema.minimum ?? -5, -5)
      return fc.integer({ min, max: Math.max(min, Math.min(schema.maximum ?? min + 100, min + 200)) })
    }
    case 'number':
      return fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.double({ min: 0, max: 1000, noNaN: true }))
    case 'boolean':
      return fc.boolean()
    case 'string': {
      const pattern = schema.pattern ? matching(schema.pattern, schema.maxLength) : undefined
      return (
        pattern ??
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 20) })
      )
    }
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean())
  }
}

/** A field's value: what its schema and name allow, now and then something nasty. */
function fieldValue(schema: JsonSchema, name: string, depth = 0): fc.Arbitrary<unknown> {
  const byName = valuesByName(name, resolve(schema))
  return fc.oneof(
    { arbitrary: schemaValue(schema, name, depth), weight: byName ? 2 : 6 },
    ...(byName ? [{ arbitrary: byName, weight: 6 }] : []),
    { arbitrary: nastyValue, weight: 1 },
  )
}

/** `arbitrary`'s value one time in `oneIn`, otherwise undefined. */
function sometimes<T>(arbitrary: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | undefined> {
  return fc.oneof({ arbitrary: fc.constant(undefined), weight: oneIn - 1 }, { arbitrary, weight: 1 })
}

const unknownKeys = ['unknown_field', '__proto__', 'constructor', 'organization_id', 'id', '']

/** An object of the schema: its keys (a required one left out now and then) and now and then one it does not know. */
function objectValue(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {})
  const required = (schema.required ?? []).filter((key) => schema.properties?.[key])
  const record = fc.record(
    Object.fromEntries(properties.map(([key, s]) => [key, fieldValue(s, key, depth)])),
    {
      requiredKeys: required,
    },
  )
  return fc
    .tuple(
      record,
      sometimes(fc.constantFrom(...(required.length ? required : ['-'])), 8),
      sometimes(fc.tuple(fc.constantFrom(...unknownKeys), nastyValue), 8),
    )
    .map(([value, drop, extra]) => {
      const result: Record<string, unknown> = { ...value }
      if (drop) delete result[drop]
      if (extra)
        Object.defineProperty(result, extra[0], { value: extra[1], enumerable: true, writable: true })
      return result
    })
}

/** The properties a body schema knows for a body: its own, or those of the oneOf branch of the body's `code`. */
function propertiesFor(body: Record<string, unknown>, raw: JsonSchema): Record<string, JsonSchema> {
  const schema = resolve(raw)
  const branches = (schema.oneOf ?? schema.anyOf ?? []).map(resolve)
  const branch = branches.find((b) => b.properties?.code?.enum?.includes(body.code)) ?? branches[0]
  return schema.properties ?? branch?.properties ?? {}
}

/** A good body with a field or two changed (to a good value or a nasty one), so the service code runs. */
function mutatedRecord(
  bases: Record<string, unknown>[],
  schema: JsonSchema,
): fc.Arbitrary<Record<string, unknown>> {
  return fc.constantFrom(...bases).chain((base) => {
    const properties = propertiesFor(base, schema)
    const keys = [...new Set([...Object.keys(properties), ...Object.keys(base)])].filter((k) => k !== 'code')
    if (!keys.length) return fc.constant(base)
    const change = fc
      .constantFrom(...keys)
      .chain((key) => fc.tuple(fc.constant(key), fieldValue(properties[key] ?? {}, key)))
    return fc.array(change, { maxLength: 2 }).map((changes) => ({ ...base, ...Object.fromEntries(changes) }))
  })
}

// ---------------------------------------------------------------------------------------------
// Requests

const malformedBodies = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'not json',
  '[',
  'null',
  '""',
  '0',
  '[]',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"a":"\\ud800"}',
  '\u0000',
  '{"a":1}{"b":2}',
  JSON.stringify({ a: hugeString }),
]
const contentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/json; charset=latin1',
  'application/xml',
  '',
]
const ranges = [
  'bytes=0-',
  '0-99999999',
  '-5',
  'a-b',
  '0-19',
  '20-39',
  '5-2',
  '0-999',
  '0-1000',
  'items=0-9',
  '',
  ' 0-1 ',
  '0-1,2-3',
  '99999999999-1',
]
const badPathValues = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '99999999999999999999',
  '2147483648',
  'abc',
  '%00',
  encodeURIComponent('😀'),
  'x'.repeat(300),
  '%2E%2E%2F%2E%2E',
  '%20',
  'null',
]

/** encodeURIComponent, with a lone surrogate (which it refuses) sent as its bytes: invalid UTF-8. */
function encode(text: string): string {
  return Array.from(text, (c) => {
    try {
      return encodeURIComponent(c)
    } catch {
      return '%ED%A0%80'
    }
  }).join('')
}

/** A query value as the client would write it: mostly encoded, sometimes raw (a stray % or &). */
function queryPart(name: string, value: unknown, raw: boolean): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '')
  const values = Array.isArray(value) && value.length ? value.map((v) => String(v)) : [text]
  return values.map((v) => `${encode(name)}=${raw ? v : encode(v)}`).join('&')
}

/**
 * The heavy downloads (run sheet PDF, Excel export, confirmation PDF) take seconds each; the
 * count-heavy loop leaves them out and they are called a few times each below.
 */
const heavyQueryParams = new Set(['pdf', 'bookingSheet', 'invoice_pdf'])

function requestArbitrary(operation: Operation, role: Role): fc.Arbitrary<FuzzRequest> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path')
  const queryParams = operation.parameters.filter((p) => p.in === 'query' && !heavyQueryParams.has(p.name))
  const table = pathTables[operation.path.split('/')[2] ?? '']

  const pathValues = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [
        p.name,
        p.name === 'key'
          ? fc.constantFrom('booking-list', 'unknown', '%00', 'x'.repeat(250))
          : fc.oneof(
              { arbitrary: idArb(table).map(String), weight: 6 },
              { arbitrary: fc.constantFrom(...badPathValues), weight: 2 },
            ),
      ]),
    ),
  )
  // The query as an object of its parameters: the required ones (nearly always), others now and then.
  const querySchema: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema ?? {}])),
    required: queryParams.filter((p) => p.required).map((p) => p.name),
  }
  const query = fc.tuple(
    objectValue(querySchema, 0),
    fc.oneof({ arbitrary: fc.constant(false), weight: 5 }, { arbitrary: fc.constant(true), weight: 1 }),
    sometimes(
      fc.constantFrom('%', '%E0%A4%A', '&&&', '=', '==x', 'a[b]=1', 'a[__proto__]=1', `q=${hugeString}`),
      6,
    ),
  )

  const bodySchema = operation.body
  const bases = goodBodies[`${operation.method} ${operation.path}`]
  const jsonBody: fc.Arbitrary<unknown> = bodySchema
    ? fc.oneof(
        { arbitrary: schemaValue(bodySchema, '', 0), weight: 4 },
        ...(bases?.length ? [{ arbitrary: mutatedRecord(bases, bodySchema), weight: 5 }] : []),
        { arbitrary: nastyValue, weight: 1 },
      )
    : fc.constant(undefined)
  const body = fc.oneof(
    {
      arbitrary: jsonBody.map((value) => ({
        text: value === undefined ? undefined : JSON.stringify(value),
        type: 'application/json',
      })),
      weight: 8,
    },
    {
      arbitrary: fc.constantFrom(...malformedBodies).map((text) => ({ text, type: 'application/json' })),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(jsonBody, fc.constantFrom(...contentTypes))
        .map(([value, type]) => ({ text: JSON.stringify(value ?? {}), type })),
      weight: 1,
    },
  )

  const headers = fc.record({
    range: sometimes(fc.constantFrom(...ranges), 3),
    idempotency: sometimes(fc.oneof(nastyString, fc.uuid()), 3),
    garbageCookie: sometimes(nastyString, 3),
    // Fastify answers HEAD for every GET route.
    head: sometimes(fc.constant(true), 10),
  })

  return fc
    .tuple(pathValues, query, body, headers)
    .map(([params, [queryValues, raw, rawTail], sentBody, extra]) => {
      let url = operation.path
      for (const [name, value] of Object.entries(params)) url = url.replace(`{${name}}`, String(value))
      const queryString = [
        ...Object.entries(queryValues).map(([name, value]) =>
          queryPart(name, value, raw && typeof value === 'string'),
        ),
        ...(rawTail ? [rawTail] : []),
      ].join('&')
      if (queryString) url += `?${queryString}`
      const method = operation.method === 'GET' && extra.head ? 'HEAD' : operation.method
      const request: FuzzRequest = { role, method, url, headers: {} }
      // A signed-in role's cookie is added when the request is sent: a fuzzed sign-out renews it.
      if (role === 'anonymous' && extra.garbageCookie !== undefined)
        request.headers.cookie = `sb_session=${encode(extra.garbageCookie)}`
      if (operation.method === 'GET' && extra.range !== undefined) request.headers.range = extra.range
      if (operation.method === 'PUT' && extra.idempotency !== undefined)
        request.headers['idempotency-key'] = encode(extra.idempotency)
      if (operation.method !== 'GET' && operation.method !== 'DELETE' && sentBody.text !== undefined) {
        request.body = sentBody.text
        request.bodySchema = operation.body
        if (sentBody.type) request.headers['content-type'] = sentBody.type
      }
      return request
    })
}

/**
 * The document's operations, GETs first and DELETEs last, so archiving a record comes after reading
 * it; archiving an organization last of all, as it signs its admin and csr out for good.
 */
function operationsOf(document: OpenApiDocument): Operation[] {
  const order = ['get', 'post', 'put', 'delete']
  const operations: Operation[] = []
  for (const [docPath, methods] of Object.entries(document.paths)) {
    for (const [method, spec] of Object.entries(methods)) {
      if (!order.includes(method)) continue
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path: docPath,
        parameters: spec.parameters ?? [],
        body: spec.requestBody?.content?.['application/json']?.schema,
      })
    }
  }
  const rank = (o: Operation) =>
    o.method === 'DELETE' && o.path === '/api/organization/{id}'
      ? order.length
      : order.indexOf(o.method.toLowerCase())
  return operations.sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path))
}

/** A view cut to what the body schema takes (a GET shows more than its PUT accepts, e.g. `password_set`). */
function fitted(value: unknown, raw: JsonSchema): unknown {
  const schema = resolve(raw)
  const branch = (schema.anyOf ?? schema.oneOf)
    ?.map(resolve)
    .find((b) => b.type === 'object' || b.type === 'array')
  if (branch) return fitted(value, branch)
  if (Array.isArray(value))
    return schema.items ? value.map((item) => fitted(item, schema.items ?? {})) : value
  if (!value || typeof value !== 'object' || !schema.properties) return value
  const properties = schema.properties
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key in properties)
      .map(([key, item]) => [key, fitted(item, properties[key] ?? {})]),
  )
}

/** A record of each PUT/POST's own kind, read through its GET, for the mutated bodies. */
async function loadRealBodies(operations: Operation[]) {
  for (const operation of operations) {
    if (operation.method !== 'PUT' && operation.method !== 'POST') continue
    const itemPath = operation.path.endsWith('/{id}') ? operation.path : `${operation.path}/{id}`
    const table = pathTables[operation.path.split('/')[2] ?? '']
    const id = table ? realIds[table]?.[0] : undefined
    if (!id || !operations.some((o) => o.method === 'GET' && o.path === itemPath)) continue
    const response = await t.api(cookies.super, 'GET', itemPath.replace('{id}', String(id)))
    const properties = resolve(operation.body ?? {}).properties
    if (response.statusCode !== 200 || !properties) continue
    goodBodies[`${operation.method} ${operation.path}`] = [
      fitted(response.json(), operation.body ?? {}) as Record<string, unknown>,
    ]
  }
  // A booking of the demo data's kind, on a day past its bookings, for the quote and the create.
  const booking = {
    organization_id: await idByName(t, organizations, 'Harbour Workspaces'),
    center_id: await idByName(t, centers, 'Circular Quay'),
    meeting_room_id: await idByName(t, spaces, 'Harbour Room A'),
    booking_date: addDays(sydneyToday, 121),
    start_time: '10:00',
    end_time: '11:00',
    client_id: await idByName(t, clients, 'Acme Consulting'),
    user_id: await userIdByEmail(t, 'alice@acme.test'),
    attendees: 2,
    room_amount: null,
    payment_status: 'invoice',
  }
  goodBodies['POST /api/userbooking'] = [booking]
  goodBodies['POST /api/userbooking/quote'] = [booking]
  // One of each booking operation (spec 2 §7), on a slot of the same kind.
  const slot = (time: string) => `${booking.booking_date} ${time}`
  goodBodies['PUT /api/userbooking/{id}'] = [
    { code: 'NOTES', post_booking_notes: 'Fuzzed notes' },
    { code: 'CONFIRM' },
    { code: 'CONFIRM_ALL' },
    { code: 'CHANGE_PAYMENT_STATUS', is_paid: 1 },
    { code: 'full', bookingType: 'single', refundPercent: '50' },
    { code: 'full', bookingType: 'recurring', refundPercent: '100' },
    { code: 'partial', roomAmountRefund: '1.00', roomNotes: 'Fuzzed refund' },
    {
      code: 'additional_charges',
      adhocCharges: [
        {
          charge_type: 'room',
          room_code_id: 'ROOM',
          additional_booking_charge_value: '10.00',
          reason_for_additional_booking_charge: 'Fuzzed charge',
        },
      ],
    },
    { code: 'CHARGE_COMMISSION', additionalCommissionAmount: '5.00' },
    {
      code: 'RESCHEDULE_BOOKING',
      newMeetingRoomId: booking.meeting_room_id,
      newStartTime: slot('14:00'),
      newEndTime: slot('15:00'),
      reason: 'Fuzzed reschedule',
    },
  ]
}

// ---------------------------------------------------------------------------------------------
// Sending and judging

interface Outcome {
  request: FuzzRequest
  /** Whether the role's session went with it (a role whose organization was archived has none left). */
  signedIn: boolean
  status: number
  ms: number
  problem: string
  answer: string
}

/** What must never show in an answer (unless the request itself said it). */
const leaks: [string, RegExp][] = [
  ['a stack frame', /\n\s+at \S+|\bat (async )?[\w$.<>]+ \((file:|node:|\/)/],
  // A class name: the spec's own messages begin "Error: " (e.g. "Error: Client already exist.").
  ['an error class', /\b[A-Z][A-Za-z]*Error:/],
  [
    'SQL',
    /\bselect\s+(distinct\s+)?("|\*|\w+\.\w+|count\()|\binsert into\b|\bdelete from\b|\bupdate\s+"\w+"\s+set\b/i,
  ],
  ['a database error', /syntax error at|relation "|violates .* constraint|column "/i],
  [
    'a server path',
    new RegExp(`${process.cwd().replaceAll('/', '\\/')}|node_modules|apps\\/api\\/src|\\.ts:\\d+`),
  ],
]

/** zod's own texts, which no answer may carry: every refusal is a sentence naming the field and the rule. */
const zodTexts =
  /Invalid input|expected \w+, received|Too (big|small):|Invalid (string|option|format|key|element|union)|Unrecognized key/

/**
 * A 400's message for a body field sent longer than its schema's maxLength must name that limit
 * ("Subject must be at most 255 characters."), not another rule ("Please fill out this field").
 */
function overLongProblem(request: FuzzRequest, status: number, answer: string): string {
  if (request.overLong && (status !== 400 || !answer.includes(request.overLong)))
    return `answered ${status} to ${request.overLong} over its limit: ${answer.slice(0, 300)}`
  if (status !== 400 || !request.body || !request.bodySchema) return ''
  let sent: unknown
  let errors: Record<string, string> | undefined
  try {
    sent = JSON.parse(request.body)
    errors = (JSON.parse(answer) as { errors?: Record<string, string> }).errors
  } catch {
    return ''
  }
  if (!errors || !sent || typeof sent !== 'object' || Array.isArray(sent)) return ''
  const properties = propertiesFor(sent as Record<string, unknown>, request.bodySchema)
  for (const [key, value] of Object.entries(sent)) {
    const max = resolve(properties[key] ?? {}).maxLength
    const message = errors[key]
    if (typeof value !== 'string' || max === undefined || value.trim().length <= max || !message) continue
    if (!message.includes(String(max)))
      return `answers "${message}" for ${key} of ${value.length} characters (at most ${max})`
  }
  return ''
}

const binaryTypes = /^(application\/pdf|application\/vnd\.openxmlformats|application\/octet-stream|image\/)/

async function send(request: FuzzRequest): Promise<Outcome> {
  const started = performance.now()
  const cookie = cookies[request.role]
  const response = await t.app.inject({
    method: request.method,
    url: request.url,
    headers: cookie ? { ...request.headers, cookie } : request.headers,
    // Another address than the sign-ins', so fuzzed sign-in failures never lock the roles out.
    remoteAddress: '198.51.100.7',
    ...(request.body === undefined ? {} : { payload: request.body }),
  })
  const ms = performance.now() - started
  const answer = binaryTypes.test(String(response.headers['content-type'] ?? '')) ? '' : response.body
  const sent = `${request.url}\n${request.body ?? ''}`
  let problem = ''
  if (response.statusCode >= 500) problem = `answered ${response.statusCode}`
  else if (ms > SLOW_MS) problem = `took ${Math.round(ms)} ms`
  else {
    const leak = leaks.find(([, pattern]) => pattern.test(answer) && !pattern.test(sent))
    if (leak) problem = `shows ${leak[0]}`
    else if (zodTexts.test(answer) && !zodTexts.test(sent)) problem = "shows zod's own text"
    else problem = overLongProblem(request, response.statusCode, answer)
  }
  return { request, signedIn: Boolean(cookie), status: response.statusCode, ms, problem, answer }
}

/**
 * A signed-in role that got a 401 lost its session (a fuzzed sign-out): it signs in again. When it
 * cannot (its organization was archived), it goes on without a session.
 */
async function keepSignedIn(outcome: Outcome) {
  const role = outcome.request.role
  if (role === 'anonymous' || outcome.status !== 401 || !cookies[role]) return
  const profile = await t.api(cookies[role], 'GET', '/api/profile')
  if (profile.statusCode !== 401) return
  cookies[role] = await t.signIn(signInOf[role]).catch(() => null)
}

const shorten = (text: string, max = 1500) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text

function describeFailure(index: number, outcome: Outcome): string {
  const { request } = outcome
  const headers = outcome.signedIn
    ? { cookie: `<${request.role}'s session>`, ...request.headers }
    : request.headers
  const who = outcome.signedIn ? request.role : `${request.role} (no session)`
  return [
    `#${index} ${outcome.problem}: ${request.method} ${shorten(request.url, 600)} as ${who}`,
    `  headers: ${JSON.stringify(headers)}`,
    `  body: ${request.body === undefined ? '(none)' : shorten(JSON.stringify(request.body))}`,
    `  answer ${outcome.status} in ${Math.round(outcome.ms)} ms: ${shorten(outcome.answer, 500)}`,
  ].join('\n')
}

/** Requests every route of the document gets, generated per route and role with the fixed seed. */
function generatedRequests(operations: Operation[], publicRoutes: Set<string>): FuzzRequest[] {
  const requests: FuzzRequest[] = []
  operations.forEach((operation, index) => {
    for (const role of roles) {
      const isPublic = publicRoutes.has(`${operation.method} ${operation.path}`)
      const numRuns = role === 'anonymous' && !isPublic ? RUNS_ANONYMOUS : RUNS_SIGNED_IN
      // A seed per route and role: adding a route does not change the requests of the others.
      const seed = SEED + index * roles.length + roles.indexOf(role)
      requests.push(...fc.sample(requestArbitrary(operation, role), { seed, numRuns }))
    }
  })
  return requests
}

/** The heavy downloads, a few times each: filtered, unfiltered, with impossible and reversed dates. */
function heavyRequests(): FuzzRequest[] {
  const booking = realIds.bookings?.[0] ?? 1
  const from = sydneyToday
  const to = addDays(sydneyToday, 7)
  const urls = [
    `/api/userbooking?pdf=true&start_date=${from}&end_date=${to}`,
    `/api/userbooking?pdf=true&start_date=${to}&end_date=${from}`,
    `/api/userbooking?pdf=true&start_date=2024-13-01&part=0`,
    `/api/userbooking?pdf=true&part=99999&search=%00`,
    `/api/userbooking?bookingSheet=1&start_date=${from}&end_date=${to}&order=net_amount`,
    `/api/userbooking?bookingSheet=1&start_date=9999-99-99`,
    `/api/userbooking?bookingSheet=1&search=${encodeURIComponent('😀\u202E')}`,
    `/api/userbooking?invoice_pdf=true&invoice_id=${booking}`,
    '/api/userbooking?invoice_pdf=true&invoice_id=99999999999999',
    '/api/userbooking?invoice_pdf=true&invoice_id=%00',
    '/api/userbooking?invoice_pdf=false',
  ]
  return (['super', 'admin', 'csr'] as const).flatMap((role) =>
    urls.map((url) => ({ role, method: 'GET' as const, url, headers: {} })),
  )
}

/**
 * Each good body with one string field one character over its schema's maxLength, as super: the
 * answer must name that limit for that field.
 */
function overLongRequests(operations: Operation[]): FuzzRequest[] {
  const requests: FuzzRequest[] = []
  for (const operation of operations) {
    const bodySchema = operation.body
    const base = goodBodies[`${operation.method} ${operation.path}`]?.[0]
    if (!bodySchema || !base) continue
    const id = realIds[pathTables[operation.path.split('/')[2] ?? ''] ?? '']?.[0] ?? 1
    const url = operation.path.replace('{id}', String(id))
    for (const [key, raw] of Object.entries(propertiesFor(base, bodySchema))) {
      const field = resolve(raw)
      const schema = (field.anyOf ?? field.oneOf ?? [field]).map(resolve).find((b) => b.type === 'string')
      const max = schema?.maxLength
      if (!schema || max === undefined || max >= 100_000 || schema.pattern || schema.format) continue
      requests.push({
        role: 'super',
        method: operation.method,
        url,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...base, [key]: 'x'.repeat(max + 1) }),
        bodySchema,
        overLong: key,
      })
    }
  }
  return requests
}

/** The web fallback (not in the document): paths that are long, undecodable, NUL, outside, unicode. */
function webRequests(): FuzzRequest[] {
  const paths = fc.sample(
    fc.oneof(
      fc.constantFrom(
        '/',
        '/admin/client/list',
        '/assets/app.js',
        '/index.html/x',
        `/${'a'.repeat(10_000)}`,
        '/%00',
        '/%E0%A4%A',
        '/%',
        '/../../etc/passwd',
        '/%2e%2e/%2e%2e/etc/passwd',
      ),
      fc.string({ unit: 'binary', maxLength: 40 }).map((s) => `/${encode(s)}`),
      fc.string({ maxLength: 40 }).map((s) => `/${s.replace(/[?#]/g, '')}`),
    ),
    { seed: SEED, numRuns: 60 },
  )
  return paths.map((url) => ({ role: 'anonymous', method: 'GET', url, headers: {} }))
}

describe('the fuzzer', () => {
  it('answers every generated request without a 5xx, a slow answer or internals in the body', async () => {
    const document = t.app.swagger() as unknown as OpenApiDocument
    documentSchemas = document.components?.schemas ?? {}
    const operations = operationsOf(document)
    const publicRoutes = new Set(
      t.routeAccess
        .filter((r) => r.access === 'public')
        .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`),
    )
    await loadRealBodies(operations)
    const requests = [
      ...webRequests(),
      ...heavyRequests(),
      ...overLongRequests(operations),
      ...generatedRequests(operations, publicRoutes),
    ]

    const started = performance.now()
    const failures: string[] = []
    for (const [index, request] of requests.entries()) {
      const outcome = await send(request)
      if (outcome.problem) failures.push(describeFailure(index, outcome))
      await keepSignedIn(outcome)
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.info(
      `fuzzer: ${requests.length} requests, ${operations.length} operations, ${seconds} s, seed ${SEED}`,
    )
    expect(failures, failures.join('\n\n')).toEqual([])
  }, 240_000)
})
