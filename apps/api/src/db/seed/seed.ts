import { count, sql } from 'drizzle-orm'
import type { Db } from '../client.ts'
import { countries, globalRegions, users } from '../schema/index.ts'
import { seedDemoBookings } from './bookings.ts'
import { seedDemoCancelRules } from './cancel-rules.ts'
import { seedDemoCenters } from './centers.ts'
import { seedDefaultClientTypes, seedDemoClientTypes } from './client-types.ts'
import { seedDemoClients } from './clients.ts'
import { countryList, defaultGlobalRegions } from './countries.ts'
import { seedAmenities, seedOrganizations } from './organizations.ts'
import { seedDemoPackages } from './packages.ts'
import { seedDemoRegions } from './regions.ts'
import { seedDemoBenchmarkSettings } from './settings.ts'
import { seedDemoSpaces } from './spaces.ts'
import { seedDemoVouchers } from './vouchers.ts'
import { seedDemoWorkflows } from './workflows.ts'

export const DEMO_PASSWORD = 'Spaceboard1!'

/**
 * DEMO_PASSWORD's argon2id hash, with the parameters hashPassword uses, made once when written
 * rather than by every seed: the password is published (the start prints it), so a salt of each
 * database's own protects nothing, and the hash cost a first start 40–100 ms and 19 MiB. A test
 * checks that it verifies and that its parameters are hashPassword's.
 */
export const DEMO_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$rGyd4ANUQY8O2AZkS1ZMeA$ZKp+bCvRFadDr3tMQ4qNaIehlBZ1eE7QSuERaKSrU3E'

export const demoLogins = [
  { email: 'super@spaceboard.test', type: 'super', organization: null },
  { email: 'admin@harbour.test', type: 'admin', organization: 'Harbour Workspaces' },
  { email: 'csr@harbour.test', type: 'csr', organization: 'Harbour Workspaces' },
  { email: 'admin@summit.test', type: 'admin', organization: 'Summit Business Centres' },
  { email: 'csr@summit.test', type: 'csr', organization: 'Summit Business Centres' },
] as const

/** Countries, the default global regions and the default client types: every database needs them. */
export async function seedReferenceData(db: Db) {
  await db.transaction(async (tx) => {
    await seedDefaultClientTypes(tx)
    const [existing] = await tx.select({ n: count() }).from(countries)
    if ((existing?.n ?? 0) > 0) return
    await tx.insert(countries).values(countryList.map(([name, code]) => ({ name, code })))
    await seedAmenities(tx)
    await tx
      .insert(globalRegions)
      .values(defaultGlobalRegions.map(([name, code]) => ({ name, code, isDefault: true })))
  })
}

/** Demo organizations and users on an empty database. Returns false when there was data already. */
export async function seedDemoData(db: Db, options: { dataDir?: string } = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(users)
    if ((existing?.n ?? 0) > 0) return false
    // A bulk load of rows that reference rows this transaction read or wrote: like pg_restore, it
    // skips the per-row foreign-key triggers, a third of the seed's CPU time on PGlite (measured:
    // ~1.3 s → ~0.85 s). Checks, unique and exclusion constraints still apply, and a test checks
    // every foreign key of the seeded data. Only a superuser may (PGlite's user is one).
    const { rows } = (await tx.execute(
      sql`select current_setting('is_superuser') = 'on' as superuser`,
    )) as unknown as { rows: { superuser: boolean }[] }
    if (rows[0]?.superuser) await tx.execute(sql`set local session_replication_role = replica`)
    const orgIds = await seedOrganizations(tx)
    const orgId = (name: string | null) => (name ? (orgIds.get(name) ?? null) : null)
    const names: Record<string, [string, string]> = {
      'super@spaceboard.test': ['Sam', 'Super'],
      'admin@harbour.test': ['Hannah', 'Harbour'],
      'csr@harbour.test': ['Chris', 'Harbour'],
      'admin@summit.test': ['Adam', 'Summit'],
      'csr@summit.test': ['Cora', 'Summit'],
    }
    await tx.insert(users).values(
      demoLogins.map((login) => ({
        email: login.email,
        type: login.type,
        organizationId: orgId(login.organization),
        firstName: names[login.email]?.[0] ?? 'Demo',
        lastName: names[login.email]?.[1] ?? 'User',
        passwordHash: DEMO_PASSWORD_HASH,
      })),
    )
    await seedDemoClientTypes(tx, orgIds)
    await seedDemoRegions(tx, orgIds)
    await seedDemoClients(tx, orgIds, DEMO_PASSWORD_HASH)
    await seedDemoCenters(tx, orgIds)
    await seedDemoCancelRules(tx, orgIds)
    await seedDemoSpaces(tx, options.dataDir)
    await seedDemoPackages(tx, orgIds)
    await seedDemoVouchers(tx, orgIds)
    await seedDemoBookings(tx)
    await seedDemoWorkflows(tx, orgIds)
    await seedDemoBenchmarkSettings(tx)
    // No trigger fires in replica mode, so not the one that keeps booking_counts either, nor those
    // that name the months whose report facts need building.
    await tx.execute(sql`
      insert into booking_counts (organization_id, bookings)
      select organization_id, count(*) from bookings group by organization_id
      on conflict (organization_id) do update set bookings = excluded.bookings`)
    await tx.execute(sql`select mark_every_report_month_stale()`)
    return true
  })
}
