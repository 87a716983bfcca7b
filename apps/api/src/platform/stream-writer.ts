import { once } from 'node:events'
import type { PassThrough } from 'node:stream'
import { nextTurn } from './next-turn.ts'

/**
 * A writer of text chunks to a streamed reply's body that waits while the reader is behind and
 * answers false once the reader has gone away, so an export's memory stays flat whatever its size.
 * `into` is what the chunks go to, `reply` the stream the reader reads (the same, unless the chunks
 * go through something first: the workbook's sheet is zipped into the reply).
 */
export function streamWriter(into: PassThrough, reply: PassThrough = into) {
  return async (chunk: string): Promise<boolean> => {
    if (reply.destroyed) return false
    if (!into.write(chunk)) {
      const done = new AbortController()
      try {
        await Promise.race([
          once(into, 'drain', { signal: done.signal }),
          once(reply, 'close', { signal: done.signal }),
        ])
      } catch {
        return false
      } finally {
        done.abort()
      }
    }
    // A turn of the event loop after every chunk, waited for or not, before the next batch is read:
    // the embedded database answers without an I/O turn, and a drain can come within the turn that
    // read the batch (seen on PostgreSQL); the zip, the socket and other requests run meanwhile.
    await nextTurn()
    return !reply.destroyed
  }
}
