import type { EmailTemplateType } from '@spaceboard/domain'
import { sql } from 'drizzle-orm'
import { check, integer, jsonb, pgTable, serial, text, unique } from 'drizzle-orm/pg-core'
import { organizations } from './organizations.ts'
import { createdAt, updatedAt } from './shared.ts'
import { users } from './users.ts'

/**
 * An organization's own e-mail template of one type (spec 3 §3). At most one per type: the type
 * select disables the types the organization has, and the sending side picks the template of a type.
 * Without one, mail of that type uses the built-in default.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    templateType: text('template_type').$type<EmailTemplateType>().notNull(),
    /** Plain text with merge tags. */
    emailSubject: text('email_subject').notNull(),
    /** Sanitised HTML with merge tags. */
    emailContent: text('email_content').notNull(),
    attachmentFileTitle: text('attachment_file_title'),
    /** URLs of uploaded PDFs (at most one), attached to every mail of the template. */
    attachmentFile: jsonb('attachment_file').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('email_templates_org_id_unique').on(t.organizationId, t.id),
    unique('email_templates_org_type_unique').on(t.organizationId, t.templateType),
    check('email_templates_subject_check', sql`length(${t.emailSubject}) between 1 and 255`),
  ],
)

/**
 * Who uploaded each e-mail attachment (issue 42 item 19): a PDF is served only to the signed-in
 * users of the organization it was uploaded for, and only that organization's templates may
 * attach it. A super user's upload has no organization until a template of one attaches it.
 */
export const attachmentUploads = pgTable('attachment_uploads', {
  url: text('url').primaryKey(),
  organizationId: integer('organization_id').references(() => organizations.id),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
})
