import { type EmailTemplateType, workflowDueAt } from '@spaceboard/domain'
import { and, eq, gt, inArray, isNull } from 'drizzle-orm'
import type { Tx } from '../client.ts'
import { bookings, bookingWorkflowLogs, centers, users, workflowSends, workflows } from '../schema/index.ts'
import { insertRows } from './bulk.ts'

interface DemoWorkflow {
  name: string
  type: EmailTemplateType
  timeValue: number
  timeUnit: 'Minutes' | 'Hours' | 'Days'
  direction: 'Before' | 'After'
}

/** The same three workflows in each demo organization, sending the built-in templates. */
const demoWorkflows: readonly DemoWorkflow[] = [
  {
    name: 'Reminder 3 days before',
    type: 'booking_reminder_3_days_before',
    timeValue: 3,
    timeUnit: 'Days',
    direction: 'Before',
  },
  {
    name: 'Access instructions 1 hour before',
    type: 'access_instructions',
    timeValue: 1,
    timeUnit: 'Hours',
    direction: 'Before',
  },
  {
    name: 'Thank you 3 days after',
    type: 'thankyou_email_3_days_after',
    timeValue: 3,
    timeUnit: 'Days',
    direction: 'After',
  },
]

/** How far back the demo shows what the workflows sent. */
const RECENT_MS = 30 * 86_400_000
/**
 * Each demo organization's reminder, access-instructions and thank-you workflows, with what they
 * would have done: sent (and logged) on the recent bookings, pending sends on the upcoming ones.
 */
export async function seedDemoWorkflows(
  tx: Tx,
  organizationIds: ReadonlyMap<string, number>,
  now: Date = new Date(),
) {
  const orgIds = [...organizationIds.values()]
  if (!orgIds.length) return
  const made = await tx
    .insert(workflows)
    .values(
      orgIds.flatMap((organizationId) =>
        demoWorkflows.map((w) => ({
          organizationId,
          name: w.name,
          emailTemplateType: w.type,
          timeValue: w.timeValue,
          timeUnit: w.timeUnit,
          direction: w.direction,
          eventVariable: 'event_date' as const,
        })),
      ),
    )
    .returning({
      id: workflows.id,
      organizationId: workflows.organizationId,
      name: workflows.name,
      timeValue: workflows.timeValue,
      timeUnit: workflows.timeUnit,
      direction: workflows.direction,
    })
  const since = new Date(now.getTime() - RECENT_MS - 4 * 86_400_000)
  const booked = await tx
    .select({
      id: bookings.id,
      organizationId: bookings.organizationId,
      startTime: bookings.startTime,
      zone: centers.timezoneId,
      email: users.email,
    })
    .from(bookings)
    .innerJoin(centers, eq(centers.id, bookings.centerId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(
      and(
        inArray(bookings.organizationId, orgIds),
        isNull(bookings.cancelledAt),
        gt(bookings.startTime, since),
      ),
    )
  // Bookings the booking seed already gave hand-written logs (the showcase) keep just those.
  const logged = new Set(
    (await tx.select({ id: bookingWorkflowLogs.bookingId }).from(bookingWorkflowLogs)).map((r) => r.id),
  )
  const sends: (typeof workflowSends.$inferInsert)[] = []
  const logs: (typeof bookingWorkflowLogs.$inferInsert)[] = []
  for (const booking of booked) {
    if (logged.has(booking.id)) continue
    for (const workflow of made) {
      if (workflow.organizationId !== booking.organizationId) continue
      const dueAt = workflowDueAt(booking.startTime, booking.zone, {
        time_value: workflow.timeValue,
        time_unit: workflow.timeUnit,
        direction: workflow.direction,
      })
      const send = {
        organizationId: booking.organizationId,
        workflowId: workflow.id,
        bookingId: booking.id,
        dueAt,
      }
      if (dueAt > now) {
        sends.push({ ...send, state: 'pending' })
      } else if (now.getTime() - dueAt.getTime() <= RECENT_MS) {
        sends.push({ ...send, state: 'done' })
        logs.push({
          organizationId: booking.organizationId,
          bookingId: booking.id,
          workflowId: workflow.id,
          workflowName: workflow.name,
          status: 'sent',
          remarks: `Sent to ${booking.email}`,
          updatedAt: dueAt,
        })
      }
    }
  }
  await insertRows(tx, workflowSends, sends)
  await insertRows(tx, bookingWorkflowLogs, logs)
}
