import type { Database, Tx } from '../../db/client.ts'
import type { Actor } from '../../platform/context.ts'
import type { HeavyWork } from '../../platform/heavy-work.ts'
import type { AttachmentResolver, ResolvedAttachments } from '../../platform/mail.ts'
import { readUpload } from '../../platform/uploads.ts'
import { getBooking } from '../bookings/booking-confirmation.service.ts'
import { invitation } from './invitation.ts'

/**
 * The worker reads a queued booking's confirmation as no signed-in user: the mail was queued by a
 * change its organization's user was allowed to make, and goes to that booking's own recipients.
 */
const mailWorker: Actor = { userId: 0, type: 'super', organizationId: null, sessionId: 'mail-worker' }

/**
 * Makes a queued mail's attachments when it is sent, outside any request: the stored upload is
 * read, the confirmation PDF rendered in the heavy-work pool from the booking's view (read here, not
 * in the change's transaction, which it would cost several statements).
 * A failure (a busy pool) throws, so the mail is tried again later.
 */
export function bookingMailAttachments(
  database: Database,
  dataDir: string,
  heavyWork: HeavyWork,
): AttachmentResolver {
  return async (mail) => {
    const resolved: ResolvedAttachments = { attachments: [] }
    for (const ref of mail.attachments) {
      if (ref.kind === 'upload') {
        const content = await readUpload(dataDir, ref.url)
        // A template's file removed since the mail was queued: the mail still goes, without it.
        if (content)
          resolved.attachments.push({ filename: ref.filename, content, contentType: 'application/pdf' })
      } else if (ref.kind === 'confirmationPdf') {
        const booking = await getBooking(
          { actor: mailWorker, tx: database.db as unknown as Tx },
          ref.bookingId,
        )
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
