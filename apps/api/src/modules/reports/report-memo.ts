import type { Tx } from '../../db/client.ts'
import { BoundedCache } from '../../platform/bounded-cache.ts'
import type { BookableScope, MinutesRow } from './occupancy.repository.ts'
import * as occupancy from './occupancy.repository.ts'
import * as facts from './report-facts.repository.ts'

/**
 * What a report computes from master data that rarely changes, kept in the app for the next report
 * asking the same: bookable time, which costs PostgreSQL 4 ms of time-zone arithmetic for a year of
 * one organization's spaces and 14 ms for the 50 organizations of the benchmarking, on every
 * request. A key holds the master-data version the value was computed at (masterVersion), read
 * before computing it: a change committed meanwhile gives later readers another version, so they
 * compute again, and nothing is served that the database has moved past. Each app (each database)
 * has its own (createReportMemos); the database stays the one source.
 *
 * Whole answers are kept the same way, for the report types whose every figure and name comes from
 * the report facts and the master data (KEPT_REPORT_TYPES in reports.service.ts), under both
 * versions (answerVersion): a booking change marks its month stale, and the report's own read
 * rebuilds that month (renewing the facts version) before it reads the version, unless another
 * process or the background rebuild did so first (renewing it too).
 */
const LIMIT = 256

type Memo<V> = (key: string, compute: () => Promise<V>) => Promise<V>

function memo<V>(options: ConstructorParameters<typeof BoundedCache<V>>[0] = { limit: LIMIT }): Memo<V> {
  const entries = new BoundedCache<V>(options)
  return async (key, compute) => {
    const kept = entries.get(key)
    if (kept !== undefined) return kept
    const value = await compute()
    entries.set(key, value)
    return value
  }
}

export function createReportMemos() {
  return {
    bookable: memo<readonly MinutesRow[]>(),
    // Report answers as sent (JSON text): a year of 50 spaces by space is ~180,000 characters.
    answers: memo<string>({ limit: 64, sizeOf: (text) => text.length, budget: 4_000_000 }),
  }
}
export type ReportMemos = ReturnType<typeof createReportMemos>

/** occupancy.bookableMinutes, kept per scope and master-data version of its organizations. */
export async function bookableMinutes(
  tx: Tx,
  memos: ReportMemos,
  scope: BookableScope,
): Promise<readonly MinutesRow[]> {
  const organizationId = 'id' in scope.organizations ? scope.organizations.id : null
  const master = await facts.masterVersion(tx, organizationId)
  return memos.bookable(`${master} ${JSON.stringify(scope)}`, () => occupancy.bookableMinutes(tx, scope))
}
