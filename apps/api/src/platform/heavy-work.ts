import { availableParallelism } from 'node:os'
import { messages } from '@spaceboard/domain'
import { Piscina } from 'piscina'
import type { RenderInputs, RenderTask } from '../render-worker.ts'
import { HttpError } from './errors.ts'

/**
 * Heavy work (PDFs, exports, reports) must not starve or kill the server (DESIGN §1):
 * - rendering runs in a worker-thread pool, each thread with its own heap limit and each job with a
 *   time limit, so a job too large for its limits fails alone while the HTTP thread keeps answering;
 * - an organization runs at most a few heavy jobs at once (renders and streamed exports alike), so
 *   one organization cannot take every worker and connection from the others.
 * A job refused or failed gets a 429 or 503 with a message that says what to do.
 */
export interface HeavyWorkOptions {
  /** Heavy jobs one organization (super users count as one) may run at once. */
  perOrganization: number
  /** Worker threads; the HTTP thread and the database keep the rest of the machine. */
  threads: number
  /** Jobs waiting for a worker; past it new jobs are refused as busy. */
  queue: number
  /** The old-generation heap of each worker thread. */
  workerHeapMb: number
  /** The longest a render may take, waiting included. */
  timeLimitMs: number
  /** The worker entry point (render-worker.ts, or its bundle beside the server's). */
  workerFile: URL
}

export const defaultHeavyWorkOptions = (workerFile: URL): HeavyWorkOptions => ({
  perOrganization: 2,
  threads: Math.max(1, Math.min(2, availableParallelism() - 1)),
  queue: 32,
  workerHeapMb: 192,
  timeLimitMs: 60_000,
  workerFile,
})

/** The organization already runs its share: 429, its own doing; the pool's queue is full: 503. */
const organizationBusy = () => new HttpError(429, messages.heavyWorkBusy, undefined, undefined, 60)
const busy = () => new HttpError(503, messages.heavyWorkBusy, undefined, undefined, 60)
const tooLarge = () => new HttpError(503, messages.heavyWorkTooLarge)

export class HeavyWork {
  private readonly running = new Map<string, number>()
  private readonly pool: Piscina
  /** The renders under way or waiting, to fail them when a worker cannot start. */
  private readonly pending = new Set<AbortController>()

  constructor(
    readonly options: HeavyWorkOptions,
    onWorkerError: (error: unknown) => void,
  ) {
    this.pool = new Piscina({
      filename: options.workerFile.href,
      minThreads: 0,
      maxThreads: options.threads,
      maxQueue: options.queue,
      // An idle worker exits, so the server's idle memory stays what it was before the first PDF.
      idleTimeout: 30_000,
      resourceLimits: {
        maxOldGenerationSizeMb: options.workerHeapMb,
        maxYoungGenerationSizeMb: 16,
      },
    })
    // A worker that dies while starting is reported here, not to a task; unheard, the pool's
    // 'error' event would end the process. The tasks waiting for it fail now, with its reason.
    this.pool.on('error', (error) => {
      onWorkerError(error)
      for (const task of this.pending) task.abort(error)
    })
  }

  /**
   * Runs `work` holding one of the organization's heavy-job slots (for a streamed export, until the
   * last byte is handed over). The organization's jobs past its limit are refused at once (429,
   * Retry-After), rather than queued behind a long export the person is still waiting for.
   */
  async withSlot<T>(organizationId: number | null, work: () => Promise<T>): Promise<T> {
    const key = organizationId === null ? 'super' : String(organizationId)
    const count = this.running.get(key) ?? 0
    if (count >= this.options.perOrganization) throw organizationBusy()
    this.running.set(key, count + 1)
    try {
      return await work()
    } finally {
      const left = (this.running.get(key) ?? 1) - 1
      if (left === 0) this.running.delete(key)
      else this.running.set(key, left)
    }
  }

  /** Renders in a worker thread, within the organization's slots, the pool's queue and the time limit. */
  render<K extends RenderTask>(
    organizationId: number | null,
    task: K,
    input: RenderInputs[K],
  ): Promise<Buffer> {
    return this.withSlot(organizationId, async () => {
      const failed = new AbortController()
      this.pending.add(failed)
      try {
        const output: Uint8Array = await this.pool.run(input, {
          name: task,
          signal: AbortSignal.any([failed.signal, AbortSignal.timeout(this.options.timeLimitMs)]),
        })
        return Buffer.from(output.buffer, output.byteOffset, output.byteLength)
      } catch (error) {
        throw heavyWorkError(failed.signal.aborted ? failed.signal.reason : error)
      } finally {
        this.pending.delete(failed)
      }
    })
  }

  close() {
    return this.pool.destroy()
  }
}

/** What a failed render means to the person who asked: too large (out of memory or time), or busy. */
function heavyWorkError(error: unknown): unknown {
  const { name, code, message } = (error ?? {}) as { name?: string; code?: string; message?: string }
  if (code === 'ERR_WORKER_OUT_OF_MEMORY' || name === 'AbortError' || name === 'TimeoutError')
    return tooLarge()
  if (message?.includes('queue is at limit')) return busy()
  return error
}
