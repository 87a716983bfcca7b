import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Operation = {
  summary?: string
  description?: string
  parameters?: { name: string; in: string }[]
  'x-spec-path'?: unknown
  'x-permission'?: unknown
}
type Document = { paths: Record<string, Record<string, Operation>> }

/** Every operation of the document as `GET /api/country/{id}` with its operation. */
function operations(): [string, Operation][] {
  const document = t.app.swagger() as unknown as Document
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  )
}

describe('the OpenAPI document', () => {
  it('lists only real query parameters: no zod record or passthrough turned into `type` and `additionalProperties`', () => {
    const document = t.app.swagger() as unknown as Document
    const bogus: string[] = []
    for (const [path, methods] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(methods))
        for (const parameter of operation.parameters ?? [])
          if (
            ['type', 'additionalProperties', 'properties', 'required', 'propertyNames'].includes(
              parameter.name,
            )
          )
            bogus.push(`${method.toUpperCase()} ${path} ${parameter.in} ${parameter.name}`)
    // A real one: the spec's GET api/setting?type=benchmarking (spec 3 §7).
    expect(bogus.filter((entry) => entry !== 'GET /api/setting query type')).toEqual([])
  })

  it('lists what GET /api/userbooking reads: the list, its export and run sheet, and the confirmation PDF', () => {
    const document = t.app.swagger() as unknown as Document
    const names = document.paths['/api/userbooking']?.get?.parameters?.map((p) => `${p.in} ${p.name}`)
    expect(names).toEqual(
      expect.arrayContaining(
        [
          'search',
          'order',
          'direct',
          'page',
          'booking',
          'bookingSheet',
          'pdf',
          'start_date',
          'end_date',
          'org_id',
          'business_center_id',
          'invoice_pdf',
          'invoice_id',
        ].map((name) => `query ${name}`),
      ),
    )
  })

  it('gives every operation a summary, and who may call it from the access its route declares', () => {
    const all = operations()
    expect(all.length).toBeGreaterThan(100)
    expect(all.filter(([, operation]) => !operation.summary?.trim()).map(([name]) => name)).toEqual([])
    const declared = new Map(t.routeAccess.map((r) => [`${r.method} ${r.url}`, r.access]))
    for (const [name, operation] of all) {
      const access = declared.get(name.replace(/\{(\w+)\}/g, ':$1'))
      expect(operation['x-permission'], name).toBe(access)
      expect(operation.description, name).toMatch(/(^|\n)Who: [^\n]+$/)
    }
  })

  it("names the spec's path where it differs from the route's: a method and path, 'not shown' or 'none'", () => {
    const marked = operations().filter(([, operation]) => operation['x-spec-path'] !== undefined)
    expect(marked.length).toBeGreaterThan(0)
    for (const [name, operation] of marked) {
      const specPath = operation['x-spec-path']
      expect(typeof specPath, name).toBe('string')
      if (specPath === 'not shown' || specPath === 'none') continue
      expect(specPath, name).toMatch(/^(GET|POST|PUT|DELETE) \/api\/\S+$/)
      // The route's own method and path is no difference: the mark is left out then.
      expect(String(specPath).split('?')[0]?.replace(/\/$/, ''), name).not.toBe(name)
    }
    const byName = new Map(marked)
    expect(byName.get('GET /api/organization/options')?.['x-spec-path']).toBe(
      'GET /api/organization/?all_organizations=',
    )
    expect(byName.get('POST /api/login')?.['x-spec-path']).toBe('not shown')
    expect(byName.get('GET /api/calendar/events')?.['x-spec-path']).toBe('none')
    expect(byName.has('GET /api/country')).toBe(false)
  })
})
