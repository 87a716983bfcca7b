import { createHash } from 'node:crypto'
import { messages } from '@spaceboard/domain'
import { and, eq } from 'drizzle-orm'
import { idempotencyKeys } from '../db/schema/index.ts'
import type { Ctx } from './context.ts'
import { HttpError } from './errors.ts'

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/

export function requestHash(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${JSON.stringify(body ?? null)}`)
    .digest('hex')
}

/**
 * Runs a money-moving request at most once per Idempotency-Key, inside the request's own
 * transaction: the key is claimed first (a concurrent request with the same key waits on it),
 * the answer stored with the work, and a replay gets the first answer back. A failed request
 * rolls its claim back with everything else, so it can be retried under the same key.
 */
export async function idempotent<T>(
  ctx: Ctx,
  key: string | undefined,
  hash: string,
  work: () => Promise<T>,
): Promise<{ replayed: boolean; answer: T }> {
  if (key === undefined) return { replayed: false, answer: await work() }
  if (!KEY_PATTERN.test(key))
    throw new HttpError(400, 'Idempotency-Key must be 1–200 letters, digits or . _ : -')
  const claimed = await ctx.tx
    .insert(idempotencyKeys)
    .values({ userId: ctx.actor.userId, key, requestHash: hash, statusCode: 0, response: {} })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  if (!claimed.length) {
    const [first] = await ctx.tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, ctx.actor.userId), eq(idempotencyKeys.key, key)))
    if (!first || first.requestHash !== hash) throw new HttpError(422, messages.idempotencyKeyReused)
    return { replayed: true, answer: first.response as T }
  }
  const answer = await work()
  await ctx.tx
    .update(idempotencyKeys)
    .set({ statusCode: 200, response: answer as object })
    .where(and(eq(idempotencyKeys.userId, ctx.actor.userId), eq(idempotencyKeys.key, key)))
  return { replayed: false, answer }
}
