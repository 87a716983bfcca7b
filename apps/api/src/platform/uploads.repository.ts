import { and, eq, isNull, or, sql } from 'drizzle-orm'
import type { Tx } from '../db/client.ts'
import { attachmentUploads, emailTemplates } from '../db/schema/index.ts'

/** Records who uploaded an e-mail attachment, and for which organization (null: a super user's). */
export async function recordAttachmentUpload(
  tx: Tx,
  url: string,
  organizationId: number | null,
  userId: number,
) {
  await tx.insert(attachmentUploads).values({ url, organizationId, userId })
}

/** Whether a template of `organizationId` may attach the upload: uploaded for it, or by this user. */
export async function attachmentUploadedFor(tx: Tx, url: string, organizationId: number, userId: number) {
  const [row] = await tx
    .select({ url: attachmentUploads.url })
    .from(attachmentUploads)
    .where(
      and(
        eq(attachmentUploads.url, url),
        or(
          eq(attachmentUploads.organizationId, organizationId),
          and(isNull(attachmentUploads.organizationId), eq(attachmentUploads.userId, userId)),
        ),
      ),
    )
  return Boolean(row)
}

/**
 * Whether a user of `organizationId` (null: a super user, who sees every organization) may read
 * the attachment: uploaded for the organization or by the user, or attached to one of its templates.
 */
export async function attachmentReadableBy(
  tx: Tx,
  url: string,
  organizationId: number | null,
  userId: number,
) {
  const [uploaded] = await tx
    .select({ url: attachmentUploads.url })
    .from(attachmentUploads)
    .where(
      and(
        eq(attachmentUploads.url, url),
        organizationId === null
          ? eq(attachmentUploads.userId, userId)
          : or(eq(attachmentUploads.organizationId, organizationId), eq(attachmentUploads.userId, userId)),
      ),
    )
  if (uploaded) return true
  const [attached] = await tx
    .select({ id: emailTemplates.id })
    .from(emailTemplates)
    .where(
      and(
        organizationId === null ? undefined : eq(emailTemplates.organizationId, organizationId),
        sql`${emailTemplates.attachmentFile} @> jsonb_build_array(${url}::text)`,
      ),
    )
    .limit(1)
  return Boolean(attached)
}
