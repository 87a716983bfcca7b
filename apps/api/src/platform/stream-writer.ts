import { once } from 'node:events'
import type { PassThrough } from 'node:stream'
import { nextTurn } from './next-turn.ts'

/**
 * A writer of text chunks to a streamed reply's body that waits while the reader is behind and
 * answers false once the reader has gone away, so an export's memory stays flat whatever its size.
 */
export function streamWriter(output: PassThrough) {
  return async (chunk: string): Promise<boolean> => {
    if (output.destroyed) return false
    if (!output.write(chunk)) {
      const done = new AbortController()
      try {
        await Promise.race([
          once(output, 'drain', { signal: done.signal }),
          once(output, 'close', { signal: done.signal }),
        ])
      } catch {
        return false
      } finally {
        done.abort()
      }
    }
    // A turn of the event loop after every chunk, waited for or not (as xlsx.ts's writer).
    await nextTurn()
    return !output.destroyed
  }
}
