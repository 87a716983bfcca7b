import { PassThrough } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { streamWriter } from './stream-writer.ts'
import { attachment, safeCell } from './xlsx.ts'

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; formulas neutralised. */
export function csvField(value: unknown): string {
  const cell = safeCell(value)
  if (cell === null) return ''
  const text = cell instanceof Date ? cell.toISOString() : String(cell)
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvField).join(',')}\r\n`

/**
 * Streams a CSV file to the reply while rows are read in batches (see streamWriter).
 */
export async function streamCsv(
  reply: FastifyReply,
  filename: string,
  columns: readonly string[],
  batches: AsyncIterable<unknown[][]>,
) {
  const output = new PassThrough()
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', attachment(filename))
    .header('Cache-Control', 'no-store')
    .send(output)
  const write = streamWriter(output)
  // The byte order mark lets spreadsheet programs read the file as UTF-8.
  let open = await write(`\ufeff${csvLine(columns)}`)
  for await (const batch of batches) {
    if (open) open = await write(batch.map(csvLine).join(''))
    if (!open) break
  }
  if (open) output.end()
  return reply
}
