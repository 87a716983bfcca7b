import { once } from 'node:events'
import { PassThrough } from 'node:stream'
import type { FastifyReply } from 'fastify'

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

/**
 * Waits, between two batches, until the zip has compressed and the reader has taken what was written.
 * The embedded PGlite answers without any I/O turn: without this wait the whole sheet piled up in
 * memory and the first byte left only at the end. A slow reader holds the export back (backpressure).
 * Answers false once the stream is destroyed.
 */
async function readerKeepsUp(stream: PassThrough): Promise<boolean> {
  if (stream.destroyed) return false
  if (!stream.writableNeedDrain) {
    await new Promise(setImmediate)
    return !stream.destroyed
  }
  const done = new AbortController()
  try {
    await Promise.race([
      once(stream, 'drain', { signal: done.signal }),
      once(stream, 'close', { signal: done.signal }),
    ])
  } finally {
    done.abort()
  }
  return !stream.destroyed
}

/**
 * Streams a one-sheet workbook to the reply while rows are read in batches: memory stays flat
 * whatever the number of rows.
 */
export async function streamWorkbook(
  reply: FastifyReply,
  filename: string,
  columns: readonly string[],
  batches: AsyncIterable<unknown[][]>,
) {
  const stream = new PassThrough()
  reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', attachment(filename))
    .header('Cache-Control', 'no-store')
    .send(stream)
  // Loaded on the first export only: most processes never write a spreadsheet.
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true })
  const sheet = workbook.addWorksheet('Sheet1')
  sheet.columns = columns.map((header) => ({ header, key: header, width: Math.max(12, header.length + 2) }))
  sheet.getRow(1).font = { bold: true }
  sheet.getRow(1).commit()
  for await (const batch of batches) {
    for (const row of batch) sheet.addRow(row.map(safeCell)).commit()
    // The client went away (Fastify destroys the stream): read no further batches.
    if (!(await readerKeepsUp(stream))) return reply
  }
  sheet.commit()
  await workbook.commit()
  return reply
}
