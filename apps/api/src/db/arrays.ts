/**
 * Lists as PostgreSQL array literals: one bound parameter on both drivers (cast it, e.g.
 * `::int[]`), so a statement's text is the same however many values it takes.
 */
export const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`

/** Instants as a timestamptz[] literal (ISO strings need no quoting). */
export const instantArray = (instants: readonly Date[]) =>
  `{${instants.map((d) => d.toISOString()).join(',')}}`
