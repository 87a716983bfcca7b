import { PassThrough } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { streamWriter } from './stream-writer.ts'

/**
 * A phone number or signed number (+61 2 9111 2222, -5) stays as it is. Any other text that a
 * spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is
 * prefixed with an apostrophe, so an exported value can never execute (CSV/formula injection).
 */
export function safeCell(value: unknown): string | number | Date | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'number' || value instanceof Date) return value
  const text = String(value)
  if (/^[+-][\d\s().-]*$/.test(text)) return text
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

/** `attachment; filename=…` with the RFC 5987 form for names beyond ASCII. */
export function attachment(filename: string) {
  return `attachment; filename="${filename.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships'
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'

/** The fixed parts of a one-sheet workbook; styles: 0 normal, 1 bold header, 2 date-time. */
const packageParts: Record<string, string> = {
  '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  '_rels/.rels': `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  'xl/styles.xml': `${XML}<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
}

function escapeXml(text: string) {
  return (
    text
      // Characters XML 1.0 cannot carry at all.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what must go
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  )
}

/** A1-style column letters: 0 → A, 25 → Z, 26 → AA. */
function columnName(index: number): string {
  let name = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  return name
}

function cellXml(value: unknown, ref: string, style?: number): string {
  const cell = safeCell(value)
  if (cell === null || cell === '') return ''
  if (typeof cell === 'number') return Number.isFinite(cell) ? `<c r="${ref}"><v>${cell}</v></c>` : ''
  if (cell instanceof Date) {
    // Excel's serial date: days since 1899-12-30, UTC.
    return `<c r="${ref}" s="2"><v>${cell.getTime() / 86_400_000 + 25_569}</v></c>`
  }
  return `<c r="${ref}" t="inlineStr"${style ? ` s="${style}"` : ''}><is><t xml:space="preserve">${escapeXml(cell)}</t></is></c>`
}

function rowXml(cells: unknown[], rowNumber: number, style?: number) {
  return `<row r="${rowNumber}">${cells.map((c, i) => cellXml(c, `${columnName(i)}${rowNumber}`, style)).join('')}</row>`
}

/**
 * Streams a one-sheet workbook to the reply while rows are read in batches. The sheet is written
 * as SpreadsheetML straight into the zip stream (exceljs's streaming writer keeps a whole sheet in
 * memory until it is committed: ~100 MB for 50,000 rows), so memory stays flat whatever the size.
 * A slow reader holds the export back; a reader that goes away stops it.
 */
export async function streamWorkbook(
  reply: FastifyReply,
  filename: string,
  columns: readonly string[],
  batches: AsyncIterable<unknown[][]>,
) {
  // Loaded on the first export only; archiver is a CommonJS module (its function is the default export).
  const loaded = (await import('archiver')) as unknown as {
    default: (format: 'zip', options: { zlib: { level: number } }) => import('archiver').Archiver
  }
  const archiver = loaded.default
  const zip = archiver('zip', { zlib: { level: 6 } })
  const output = new PassThrough()
  zip.pipe(output)
  reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', attachment(filename))
    .header('Cache-Control', 'no-store')
    .send(output)
  for (const [name, xml] of Object.entries(packageParts)) zip.append(xml, { name })
  const sheet = new PassThrough()
  zip.append(sheet, { name: 'xl/worksheets/sheet1.xml' })

  /** Writes a chunk; waits while the zip and the reader are behind. False once the reader is gone. */
  const write = streamWriter(sheet, output)

  const cols = columns
    .map(
      (header, i) =>
        `<col min="${i + 1}" max="${i + 1}" width="${Math.max(12, header.length + 2)}" customWidth="1"/>`,
    )
    .join('')
  let open = await write(
    `${XML}<worksheet xmlns="${MAIN}"><cols>${cols}</cols><sheetData>${rowXml([...columns], 1, 1)}`,
  )
  let rowNumber = 1
  for await (const batch of batches) {
    if (open) open = await write(batch.map((row) => rowXml(row, ++rowNumber)).join(''))
    // The reader went away: read no further batches.
    if (!open) break
  }
  if (!open) {
    zip.abort()
    return reply
  }
  sheet.end('</sheetData></worksheet>')
  await zip.finalize()
  return reply
}
