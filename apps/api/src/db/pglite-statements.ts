import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite'

type BackendMessage = Parameters<typeof parse.parseResults>[0][number]

/** What PGlite keeps unexposed in its types but its own query() uses. */
interface PgliteInternals {
  serializers: Record<number, (value: unknown) => string>
  parsers: Parameters<typeof parse.parseResults>[1]
  _runExclusiveQuery<T>(work: () => Promise<T>): Promise<T>
  _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>
  execProtocolStream(message: Uint8Array, options?: { syncToFs?: boolean }): Promise<BackendMessage[]>
  syncToFs(): Promise<void>
}

interface Statement {
  name: string
  parameterTypes: number[]
  /** The statement's row description (or noData), which a Describe of each portal would only repeat. */
  described: BackendMessage[]
}

/**
 * The most statements kept prepared at once; beyond it the least recently used is closed. A
 * prepared statement holds its parsed form in PostgreSQL's memory (up to ~140 KB for a six-table
 * join, client.ts's plan_cache_mode), which in PGlite never goes back to the system: 200 keep the
 * statements a screen's requests run ready, within ~30 MB at worst.
 */
export const PGLITE_STATEMENTS = 200

/** PostgreSQL's feature_not_supported, which a prepared statement gets once its table's columns changed. */
const CACHED_PLAN_CHANGED = '0A000'

const joined = (parts: Uint8Array[]) => {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    all.set(part, at)
    at += part.length
  }
  return all
}

/**
 * Makes PGlite run each distinct statement text as a named prepared statement, parsed and
 * described once: its own query() parses, describes and plans the text again on every call, in
 * six calls into the WebAssembly module; a booking create cost 7.2 ms of server CPU, 3.5 ms with
 * this (`npm run bench booking-contested`). A known text now costs one call (Bind, Execute, Sync). What drizzle calls — the database's query() and a
 * transaction's — is replaced; exec() (BEGIN, COMMIT) and the rest are PGlite's own.
 */
export function namedStatementsFor(pg: PGlite, limit = PGLITE_STATEMENTS): void {
  const internals = pg as unknown as PgliteInternals
  const statements = new Map<string, Statement>()
  let counter = 0
  let inTransaction = false
  const stream = (message: Uint8Array) => internals.execProtocolStream(message, { syncToFs: false })

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const known = statements.get(text)
    if (known) {
      // Most recently used last: the map's order is the eviction order.
      statements.delete(text)
      statements.set(text, known)
      return known
    }
    const name = `sb_${++counter}`
    const messages = [
      ...(await stream(protocol.serialize.parse({ name, text, types: options?.paramTypes }))),
      ...(await stream(protocol.serialize.describe({ type: 'S', name }))),
    ]
    const statement: Statement = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(messages),
      described: messages.filter((m) => m.name === 'rowDescription' || m.name === 'noData'),
    }
    statements.set(text, statement)
    if (statements.size > limit) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Statement]
      statements.delete(oldestText)
      await stream(protocol.serialize.close({ type: 'S', name: oldest.name }))
    }
    return statement
  }

  async function forget(text: string) {
    const statement = statements.get(text)
    if (!statement) return
    statements.delete(text)
    // Best effort: the caller's error is the one to report, and a name left open is never reused.
    await stream(
      joined([protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()]),
    ).catch(() => {})
  }

  async function run(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results> {
    return internals._runExclusiveQuery(async () => {
      const messages: BackendMessage[] = []
      try {
        const statement = await prepare(text, options)
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null
          const type = statement.parameterTypes[i] as number
          const serialize = options?.serializers?.[type] ?? internals.serializers[type]
          return serialize ? serialize(value) : String(value)
        })
        messages.push(...statement.described)
        messages.push(
          ...(await stream(
            joined([
              protocol.serialize.bind({ statement: statement.name, values }),
              protocol.serialize.execute({}),
              protocol.serialize.sync(),
            ]),
          )),
        )
      } catch (error) {
        // An error before the Sync was sent (in Parse or Describe) leaves the protocol waiting for it.
        await stream(protocol.serialize.sync()).catch(() => {})
        // A table changed under a prepared statement ("cached plan must not change result type"):
        // prepared again on the next call rather than failing on every call from now on.
        if ((error as { code?: string }).code === CACHED_PLAN_CHANGED) await forget(text)
        throw error
      }
      if (!inTransaction) await internals.syncToFs()
      return parse.parseResults(messages, internals.parsers, options)[0] as Results
    })
  }

  const transaction = pg.transaction.bind(pg)
  pg.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
    internals._runExclusiveTransaction(() => run(text, params, options))) as PGlite['query']
  pg.transaction = (<T>(work: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      inTransaction = true
      tx.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
        if (tx.closed) throw new Error('Transaction is closed')
        return run(text, params, options)
      }) as Transaction['query']
      return work(tx).finally(() => {
        inTransaction = false
      })
    })) as PGlite['transaction']
}
