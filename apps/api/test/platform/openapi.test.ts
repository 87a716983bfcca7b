import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Document = { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> }

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
})
