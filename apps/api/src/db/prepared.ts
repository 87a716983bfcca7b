import {
  Column,
  type DriverValueDecoder,
  fillPlaceholders,
  getTableName,
  is,
  type Query,
  SQL,
  Subquery,
  type TablesRelationalConfig,
} from 'drizzle-orm'
import { NodePgSession } from 'drizzle-orm/node-postgres'
import type { PgDialect } from 'drizzle-orm/pg-core'
import type { Tx } from './client.ts'
import { runNamed } from './node-pg-statements.ts'

interface Executable {
  execute(values?: Record<string, unknown>): Promise<unknown>
}

/** What drizzle's prepared select keeps of its building: the SQL text and how to map the rows. */
interface Built {
  query: Query
  fields: unknown
  joinsNotNullableMap: unknown
}

interface SelectedField {
  path: string[]
  field: unknown
}
type RowMapper = (rows: unknown[][]) => Record<string, unknown>[]

/** How a selected field's raw value becomes the row's: where it goes and how it is decoded. */
interface MappedField {
  key: string
  /** The nested object it belongs to (`{ booking: { … } }`), for a selection two levels deep. */
  object: string | undefined
  decoder: DriverValueDecoder<unknown, unknown>
  /** The left-joined table a nested column comes from, which may null its whole object. */
  table: string | undefined
}

/**
 * drizzle's row mapping (mapResultRow) for a selection at most two levels deep, with each column's
 * decoder found once: drizzle looks every field's kind up again for every row (`is` walks prototype
 * chains), 4 % of the server's CPU in `npm run bench overhead`, and for a nested selection (a
 * booking's page, its create's context) 6 % of the booking page's. A nested object of a left join
 * whose first column is null becomes null, as drizzle does it (the same table test, the same
 * joinsNotNullableMap). Deeper selections keep drizzle's own mapping.
 */
function rowMapper(fields: unknown, joinsNotNullableMap: unknown): RowMapper | undefined {
  if (!Array.isArray(fields) || fields.some((f: SelectedField) => f.path.length > 2)) return undefined
  const notNullable = joinsNotNullableMap as Record<string, boolean> | undefined
  const mapped: MappedField[] = (fields as SelectedField[]).map(({ path, field }) => ({
    key: path[path.length - 1] as string,
    object: path.length === 2 ? path[0] : undefined,
    decoder: decoderOf(field),
    table: path.length === 2 && notNullable && is(field, Column) ? getTableName(field.table) : undefined,
  }))
  return (rows) =>
    rows.map((row) => {
      const result: Record<string, unknown> = {}
      let nullify: Record<string, string | false> | undefined
      for (let i = 0; i < mapped.length; i++) {
        const { key, object, decoder, table } = mapped[i] as MappedField
        const raw = row[i]
        const value = raw === null ? null : decoder.mapFromDriverValue(raw)
        if (object === undefined) {
          result[key] = value
          continue
        }
        let node = result[object] as Record<string, unknown> | undefined
        if (node === undefined) {
          node = {}
          result[object] = node
        }
        node[key] = value
        if (table === undefined) continue
        nullify ??= {}
        const first = nullify[object]
        if (first === undefined) nullify[object] = value === null ? table : false
        else if (typeof first === 'string' && first !== table) nullify[object] = false
      }
      if (nullify)
        for (const object in nullify) {
          const table = nullify[object]
          if (typeof table === 'string' && !notNullable?.[table]) result[object] = null
        }
      return result
    })
}

