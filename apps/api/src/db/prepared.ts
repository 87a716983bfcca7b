import { Column, type DriverValueDecoder, is, type Query, SQL, Subquery } from 'drizzle-orm'
import type { Tx } from './client.ts'

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

/**
 * drizzle's row mapping (mapResultRow) for a flat selection, with each column's decoder found once:
 * drizzle looks every field's kind up again for every row (`is` walks prototype chains), 4 % of
 * the server's CPU in `npm run bench overhead`. Nested selections keep drizzle's own mapping.
 */
function flatRowMapper(fields: unknown): RowMapper | undefined {
  if (!Array.isArray(fields) || fields.some((f: SelectedField) => f.path.length !== 1)) return undefined
  const selected = fields as SelectedField[]
  const keys = selected.map((f) => f.path[0] as string)
  const decoders = selected.map(({ field }): DriverValueDecoder<unknown, unknown> => {
    if (is(field, Column)) return field
    // The decoder an SQL expression got from .mapWith() (drizzle keeps it unexposed in its types).
    const decoderOf = (expression: SQL) =>
      (expression as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder
    if (is(field, SQL)) return decoderOf(field)
    if (is(field, Subquery)) return decoderOf((field._ as unknown as { sql: SQL }).sql)
    return decoderOf((field as SQL.Aliased).sql)
  })
  return (rows) =>
    rows.map((row) => {
      const mapped: Record<string, unknown> = {}
      for (let i = 0; i < keys.length; i++) {
        const value = row[i]
        mapped[keys[i] as string] =
          value === null
            ? null
            : (decoders[i] as DriverValueDecoder<unknown, unknown>).mapFromDriverValue(value)
      }
      return mapped
    })
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
  let built: (Built & { mapRows: RowMapper | undefined }) | undefined
  return (tx, values) => {
    if (!built) {
      const first = build(tx).prepare(name) as unknown as Built
      built = {
        query: first.query,
        fields: first.fields,
        joinsNotNullableMap: first.joinsNotNullableMap,
        mapRows: flatRowMapper(first.fields),
      }
    }
    const session = tx._.session as unknown as {
      prepareQuery(
        query: Query,
        fields: unknown,
        name: string,
        arrayMode: boolean,
        customResultMapper?: RowMapper,
      ): Executable & Built
    }
    const prepared = session.prepareQuery(built.query, built.fields, name, true, built.mapRows)
    prepared.joinsNotNullableMap = built.joinsNotNullableMap
    return prepared.execute(values) as ReturnType<ReturnType<Q['prepare']>['execute']>
  }
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
  const byShape = new Map<string, ReturnType<typeof preparedQuery<Q>>>()
  return (tx, shape, values) => {
    const key = JSON.stringify(shape)
    let run = byShape.get(key)
    if (!run) {
      run = preparedQuery(`${name}_${byShape.size}`, (t) => build(t, shape))
      byShape.set(key, run)
    }
    return run(tx, values)
  }
}
