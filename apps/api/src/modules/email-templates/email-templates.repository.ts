import {
  type EmailTemplateOrder,
  type EmailTemplateType,
  emailTemplateTypes,
  type ListQuery,
} from '@spaceboard/domain'
import { and, count, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Tx } from '../../db/client.ts'
import { emailTemplates, organizations } from '../../db/schema/index.ts'
import { containsPattern, type ListWindow, orderBy, totalCount } from '../../platform/list.ts'

const listColumns = {
  id: emailTemplates.id,
  organization_id: emailTemplates.organizationId,
  organizationName: organizations.name,
  template_type: emailTemplates.templateType,
  email_subject: emailTemplates.emailSubject,
  attachment_file_title: emailTemplates.attachmentFileTitle,
  attachment_file: emailTemplates.attachmentFile,
  created_at: emailTemplates.createdAt,
  updated_at: emailTemplates.updatedAt,
}
const columns = { ...listColumns, email_content: emailTemplates.emailContent }

/**
 * The list shows a type by its label, so it sorts by the label too: the position of the type in the
 * label-sorted list of keys (constants of the domain, never user text).
 */
const keysByLabel = [...emailTemplateTypes].sort((a, b) => a.label.localeCompare(b.label)).map((t) => t.key)
const typeLabelOrder = sql`array_position(${sql.raw(`ARRAY[${keysByLabel.map((k) => `'${k}'`).join(',')}]::text[]`)}, ${emailTemplates.templateType})`

const sortable: Record<EmailTemplateOrder, SQL | AnyPgColumn> = {
  template_type: typeLabelOrder,
  organizationName: sql`lower(${organizations.name})`,
  created_at: emailTemplates.createdAt,
  updated_at: emailTemplates.updatedAt,
}

/** A search matches a type's label (what the list shows) or key, the subject or the organization's name. */
function filter(organizationId: number | null, search: string) {
  const term = search.trim().toLowerCase()
  const types = term
    ? emailTemplateTypes
        .filter((t) => t.label.toLowerCase().includes(term) || t.key.includes(term))
        .map((t) => t.key)
    : []
  return and(
    organizationId === null ? undefined : eq(emailTemplates.organizationId, organizationId),
    term
      ? or(
          types.length ? inArray(emailTemplates.templateType, types) : undefined,
          ilike(emailTemplates.emailSubject, containsPattern(term)),
          ilike(organizations.name, containsPattern(term)),
        )
      : undefined,
  )
}

export function listEmailTemplates(
  tx: Tx,
  organizationId: number | null,
  query: ListQuery<EmailTemplateOrder>,
  window: ListWindow | null,
) {
  const base = tx
    .select({ ...listColumns, total: totalCount() })
    .from(emailTemplates)
    .innerJoin(organizations, eq(organizations.id, emailTemplates.organizationId))
    .where(filter(organizationId, query.search))
    .orderBy(...orderBy(sortable, query, 'template_type', emailTemplates.id))
    .$dynamic()
  return window ? base.limit(window.limit).offset(window.offset) : base
}

export async function countEmailTemplates(tx: Tx, organizationId: number | null, search: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(emailTemplates)
    .innerJoin(organizations, eq(organizations.id, emailTemplates.organizationId))
    .where(filter(organizationId, search))
  return row?.n ?? 0
}

/** One template, if it belongs to the organization (`null`: any organization). */
export async function findEmailTemplate(tx: Tx, id: number, organizationId: number | null) {
  const [row] = await tx
    .select(columns)
    .from(emailTemplates)
    .innerJoin(organizations, eq(organizations.id, emailTemplates.organizationId))
    .where(
      and(
        eq(emailTemplates.id, id),
        organizationId === null ? undefined : eq(emailTemplates.organizationId, organizationId),
      ),
    )
  return row
}

/** The types an organization has templates of (the form disables them in the type select). */
export function existingTemplateTypes(tx: Tx, organizationId: number) {
  return tx
    .select({ id: emailTemplates.id, template_type: emailTemplates.templateType })
    .from(emailTemplates)
    .where(eq(emailTemplates.organizationId, organizationId))
    .orderBy(emailTemplates.id)
}

export async function templateTypeTaken(
  tx: Tx,
  organizationId: number,
  type: EmailTemplateType,
  exceptId?: number,
) {
  const [row] = await tx
    .select({ id: emailTemplates.id })
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.organizationId, organizationId),
        eq(emailTemplates.templateType, type),
        exceptId === undefined ? undefined : ne(emailTemplates.id, exceptId),
      ),
    )
    .limit(1)
  return Boolean(row)
}

/** The flags that decide whether an active organization may keep templates. */
export async function organizationFlags(tx: Tx, organizationId: number) {
  const [row] = await tx
    .select({ features: organizations.features, use_email_template: organizations.useEmailTemplate })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), isNull(organizations.deletedAt)))
  return row
}

export interface EmailTemplateValues {
  templateType: EmailTemplateType
  emailSubject: string
  emailContent: string
  attachmentFileTitle: string | null
  attachmentFile: string[]
}

export async function insertEmailTemplate(tx: Tx, organizationId: number, values: EmailTemplateValues) {
  const [row] = await tx
    .insert(emailTemplates)
    .values({ organizationId, ...values })
    .returning({ id: emailTemplates.id })
  if (!row) throw new Error('insert returned nothing')
  return row.id
}

export async function updateEmailTemplate(
  tx: Tx,
  id: number,
  organizationId: number,
  values: EmailTemplateValues,
) {
  await tx
    .update(emailTemplates)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(emailTemplates.id, id), eq(emailTemplates.organizationId, organizationId)))
}

export async function deleteEmailTemplate(tx: Tx, id: number, organizationId: number) {
  await tx
    .delete(emailTemplates)
    .where(and(eq(emailTemplates.id, id), eq(emailTemplates.organizationId, organizationId)))
}
