import type {
  EmailTemplateType,
  WorkflowDirection,
  WorkflowEventVariable,
  WorkflowTimeUnit,
} from '@spaceboard/domain'
import { sql } from 'drizzle-orm'
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core'
import { bookings } from './bookings.ts'
import { centers } from './centers.ts'
import { emailTemplates } from './email-templates.ts'
import { organizations } from './organizations.ts'
import { createdAt, deletedAt, updatedAt } from './shared.ts'
import { spaces } from './spaces.ts'
import { users } from './users.ts'

/**
 * "Send template T, N units before/after the event or transaction date" for an organization, one
 * of its locations or one space (spec 3 §3). The template is the organization's own of a type
 * (email_template_id) or the built-in default of email_template_type.
 */
export const workflows = pgTable(
  'workflows',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    centerId: integer('center_id'),
    meetingroomId: integer('meetingroom_id'),
    actionType: text('action_type').notNull().default('Send Email'),
    emailTemplateId: integer('email_template_id'),
    emailTemplateType: text('email_template_type').$type<EmailTemplateType>().notNull(),
    timeValue: integer('time_value').notNull(),
    timeUnit: text('time_unit').$type<WorkflowTimeUnit>().notNull(),
    direction: text('direction').$type<WorkflowDirection>().notNull(),
    eventVariable: text('event_variable').$type<WorkflowEventVariable>().notNull(),
    createdBy: integer('created_by').references(() => users.id),
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    unique('workflows_org_id_unique').on(t.organizationId, t.id),
    index('workflows_org_idx').on(t.organizationId),
    foreignKey({
      columns: [t.organizationId, t.centerId],
      foreignColumns: [centers.organizationId, centers.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.meetingroomId],
      foreignColumns: [spaces.organizationId, spaces.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.emailTemplateId],
      foreignColumns: [emailTemplates.organizationId, emailTemplates.id],
    }),
    check('workflows_action_type_check', sql`${t.actionType} = 'Send Email'`),
    check('workflows_time_unit_check', sql`${t.timeUnit} in ('Minutes','Hours','Days')`),
    check('workflows_direction_check', sql`${t.direction} in ('Before','After')`),
    check('workflows_event_variable_check', sql`${t.eventVariable} in ('event_date','transaction_date')`),
    check(
      'workflows_time_value_check',
      sql`${t.timeValue} >= 1 and ${t.timeValue} <= case ${t.timeUnit} when 'Minutes' then 60 when 'Hours' then 24 else 365 end`,
    ),
  ],
)

/**
 * One e-mail a workflow will send about a booking. `pending` rows are leased by the runner of any
 * process with FOR UPDATE SKIP LOCKED; `leased_until` lets a lease that a killed process left be
 * taken again once it has run out.
 */
export const workflowSends = pgTable(
  'workflow_sends',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    workflowId: integer('workflow_id').notNull(),
    bookingId: integer('booking_id').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** pending | done | cancelled */
    state: text('state').notNull().default('pending'),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('workflow_sends_workflow_booking_unique').on(t.workflowId, t.bookingId),
    index('workflow_sends_due_idx').on(t.dueAt).where(sql`${t.state} = 'pending'`),
    index('workflow_sends_booking_idx').on(t.organizationId, t.bookingId),
    foreignKey({
      columns: [t.organizationId, t.workflowId],
      foreignColumns: [workflows.organizationId, workflows.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.bookingId],
      foreignColumns: [bookings.organizationId, bookings.id],
    }).onDelete('cascade'),
    check('workflow_sends_state_check', sql`${t.state} in ('pending','done','cancelled')`),
  ],
)
