import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { type Database, openDatabase } from '../../src/db/client.ts'
import {
  bookings,
  bookingWorkflowLogs,
  mailOutbox,
  organizations,
  users,
  workflowSends,
  workflows,
} from '../../src/db/schema/index.ts'
import { startSmtp } from '../booking-mails/smtp.ts'
import { idByName } from '../bookings/fixtures.ts'
import { createTestApp, type TestApp, testConfig } from '../helpers.ts'
import { withDatabase } from '../template.ts'

const SENDS = 1000
const WORKFLOWS = 10

let smtp: Awaited<ReturnType<typeof startSmtp>>
let t: TestApp
let second: Awaited<ReturnType<typeof buildApp>>
let secondDatabase: Database | null = null

beforeAll(async () => {
  smtp = await startSmtp()
  t = await createTestApp({ smtpUrl: smtp.url })
  // On PostgreSQL the second instance has its own pool, as another process would; PGlite is one
  // connection, so there the two instances share it.
  const { pgBaseUrl } = inject('dbTemplate')
  if (pgBaseUrl) {
    const result = await t.database.db.execute(sql`select current_database() as name`)
    const [row] = (result as unknown as { rows: { name: string }[] }).rows
    secondDatabase = await openDatabase({ kind: 'postgres', url: withDatabase(pgBaseUrl, row?.name ?? '') })
  }
  second = await buildApp(testConfig({ smtpUrl: smtp.url }), secondDatabase ?? t.database, {
    workflowPoll: false,
  })
  await second.app.ready()
})
afterAll(async () => {
  await second.app.close()
  await secondDatabase?.close()
  await t.close()
  await smtp.close()
})

describe('two app instances on one database', () => {
  it(`deliver ${SENDS} due sends to the SMTP server exactly once`, async () => {
    const db = t.database.db
    const harbour = await idByName(t, organizations, 'Harbour Workspaces')
    // The demo's own sends are not this test's: only its 1,000 may reach the server.
    await db.execute(sql`update workflows set deleted_at = now()`)
    await db.execute(sql`update workflow_sends set state = 'cancelled' where state = 'pending'`)
    const made = await db
      .insert(workflows)
      .values(
        Array.from({ length: WORKFLOWS }, (_, i) => ({
          organizationId: harbour,
          name: `Load ${i}`,
          emailTemplateType: 'booking_reminder_3_days_before' as const,
          timeValue: 1,
          timeUnit: 'Minutes' as const,
          direction: 'Before' as const,
          eventVariable: 'event_date' as const,
        })),
      )
      .returning({ id: workflows.id })
    const booked = await db
      .select({ id: bookings.id })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.userId))
      .where(
        and(eq(bookings.organizationId, harbour), isNull(bookings.cancelledAt), sql`${users.email} <> ''`),
      )
      .orderBy(bookings.id)
      .limit(SENDS / WORKFLOWS)
    expect(booked).toHaveLength(SENDS / WORKFLOWS)
    await db.insert(workflowSends).values(
      made.flatMap((w) =>
        booked.map((b) => ({
          organizationId: harbour,
          workflowId: w.id,
          bookingId: b.id,
          dueAt: new Date(Date.now() - 60_000),
        })),
      ),
    )
    smtp.take()

    await Promise.all([t.workflows.flush(), second.workflows.flush(), t.workflows.flush()])
    await Promise.all([t.mailer.flush(), second.mailer.flush()])
    await t.mailer.flush()

    const workflowIds = made.map((w) => w.id)
    const received = smtp.take()
    expect(received).toHaveLength(SENDS)
    const logs = await db
      .select({ status: bookingWorkflowLogs.status, n: sql<number>`count(*)::int` })
      .from(bookingWorkflowLogs)
      .where(inArray(bookingWorkflowLogs.workflowId, workflowIds))
      .groupBy(bookingWorkflowLogs.status)
    expect(logs).toEqual([{ status: 'sent', n: SENDS }])
    const [queued] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.mailType, 'booking_reminder_3_days_before'))
    expect(queued?.n).toBe(SENDS)
    const [pending] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(workflowSends)
      .where(and(inArray(workflowSends.workflowId, workflowIds), eq(workflowSends.state, 'pending')))
    expect(pending?.n).toBe(0)
  }, 300_000)
})
