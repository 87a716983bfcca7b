import {
  type EmailTemplateInput,
  type EmailTemplateOrder,
  emailContentIsEmpty,
  emailTemplatesEnabled,
  type ListQuery,
  messages,
  workflowMessages,
} from '@spaceboard/domain'
import type { Ctx } from '../../platform/context.ts'
import {
  conflict,
  fieldError,
  forbidden,
  HttpError,
  isUniqueViolation,
  notFound,
} from '../../platform/errors.ts'
import type { ListWindow } from '../../platform/list.ts'
import { organizationForRead, organizationForWrite } from '../../platform/tenancy.ts'
import { attachmentUploadedFor, recordAttachmentUpload } from '../../platform/uploads.repository.ts'
import { isStoredPdf } from '../../platform/uploads.ts'
import { workflowNamesUsingTemplate } from '../workflows/workflows.repository.ts'
import { sanitizeEmailContent } from './email-content.ts'
import * as repo from './email-templates.repository.ts'

/** Non-super users see their organization's templates; super every organization's, or one's when named. */
export function listEmailTemplates(
  { actor, tx }: Ctx,
  query: ListQuery<EmailTemplateOrder> & { organization_id?: number | undefined },
  window: ListWindow | null,
) {
  return repo.listEmailTemplates(tx, organizationForRead(actor, query.organization_id), query, window)
}

export function countEmailTemplates({ actor, tx }: Ctx, search: string, organizationId?: number) {
  return repo.countEmailTemplates(tx, organizationForRead(actor, organizationId), search)
}

/** Another organization's template is a 404, as if it did not exist. */
export async function getEmailTemplate({ actor, tx }: Ctx, id: number) {
  const template = await repo.findEmailTemplate(tx, id, organizationForRead(actor))
  if (!template) throw notFound()
  return template
}

/**
 * `code=EXISTING_TEMPLATES` (spec 3 §7): the types the organization already has, so the form
 * disables them. Super names the organization; the others always get their own.
 */
export function existingTemplates({ actor, tx }: Ctx, organizationId: number | undefined) {
  return repo.existingTemplateTypes(tx, organizationForWrite(actor, organizationId, messages.selectRequired))
}

/**
 * The organization of a template being saved must be active and have the email_template feature:
 * the plan decides whether an organization writes its own mail (spec 1 §3).
 */
async function organizationThatMayWrite(ctx: Ctx, organizationId: number) {
  const organization = await repo.organizationFlags(ctx.tx, organizationId)
  if (!organization) {
    if (ctx.actor.type === 'super') throw fieldError('organization_id', messages.selectRequired)
    throw notFound()
  }
  if (!emailTemplatesEnabled(organization)) throw forbidden(messages.emailTemplatesOff)
}

/**
 * The values of a template of `organizationId` as saved. A new attachment must be a PDF this server
 * still has, uploaded for that organization (or by this user): another organization's upload,
 * even if its address is known, is not attached (and so never becomes readable through it).
 */
async function valuesOf(
  ctx: Ctx,
  dataDir: string,
  organizationId: number,
  input: EmailTemplateInput,
  storedAttachments: string[] = [],
) {
  const emailContent = sanitizeEmailContent(input.email_content)
  // What was only markup the allow-list removed (a lone script) leaves no content.
  if (emailContentIsEmpty(emailContent)) throw fieldError('email_content', messages.fillEmailContent)
  for (const url of input.attachment_file) {
    if (
      !storedAttachments.includes(url) &&
      !(
        (await isStoredPdf(dataDir, url)) &&
        (await attachmentUploadedFor(ctx.tx, url, organizationId, ctx.actor.userId))
      )
    )
      throw fieldError('attachment_file', messages.attachmentNotUploaded)
  }
  return {
    templateType: input.template_type,
    emailSubject: input.email_subject,
    emailContent,
    attachmentFileTitle: input.attachment_file_title?.trim() || null,
    attachmentFile: input.attachment_file,
  }
}

const typeTaken = () =>
  conflict(messages.emailTemplateTypeTaken, { template_type: messages.emailTemplateTypeTaken })

async function refuseTakenType(
  ctx: Ctx,
  organizationId: number,
  input: EmailTemplateInput,
  exceptId?: number,
) {
  if (await repo.templateTypeTaken(ctx.tx, organizationId, input.template_type, exceptId)) throw typeTaken()
}

/** A save that raced another one of the same type past the check: the database's unique constraint answers. */
async function sameTypeRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isUniqueViolation(error, 'email_templates_org_type_unique')) throw typeTaken()
    throw error
  }
}

export async function createEmailTemplate(ctx: Ctx, dataDir: string, input: EmailTemplateInput) {
  const organizationId = organizationForWrite(ctx.actor, input.organization_id, messages.selectRequired)
  await organizationThatMayWrite(ctx, organizationId)
  const values = await valuesOf(ctx, dataDir, organizationId, input)
  await refuseTakenType(ctx, organizationId, input)
  const id = await sameTypeRace(() => repo.insertEmailTemplate(ctx.tx, organizationId, values))
  return getEmailTemplate(ctx, id)
}

/** Saves a template; it stays in its organization (organization_id of the payload is ignored, spec 3 §4). */
export async function updateEmailTemplate(ctx: Ctx, dataDir: string, id: number, input: EmailTemplateInput) {
  const stored = await getEmailTemplate(ctx, id)
  await organizationThatMayWrite(ctx, stored.organization_id)
  const values = await valuesOf(ctx, dataDir, stored.organization_id, input, stored.attachment_file)
  await refuseTakenType(ctx, stored.organization_id, input, id)
  await sameTypeRace(() => repo.updateEmailTemplate(ctx.tx, id, stored.organization_id, values))
  return getEmailTemplate(ctx, id)
}

export async function deleteEmailTemplate(ctx: Ctx, id: number) {
  const stored = await getEmailTemplate(ctx, id)
  // A template that workflows send stays until they are removed or changed (spec 3 §4).
  const workflowNames = await workflowNamesUsingTemplate(ctx.tx, stored.organization_id, id)
  if (workflowNames.length)
    throw new HttpError(409, workflowMessages.cannotDeleteTemplate(workflowNames), undefined, {
      workflowNames,
    })
  await repo.deleteEmailTemplate(ctx.tx, id, stored.organization_id)
  return { message: messages.recordDeleted }
}

/** Records an uploaded attachment as the signed-in user's, for their organization (none for a super user). */
export function recordAttachment({ actor, tx }: Ctx, url: string) {
  return recordAttachmentUpload(tx, url, actor.organizationId, actor.userId)
}
