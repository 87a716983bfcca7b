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

export interface AnonymousCtx {
  actor: Actor | null
  tx: Tx
}

/**
 * Runs `work` in one transaction. This is the single place where tenant settings for row-level
 * security would be set for the transaction.
 */
export function createContextRunner(database: Database) {
  return {
    anonymous<T>(actor: Actor | null, work: (ctx: AnonymousCtx) => Promise<T>): Promise<T> {
      return database.db.transaction((tx) => work({ actor, tx }))
    },
    /** One statement outside a transaction (the session lookup of every request): saves BEGIN and COMMIT. */
    statement<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return work(database.db as unknown as Tx)
    },
    signedIn<T>(actor: Actor | null, work: (ctx: Ctx) => Promise<T>): Promise<T> {
      if (!actor) throw unauthorized()
      return database.db.transaction((tx) => work({ actor, tx }))
    },
  }
}
export type ContextRunner = ReturnType<typeof createContextRunner>
