import { z } from 'zod'
import { listQuerySchema } from '../list.ts'
import { messages } from '../messages.ts'
import { requiredError } from '../validation-messages.ts'
import { unknownMergeTags } from './merge-tags.ts'
import { type EmailTemplateType, emailTemplateTypeKeys } from './types.ts'

/** Email attachment: one PDF of at most 2 MB (spec 3 §9). */
export const MAX_EMAIL_ATTACHMENT_BYTES = 2 * 1024 * 1024
export const MAX_EMAIL_ATTACHMENTS = 1
/** The stored HTML of one template; far above any real mail, low enough to bound the work of a save. */
export const MAX_EMAIL_CONTENT_CHARS = 200_000

export const emailTemplateOrderKeys = [
  'template_type',
  'organizationName',
  'created_at',
  'updated_at',
] as const
export type EmailTemplateOrder = (typeof emailTemplateOrderKeys)[number]

export const emailTemplateListQuerySchema = listQuerySchema(emailTemplateOrderKeys).extend({
  /** super: the organization whose templates to list (spec 3 §7, `organization_id`). */
  organization_id: z.coerce.number().int().positive().optional(),
})

/** GET /api/email-template/{id}?code=EXISTING_TEMPLATES&organizationId= (spec 3 §7). */
export const emailTemplateCodeQuerySchema = z.object({
  code: z.enum(['EXISTING_TEMPLATES']).optional(),
  organizationId: z.coerce.number().int().positive().optional(),
})

/** Quill writes an empty editor as `<p><br></p>`: content is required as text, not as markup. */
export function emailContentIsEmpty(html: string): boolean {
  const text = html
    .replace(/<img\b[^>]*>/gi, 'img')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|\s/g, '')
  return text === ''
}

/** An HTML tag, comment or declaration (a lone `<`, as in "< 10 people", is text); script and style with their content. */
const MARKUP = /<(script|style)\b[\s\S]*?(<\/\1\s*>|$)|<!--[\s\S]*?(-->|$)|<\/?[a-z!?][^<>]*>/gi

/** Whether a subject holds markup: a subject is plain text (a mail client shows its tags as typed). */
export function hasMarkup(text: string): boolean {
  return new RegExp(MARKUP.source, 'i').test(text)
}

/** The text without its markup, on one line: what a subject sends, whatever was stored before the rule. */
export function withoutMarkup(text: string): string {
  return text.replace(MARKUP, '').replace(/\s+/g, ' ').trim()
}

const subjectSchema = z
  .string({ error: requiredError(messages.fieldRequired) })
  .trim()
  .min(1, messages.fieldRequired)
  .max(255)
  .superRefine((subject, ctx) => {
    if (hasMarkup(subject)) {
      ctx.addIssue({ code: 'custom', message: messages.emailSubjectPlainText })
      return
    }
    const unknown = unknownMergeTags(subject)
    if (unknown.length) {
      ctx.addIssue({ code: 'custom', message: messages.unknownMergeTags(unknown) })
      return
    }
    const notInSubject = unknownMergeTags(subject, { subject: true })
    if (notInSubject.length)
      ctx.addIssue({ code: 'custom', message: messages.mergeTagsNotInSubject(notInSubject) })
  })

const contentSchema = z
  .string({ error: requiredError(messages.fillEmailContent) })
  .max(MAX_EMAIL_CONTENT_CHARS)
  .refine((html) => !emailContentIsEmpty(html), messages.fillEmailContent)
  .superRefine((html, ctx) => {
    const unknown = unknownMergeTags(html)
    if (unknown.length) ctx.addIssue({ code: 'custom', message: messages.unknownMergeTags(unknown) })
  })

/**
 * Create and update body (spec 3 §3). `organization_id` is required for super when creating and
 * ignored otherwise: a template never changes organization. `attachment_file` holds the URL the
 * attachment upload answered (at most one PDF).
 */
export const emailTemplateSchema = z.strictObject({
  /** The form sends -1 for "none chosen" (spec 3 §5). */
  organization_id: z.coerce
    .number({ error: requiredError(messages.selectRequired) })
    .int({ error: () => messages.selectRequired })
    .positive({ error: () => messages.selectRequired })
    .optional(),
  template_type: z.enum(emailTemplateTypeKeys, { error: requiredError(messages.fieldRequired) }),
  email_subject: subjectSchema,
  email_content: contentSchema,
  attachment_file_title: z.string().trim().max(255).nullish(),
  attachment_file: z
    .array(z.string().max(500))
    .max(MAX_EMAIL_ATTACHMENTS, messages.maxOnePdf)
    .optional()
    .default([]),
})
export type EmailTemplateInput = z.infer<typeof emailTemplateSchema>

/** A template as the API answers it. */
export interface EmailTemplate {
  id: number
  organization_id: number
  organizationName: string | null
  template_type: EmailTemplateType
  email_subject: string
  email_content: string
  attachment_file_title: string | null
  attachment_file: string[]
  created_at: string
  updated_at: string
}

/** A row of the template list: no body, the type's label for display. */
export type EmailTemplateListRow = Omit<EmailTemplate, 'email_content'>
