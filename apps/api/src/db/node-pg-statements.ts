// node-postgres's side of db/prepared.ts: named statements described once per process and then
// only bound and executed, as pglite-statements.ts does on the embedded database.
import { createRequire } from 'node:module'
import type { TablesRelationalConfig } from 'drizzle-orm'
import type { NodePgSession } from 'drizzle-orm/node-postgres'
import pg from 'pg'

/** Types node-postgres must hand over as PostgreSQL's text, as drizzle's own sessions ask (its columns decode them). */
const TEXT_TYPES = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
])
const asText = (value: string) => value
const nodePgTypes = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(typeId) ? asText : pg.types.getTypeParser(typeId, format),
}

/** What node-postgres's Result builds from a row description to parse rows by (unexposed in its types). */
interface RowShape {
  fields: { name: string }[]
  _parsers: ((raw: string) => unknown)[] | undefined
  _prebuiltEmptyResultObject: Record<string, unknown> | null
}

/** node-postgres's Query, with the parts of it that DescribedOnceQuery reads. */
interface QueryInternals {
  name: string | undefined
  _result: RowShape
  handleRowDescription(message: unknown): void
}

/** node-postgres's Connection: what a DescribedExecution sends on it. */
interface PgConnection {
  stream: { cork?(): void; uncork?(): void }
  parsedStatements: Record<string, string>
  submittedNamedStatements: Record<string, string>
  parse(message: { text: string; name: string; types: unknown }): void
  bind(message: Record<string, unknown>): void
  execute(message: { portal: string }): void
  close(message: { type: 'S'; name: string }): void
  sync(): void
  sendCopyFail(message: string): void
}

type QueryCallback = (error: unknown, result?: { rows: unknown[] }) => void

/**
 * The row description of each named statement, by name, from its first execution in the process:
 * a name always stands for one text here, so for one description on every connection.
 */
const rowShapes = new Map<string, RowShape>()

const QueryBase = pg.Query as unknown as new (
  config: pg.QueryConfig & { rowMode?: 'array' },
) => QueryInternals

/**
 * A named statement's first execution in the process: node-postgres's own Query, which describes
 * it, keeping the parsers it builds from the description for the later ones (DescribedExecution).
 */
class DescribedOnceQuery extends QueryBase {
  override handleRowDescription(message: unknown) {
    super.handleRowDescription(message)
    const { fields, _parsers, _prebuiltEmptyResultObject } = this._result
    if (this.name) rowShapes.set(this.name, { fields, _parsers, _prebuiltEmptyResultObject })
  }
}

/**
 * A later execution of a described statement, on any connection: Bind, Execute and Sync (with Parse
 * first where the connection has not parsed it yet), rows parsed with the parsers kept from the
 * first. node-postgres's Query describes the portal on every execution and builds the row's
 * parsers from the answer each time (Result.addFields): on a booking's page, whose row has 150
 * columns, 8 % of the server's CPU, and PostgreSQL sent those 150 column descriptions with every
 * answer; making the Query object itself (an event emitter, its config cloned) was another 2.5 %
 * of the bookings list's. pglite-statements.ts does the same on the embedded database. It answers
 * node-postgres's client as its submittables (pg-cursor) do, through `callback`.
 */
class DescribedExecution {
  callback: QueryCallback | undefined
  private readonly rows: unknown[] = []
  private settled = false
  /** A row that could not be parsed: reported once PostgreSQL is ready again. */
  private failed: unknown = null

  constructor(
    readonly name: string,
    readonly text: string,
    private readonly values: unknown[],
    private readonly shape: RowShape,
    private readonly asArrays: boolean,
  ) {}

  submit(connection: PgConnection) {
    connection.stream.cork?.()
    try {
      if (
        connection.parsedStatements[this.name] === undefined &&
        connection.submittedNamedStatements[this.name] === undefined
      ) {
        connection.parse({ text: this.text, name: this.name, types: nodePgTypes })
        connection.submittedNamedStatements[this.name] = this.text
      }
      try {
        connection.bind({ statement: this.name, values: this.values, valueMapper: prepareValue })
      } catch (error) {
        // As node-postgres does: a value that cannot be sent ends the statement before it runs.
        connection.close({ type: 'S', name: this.name })
        connection.sync()
        this.handleError(error)
        return null
      }
      connection.execute({ portal: '' })
      connection.sync()
    } finally {
      connection.stream.uncork?.()
    }
    return null
  }

  handleDataRow(message: { fields: (string | null)[] }) {
    if (this.failed !== null) return
    try {
      this.rows.push(this.parseRow(message.fields))
    } catch (error) {
      // As node-postgres does: the statement fails once PostgreSQL has finished with it.
      this.failed = error
    }
  }

  private parseRow(raw: (string | null)[]): unknown {
    const parsers = this.shape._parsers ?? []
    if (this.asArrays) {
      const row = new Array<unknown>(raw.length)
      for (let i = 0; i < raw.length; i++) {
        const value = raw[i]
        row[i] =
          value === null || value === undefined ? null : (parsers[i] as (raw: string) => unknown)(value)
      }
      return row
    }
    const row: Record<string, unknown> = { ...this.shape._prebuiltEmptyResultObject }
    for (let i = 0; i < raw.length; i++) {
      const value = raw[i]
      row[(this.shape.fields[i] as { name: string }).name] =
        value === null || value === undefined ? null : (parsers[i] as (raw: string) => unknown)(value)
    }
    return row
  }

  handleError(error: unknown) {
    if (this.settled) return
    this.settled = true
    this.callback?.(error)
  }

  handleReadyForQuery() {
    if (this.failed !== null) return this.handleError(this.failed)
    if (this.settled) return
    this.settled = true
    this.callback?.(null, { rows: this.rows })
  }

  handleRowDescription() {}
  handleCommandComplete() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
  handleCopyData() {}
  handleCopyInResponse(connection: PgConnection) {
    connection.sendCopyFail('No source stream defined')
  }
}

/** node-postgres's conversion of a parameter to what it sends (utils.prepareValue), as its own Query binds. */
const prepareValue = (createRequire(import.meta.url)('pg/lib/utils') as { prepareValue: unknown })
  .prepareValue

/**
 * Runs a statement on a drizzle node-postgres session's client: the pool (which lends a connection
 * and answers through the callback it gives the query) or one connection. A named statement's first
 * execution in the process is a DescribedOnceQuery, later ones DescribedExecutions; rows as arrays
 * with `rowMode: 'array'`, else keyed by column.
 */
export function runNamed(
  session: NodePgSession<Record<string, unknown>, TablesRelationalConfig>,
  config: { name: string | undefined; text: string; values: unknown[]; rowMode?: 'array' },
): Promise<{ rows: unknown[] }> {
  const client = (session as unknown as { client: pg.Pool | pg.PoolClient }).client
  const shape = config.name === undefined ? undefined : rowShapes.get(config.name)
  const query =
    config.name !== undefined && shape
      ? new DescribedExecution(config.name, config.text, config.values, shape, config.rowMode === 'array')
      : (new DescribedOnceQuery({ ...config, types: nodePgTypes }) as unknown as { callback?: QueryCallback })
  if (client instanceof pg.Pool) return client.query(query as never) as Promise<{ rows: unknown[] }>
  return new Promise((resolve, reject) => {
    query.callback = (error, result) => (error ? reject(error) : resolve(result as { rows: unknown[] }))
    client.query(query as never)
  })
}
