import type { CountryInput, ListQuery } from '@spaceboard/domain'
import { and, count, eq, ilike, isNull, or, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { preparedQueries } from '../../db/prepared.ts'
import { countries } from '../../db/schema/index.ts'
import { containsPattern, type ListWindow, orderBy, totalCount } from '../../platform/list.ts'
import { countUses } from '../../platform/usage.repository.ts'

const columns = {
  id: countries.id,
  name: countries.name,
  code: countries.code,
  updated_at: countries.updatedAt,
}
const sortable = { name: countries.name, code: countries.code, updated_at: countries.updatedAt }
export type CountryOrder = keyof typeof sortable

/** Countries not archived, matching the search pattern when `search` (a placeholder, so the statement is reused). */
function filter(search: boolean) {
  const pattern = sql.placeholder('pattern')
  return and(
    isNull(countries.deletedAt),
    search ? or(ilike(countries.name, pattern), ilike(countries.code, pattern)) : undefined,
  )
}

const pageOfCountries = preparedQueries(
  'country_list',
  (tx, shape: Pick<ListQuery<CountryOrder>, 'order' | 'direct'> & { search: boolean; window: boolean }) => {
    const base = tx
      .select({ ...columns, total: totalCount() })
      .from(countries)
      .where(filter(shape.search))
      .orderBy(...orderBy(sortable, shape, 'name', countries.id))
      .$dynamic()
    return shape.window ? base.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')) : base
  },
)

export function listCountries(tx: Tx, query: ListQuery<CountryOrder>, window: ListWindow | null) {
  return pageOfCountries(
    tx,
    { search: Boolean(query.search), order: query.order, direct: query.direct, window: Boolean(window) },
    { pattern: containsPattern(query.search), limit: window?.limit, offset: window?.offset },
  )
}

export async function countCountries(tx: Tx, search: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(countries)
    .where(filter(Boolean(search)))
    .execute({ pattern: containsPattern(search) })
  return row?.n ?? 0
}

export async function findCountry(tx: Tx, id: number) {
  const [row] = await tx
    .select(columns)
    .from(countries)
    .where(and(eq(countries.id, id), isNull(countries.deletedAt)))
  return row
}

export async function insertCountry(tx: Tx, input: CountryInput) {
  const [row] = await tx.insert(countries).values(input).returning(columns)
  return row
}

export async function updateCountry(tx: Tx, id: number, input: CountryInput) {
  const [row] = await tx
    .update(countries)
    .set({ ...input, updatedAt: sql`now()` })
    .where(and(eq(countries.id, id), isNull(countries.deletedAt)))
    .returning(columns)
  return row
}

export async function archiveCountry(tx: Tx, id: number) {
  const [row] = await tx
    .update(countries)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(countries.id, id), isNull(countries.deletedAt)))
    .returning({ id: countries.id })
  return row
}

export async function countryNameOrCodeTaken(tx: Tx, input: CountryInput, exceptId?: number) {
  const [row] = await tx
    .select({ id: countries.id })
    .from(countries)
    .where(
      and(
        isNull(countries.deletedAt),
        or(sql`lower(${countries.name}) = lower(${input.name})`, eq(countries.code, input.code)),
        exceptId ? sql`${countries.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1)
  return Boolean(row)
}

/** What points at a country: organizations, locations, clients and users (archived ones too). */
export function countryUses(tx: Tx, id: number) {
  return countUses(tx, {
    organizations: sql`select count(*) from "organizations" where "country_id" = ${id}`,
    locations: sql`select count(*) from "centers" where "country_id" = ${id}`,
    clients: sql`select count(*) from "clients" where "country_id" = ${id}`,
    users: sql`select count(*) from "users" where "country_id" = ${id}`,
  })
}
