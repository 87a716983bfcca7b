import { PassThrough } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { streamWriter } from './stream-writer.ts'

/**
 * Answers `{ success: true, data: [...] }` with the rows read in batches, written as they come
 * (see streamWriter): a list of any length without holding it in memory. Resolves when the last
 * row is handed over or the reader has gone away.
 */
export async function streamJsonData(reply: FastifyReply, batches: AsyncIterable<readonly unknown[]>) {
  const output = new PassThrough()
  reply
    .header('Content-Type', 'application/json; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(output)
  const write = streamWriter(output)
  let open = await write('{"success":true,"data":[')
  let first = true
  for await (const batch of batches) {
    if (!open) break
    if (batch.length === 0) continue
    open = await write(`${first ? '' : ','}${batch.map((row) => JSON.stringify(row)).join(',')}`)
    first = false
  }
  if (open) output.end(']}')
  return reply
}
