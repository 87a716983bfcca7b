import { messages, type SetPasswordInput } from '@spaceboard/domain'
import type { Tx } from '../../db/client.ts'
import type { AnonymousCtx, Ctx } from '../../platform/context.ts'
import { badRequest, HttpError, notFound } from '../../platform/errors.ts'
import type { Mailer } from '../../platform/mail.ts'
import { findActiveUserByEmail } from '../auth/auth.repository.ts'
import {
  issueUserToken,
  mayEnter,
  RESET_MAILS_PER_HOUR,
  setPasswordWithToken,
  signInWithToken,
} from '../auth/auth.service.ts'
import { escapeHtml } from '../booking-mails/render.ts'
import { userToManage } from '../users/users.service.ts'
import * as repo from './portal.repository.ts'

/** A sign-in link works once, within 15 minutes (issue 44 item 1). */
const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000
/** An invitation waits a week: the person may not read their mail the same day. */
const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000

/** Queues a sign-in link for a basic user who may use the portal; false when no mail goes out. */
export async function requestSignInLink(
  { tx }: AnonymousCtx,
  publicUrl: string,
  mailer: Mailer,
  email: string,
) {
  const user = await findActiveUserByEmail(tx, email)
  if (!user || !mayEnter(user, 'portal')) return false
  const token = await issueUserToken(tx, 'sign-in', user.id, SIGN_IN_LINK_TTL_MS)
  if (!token) return false
  const link = `${publicUrl}/book/sign-in/${token}`
  await mailer.send(tx, {
    // The address on record: a lookalike the caller typed gets nothing.
    to: user.email,
    subject: 'Your Spaceboard sign-in link',
    text: `Open this link within 15 minutes to sign in to book your rooms:\n${link}\n\nThe link works once. If you did not ask for it, ignore this e-mail.`,
    html: `<p><a href="${link}">Sign in to book your rooms</a></p><p>The link works once, within 15 minutes. If you did not ask for it, ignore this e-mail.</p>`,
  })
  return true
}

export function signInWithLink(ctx: AnonymousCtx, token: string, previousSessionId: string | undefined) {
  return signInWithToken(ctx, 'sign-in', 'portal', token, messages.signInLinkInvalid, previousSessionId)
}

/** Staff invite a basic user of their organization to the portal: a mail with a set-password link. */
export async function sendInvitation(ctx: Ctx, publicUrl: string, mailer: Mailer, userId: number) {
  const target = await userToManage(ctx, userId)
  if (target.type !== 'basic') throw badRequest(messages.invitationBasicOnly)
  if (target.deleted_at) throw badRequest(messages.invitationUserArchived)
  if (!target.client_id || target.clientDeletedAt) throw badRequest(messages.invitationNoClient)
  const token = await issueUserToken(ctx.tx, 'invitation', target.id, INVITATION_TTL_MS)
  if (!token) throw new HttpError(429, messages.invitationsPerHour(RESET_MAILS_PER_HOUR))
  const link = `${publicUrl}/book/set-password/${token}`
  const organization = target.organizationName ?? 'Spaceboard'
  await mailer.send(ctx.tx, {
    to: target.email,
    subject: `${organization} invites you to book your rooms online`,
    text: `Hello ${target.first_name},\n\n${organization} invites you to book meeting rooms for ${target.clientName} online.\n\nOpen this link within 7 days to choose your password:\n${link}\n\nThe link works once.`,
    html: `<p>Hello ${escapeHtml(target.first_name)},</p><p>${escapeHtml(organization)} invites you to book meeting rooms for ${escapeHtml(target.clientName ?? '')} online.</p><p><a href="${link}">Choose your password</a> (the link works once, within 7 days).</p>`,
  })
  return { message: messages.invitationSent(target.email) }
}

export function setPasswordFromInvitation(
  ctx: AnonymousCtx,
  input: SetPasswordInput,
  previousSessionId: string | undefined,
) {
  return setPasswordWithToken(
    ctx,
    'invitation',
    'portal',
    input,
    messages.invitationInvalid,
    previousSessionId,
  )
}

export async function portalProfile(tx: Tx, userId: number) {
  const user = await repo.findPortalUser(tx, userId)
  if (!user) throw notFound()
  return user
}
