import { addDays, wallClock } from '@spaceboard/domain'
import { eq } from 'drizzle-orm'
import {
  type centers,
  type clients,
  type organizations,
  type spaces,
  users,
} from '../../src/db/schema/index.ts'
import type { TestApp } from '../helpers.ts'

type Named = typeof spaces | typeof centers | typeof clients | typeof organizations

/** The id of a demo row by its name (spaces, centers, clients and organizations have unique demo names). */
export async function idByName(t: TestApp, table: Named, name: string): Promise<number> {
  const [row] = await t.database.db.select({ id: table.id }).from(table).where(eq(table.name, name))
  if (!row) throw new Error(`no ${name}`)
  return row.id
}

export async function userIdByEmail(t: TestApp, email: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!row) throw new Error(`no ${email}`)
  return row.id
}

/** Today in Sydney, where the demo's Harbour Workspaces books. */
export const sydneyToday = wallClock(new Date(), 'Australia/Sydney').date

const holidays = ['12-24', '12-25', '12-26', '12-27', '12-31', '01-01', '01-02']

/** A day `days` from today in Sydney, moved forward past the demo blackout and holiday dates. */
export function sydneyDay(days: number): string {
  let date = addDays(sydneyToday, days)
  while (holidays.includes(date.slice(5))) date = addDays(date, 1)
  return date
}
