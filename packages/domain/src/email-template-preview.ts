import { z } from 'zod'
import { emailTemplateTypeKeys } from './email-templates/types.ts'
import { messages } from './messages.ts'
import { requiredError } from './validation-messages.ts'

/**
 * POST /api/email-template/preview and /send-test (issue 17 item 9, beyond the spec): a template as
 * it stands in the editor, rendered with a booking of its organization (`bookingId`) or a sample.
 */
export const emailTemplatePreviewSchema = z.object({
  organization_id: z.coerce.number().int().positive().optional(),
  template_type: z.enum(emailTemplateTypeKeys, { error: requiredError(messages.fieldRequired) }),
  email_subject: z.string().max(255).default(''),
  email_content: z.string().max(200_000).default(''),
  /** The uploaded PDF of the template, attached to a test mail. */
  attachment_file: z.array(z.string().max(300)).max(1).default([]),
  attachment_file_title: z.string().max(255).nullish(),
  bookingId: z.coerce.number().int().positive().nullish(),
})
export type EmailTemplatePreviewInput = z.infer<typeof emailTemplatePreviewSchema>

export interface EmailTemplatePreview {
  subject: string
  html: string
  text: string
  /** The booking the values came from; null for the sample. */
  bookingId: number | null
}

/** GET /api/userbooking/{id}/mails: a mail sent (or being sent) for the booking or its series. */
export interface BookingMailEntry {
  id: number
  /** The template type; null for a mail that is not a booking event's. */
  type: string | null
  to: string
  cc: string
  subject: string
  /** kept (no mail server configured) | pending | sent | failed */
  status: string
  attempts: number
  lastError: string | null
  createdAt: string
  sentAt: string | null
}

export const bookingMailStatusLabels: Record<string, string> = {
  kept: 'Not sent (no mail server)',
  pending: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
}
