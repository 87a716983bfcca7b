import { billingSheetColumns } from '@spaceboard/domain'
import type { TestApp } from '../helpers.ts'

/** RFC 4180 CSV, as a spreadsheet program reads it (quoted fields, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  const body = text.replace(/^\ufeff/, '')
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"'
        i++
      } else if (ch === '"') quoted = false
      else field += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      row.push(field)
      field = ''
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      i++
    } else field += ch
  }
  if (field !== '' || row.length) {
    row.push(field)
    rows.push(row)
  }
  return rows
}

export type Line = Record<(typeof billingSheetColumns)[number], string>

/** The export's rows keyed by the default column names (the file's headers may be renamed). */
export function linesOf(csv: string): { headers: string[]; lines: Line[] } {
  const [headers = [], ...rows] = parseCsv(csv)
  const lines = rows.map(
    (cells) => Object.fromEntries(billingSheetColumns.map((column, i) => [column, cells[i] ?? ''])) as Line,
  )
  return { headers, lines }
}

export const cents = (text: string) => Math.round(Number(text) * 100)

export function billingApi(t: TestApp) {
  return {
    exportCsv: (cookie: string, query: string) =>
      t.api(cookie, 'GET', `/api/userbooking/?billing=true&export=csv&${query}`),
    async lines(cookie: string, query: string) {
      const response = await t.api(cookie, 'GET', `/api/userbooking/?billing=true&export=csv&${query}`)
      if (response.statusCode !== 200) throw new Error(`export: ${response.statusCode} ${response.body}`)
      return linesOf(response.body)
    },
    /** MARK_EXPORTED on the path of `id`, a booking of the marking organization. */
    mark: (cookie: string, body: Record<string, unknown>, id: number) =>
      t.api(cookie, 'PUT', `/api/userbooking/${id}`, { code: 'MARK_EXPORTED', ...body }),
    act: (cookie: string, id: number, body: Record<string, unknown>) =>
      t.api(cookie, 'PUT', `/api/userbooking/${id}`, body),
    async book(cookie: string, body: Record<string, unknown>) {
      const response = await t.api(cookie, 'POST', '/api/userbooking', {
        amenity_ids: [],
        payment_status: 'invoice',
        attendees: 2,
        ...body,
      })
      if (response.statusCode !== 201) throw new Error(`booking: ${response.body}`)
      return response.json().bookingId as number
    },
    view: async (cookie: string, id: number) => (await t.api(cookie, 'GET', `/api/userbooking/${id}`)).json(),
  }
}
