import type { UserType } from '@spaceboard/domain'
import type { Database, Tx } from '../db/client.ts'
import { unauthorized } from './errors.ts'

/** Who is making the request. */
export interface Actor {
  userId: number
  type: UserType
  /** null only for super users. */
  organizationId: number | null
  sessionId: string
}

/** The request-scoped context: the only way a request reaches the database. */
export interface Ctx {
  actor: Actor
  tx: Tx
}

/** Runs work in a transaction (on the connection the reads before it used). */
export type InTransaction = <T>(work: (ctx: Ctx) => Promise<T>) => Promise<T>

export interface AnonymousCtx {
  actor: Actor | null
  tx: Tx
}

/**
 * Runs `work` in one transaction, or, for a request that only reads (`readOnly`: GET and HEAD,
 * which never write), on the pool without BEGIN and COMMIT. Under READ COMMITTED a transaction
 * gives each statement its own snapshot anyway, so a read loses nothing but two round trips and a
 * connection held while the request's JavaScript runs between its statements (measured by
 * `npm run bench overhead`). This is the single place where tenant settings for row-level security
 * would be set.
 */
export function createContextRunner(database: Database) {
  const pool = database.db as unknown as Tx
  const run = <T>(readOnly: boolean, work: (tx: Tx) => Promise<T>): Promise<T> =>
    readOnly ? work(pool) : database.db.transaction(work)
  return {
    anonymous<T>(
      actor: Actor | null,
      readOnly: boolean,
      work: (ctx: AnonymousCtx) => Promise<T>,
    ): Promise<T> {
      return run(readOnly, (tx) => work({ actor, tx }))
    },
    /** One statement outside a transaction (the session lookup of every request): saves BEGIN and COMMIT. */
    statement<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return work(pool)
    },
    signedIn<T>(actor: Actor | null, readOnly: boolean, work: (ctx: Ctx) => Promise<T>): Promise<T> {
      if (!actor) throw unauthorized()
      return run(readOnly, (tx) => work({ actor, tx }))
    },
    /**
     * A write that first reads what may refuse it: the reads run on one connection without BEGIN,
     * and the transaction, if `work` starts one, on that same connection after them. Under READ
     * COMMITTED a read right before BEGIN sees what it would as the transaction's first statement,
     * and a refusal costs no BEGIN and ROLLBACK. The connection is held from the first read, so
     * requests queue for it as they would for a transaction.
     */
    signedInReadFirst<T>(
      actor: Actor | null,
      work: (read: Ctx, inTransaction: InTransaction) => Promise<T>,
    ): Promise<T> {
      if (!actor) throw unauthorized()
      return database.onOneConnection((db) =>
        work({ actor, tx: db as unknown as Tx }, (write) => db.transaction((tx) => write({ actor, tx }))),
      )
    },
  }
}
export type ContextRunner = ReturnType<typeof createContextRunner>
