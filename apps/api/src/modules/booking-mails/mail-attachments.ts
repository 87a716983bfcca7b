import type { BookingConfirmation } from '@spaceboard/domain'
import type { HeavyWork } from '../../platform/heavy-work.ts'
import type { AttachmentResolver, ResolvedAttachments } from '../../platform/mail.ts'
import { readUpload } from '../../platform/uploads.ts'
import { invitation } from './invitation.ts'

/**
 * Makes a queued mail's attachments when it is sent, outside any request: the stored upload is
 * read, the confirmation PDF rendered in the heavy-work pool from the booking as the event saw it.
 * A failure (a busy pool) throws, so the mail is tried again later.
 */
export function bookingMailAttachments(dataDir: string, heavyWork: HeavyWork): AttachmentResolver {
  return async (mail) => {
    const resolved: ResolvedAttachments = { attachments: [] }
    for (const ref of mail.attachments) {
      if (ref.kind === 'upload') {
        const content = await readUpload(dataDir, ref.url)
        // A template's file removed since the mail was queued: the mail still goes, without it.
        if (content)
          resolved.attachments.push({ filename: ref.filename, content, contentType: 'application/pdf' })
      } else if (ref.kind === 'confirmationPdf') {
        const booking = ref.booking as BookingConfirmation
        const logo = booking.orgLogo ? await readUpload(dataDir, booking.orgLogo) : null
        const content = await heavyWork.render(mail.organizationId, 'confirmationPdf', { booking, logo })
        resolved.attachments.push({ filename: ref.filename, content, contentType: 'application/pdf' })
      } else {
        const content = invitation(
          ref.events.map((e) => ({ ...e, start: new Date(e.start), end: new Date(e.end) })),
          ref,
        )
        resolved.icalEvent = { filename: ref.filename, method: ref.method, content }
      }
    }
    return resolved
  }
}