/** A selected field's decoder: the column itself, or what an SQL expression got from .mapWith(). */
function decoderOf(field: unknown): DriverValueDecoder<unknown, unknown> {
  if (is(field, Column)) return field
  // drizzle keeps an expression's decoder unexposed in its types.
  const decoderOfSql = (expression: SQL) =>
    (expression as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder
  if (is(field, SQL)) return decoderOfSql(field)
  if (is(field, Subquery)) return decoderOfSql((field._ as unknown as { sql: SQL }).sql)
  return decoderOfSql((field as SQL.Aliased).sql)
}

/**
 * A query built once per process and run on any transaction or the pool as a named prepared
 * statement, with `sql.placeholder` values. drizzle builds a query again on every call — walking
 * every selected column, alias and join — which cost more than the rest of a small request
 * (npm run bench overhead); its own `.prepare()` is bound to the transaction it was built on. So
 * the first call keeps the built SQL and row mapping, and each call hands them to the caller's
 * session (`prepareQuery`, as drizzle's `_prepare` does).
 */
export function preparedQuery<Q extends { prepare(name: string): Executable }>(
  name: string,
  build: (tx: Tx) => Q,
): (tx: Tx, values?: Record<string, unknown>) => ReturnType<ReturnType<Q['prepare']>['execute']> {
  let built: BuiltSelect | undefined
  return (tx, values) => {
    built ??= builtSelect(build(tx).prepare(name))
    return run(tx, name, built, values) as ReturnType<ReturnType<Q['prepare']>['execute']>
  }
}

/**
 * Runs a select built for this one call (its values inline, so its text varies: an unnamed
 * statement) with rowMapper's row mapping rather than drizzle's: on a report of 600 rows,
 * drizzle's mapResultRow was 13 % of the server's CPU (bookByOrganization by space).
 */
export function selectRows<Q extends { prepare(name: string): Executable }>(
  tx: Tx,
  query: Q,
): ReturnType<ReturnType<Q['prepare']>['execute']> {
  const built = builtSelect(query.prepare(undefined as unknown as string))
  return run(tx, undefined, built, undefined) as ReturnType<ReturnType<Q['prepare']>['execute']>
}

type BuiltSelect = Built & { mapRows: RowMapper | undefined }

function builtSelect(prepared: Executable): BuiltSelect {
  const first = prepared as unknown as Built
  return {
    query: first.query,
    fields: first.fields,
    joinsNotNullableMap: first.joinsNotNullableMap,
    mapRows: rowMapper(first.fields, first.joinsNotNullableMap),
  }
}

/** What drizzle's sessions (node-postgres and PGlite alike) prepare a built query with; unexposed in its types. */
interface DrizzleSession {
  prepareQuery(
    query: Query,
    fields: unknown,
    name: string | undefined,
    arrayMode: boolean,
    customResultMapper?: RowMapper,
  ): Executable & Built
}

/** A built select on the caller's session: straight on node-postgres when its rows are flat, else as drizzle's `_prepare` does. */
function run(
  tx: Tx,
  name: string | undefined,
  built: BuiltSelect,
  values: Record<string, unknown> | undefined,
) {
  const session = tx._.session as unknown
  if (built.mapRows && session instanceof NodePgSession)
    return runOnNodePg(session, name, built.query, built.mapRows, values)
  const prepared = (session as DrizzleSession).prepareQuery(
    built.query,
    built.fields,
    name,
    true,
    built.mapRows,
  )
  prepared.joinsNotNullableMap = built.joinsNotNullableMap
  return prepared.execute(values)
}

/**
 * A flat prepared select straight on node-postgres: drizzle's execute makes a prepared-query object
 * with two query configs, three tracing spans and four promise layers per call — on the country
 * list, more than the rest of the app's own work. Same statement, same type parsing, same rows.
 */
async function runOnNodePg(
  session: NodePgSession<Record<string, unknown>, TablesRelationalConfig>,
  name: string | undefined,
  query: Query,
  mapRows: RowMapper,
  values: Record<string, unknown> | undefined,
) {
  const result = await runNamed(session, {
    name,
    text: query.sql,
    values: fillPlaceholders(query.params, values ?? {}),
    rowMode: 'array',
  })
  return mapRows(result.rows as unknown[][])
}

/**
 * preparedQuery for a query whose shape varies (which filters apply, the order): one prepared
 * statement per shape, named `<name>_<n>` in the order shapes are first met; a shape is a small
 * plain object (its JSON is the key). Values still go in as `sql.placeholder`s.
 */
export function preparedQueries<S, Q extends { prepare(name: string): Executable }>(
  name: string,
  build: (tx: Tx, shape: S) => Q,
): (tx: Tx, shape: S, values?: Record<string, unknown>) => ReturnType<ReturnType<Q['prepare']>['execute']> {
  const ofShape = perShape(name, (shapeName, shape: S) => preparedQuery(shapeName, (t) => build(t, shape)))
  return (tx, shape, values) => ofShape(shape)(tx, values)
}

/** One statement per shape (its JSON the key), made on first meeting and named `<name>_<n>` in that order. */
function perShape<S, R>(name: string, make: (shapeName: string, shape: S) => R): (shape: S) => R {
  const byShape = new Map<string, R>()
  return (shape) => {
    const key = JSON.stringify(shape)
    let made = byShape.get(key)
    if (made === undefined) {
      made = make(`${name}_${byShape.size}`, shape)
      byShape.set(key, made)
    }
    return made
  }
}

/**
 * A statement written in SQL (drizzle's `sql`, its values as `sql.placeholder`s) run as a named
 * prepared statement, rows as PostgreSQL names their columns: its text is built once per process
 * and parsed and planned once per connection. `tx.execute` builds the text again on every call and
 * sends it unnamed, so PostgreSQL plans it again each time: for the calendar's window statements
 * that planning took as long as running them (EXPLAIN ANALYZE at 1,000,000 bookings: 0.26–0.30 and
 * 0.49–0.58 ms of planning against 0.33–0.47 and 0.56–0.61 ms of execution). On PGlite every text
 * is a named statement already (pglite-statements.ts).
 */
export function preparedStatement<Row>(
  name: string,
  build: () => SQL,
): (tx: Tx, values: Record<string, unknown>) => Promise<Row[]> {
  let query: Query | undefined
  return async (tx, values) => {
    const session = tx._.session as unknown
    query ??= (session as { dialect: PgDialect }).dialect.sqlToQuery(build())
    if (session instanceof NodePgSession) {
      const result = await runNamed(session, {
        name,
        text: query.sql,
        values: fillPlaceholders(query.params, values),
      })
      return result.rows as Row[]
    }
    const prepared = (session as DrizzleSession).prepareQuery(query, undefined, name, false)
    return ((await prepared.execute(values)) as { rows: Row[] }).rows
  }
}

/** preparedStatement for a statement whose shape varies (as preparedQueries): one per shape, `<name>_<n>`. */
export function preparedStatements<S, Row>(
  name: string,
  build: (shape: S) => SQL,
): (tx: Tx, shape: S, values: Record<string, unknown>) => Promise<Row[]> {
  const ofShape = perShape(name, (shapeName, shape: S) =>
    preparedStatement<Row>(shapeName, () => build(shape)),
  )
  return (tx, shape, values) => ofShape(shape)(tx, values)
}
