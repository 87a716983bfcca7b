import { messages } from '@spaceboard/domain'
import type { Actor } from './context.ts'
import { fieldError, notFound } from './errors.ts'

/**
 * The organization a write acts on. Non-super users always act on their own organization, whatever
 * the payload says; a super user must name one.
 */
export function organizationForWrite(
  actor: Actor,
  requested: number | undefined | null,
  missingMessage: string = messages.selectOrganization,
): number {
  if (actor.type !== 'super') {
    if (actor.organizationId === null) throw notFound()
    return actor.organizationId
  }
  if (!requested) throw fieldError('organization_id', missingMessage)
  return requested
}

/**
 * The organization filter of a read: the actor's own for non-super users; for super the requested one,
 * or null for "every organization".
 */
export function organizationForRead(actor: Actor, requested?: number | null): number | null {
  if (actor.type !== 'super') return actor.organizationId ?? -1
  return requested ?? null
}

/** Whether the actor may see a row of this organization. Another organization's row is a 404, never a 403. */
export function assertSameOrganization(actor: Actor, organizationId: number | null | undefined): void {
  if (actor.type === 'super') return
  if (organizationId === null || organizationId === undefined || organizationId !== actor.organizationId) {
    throw notFound()
  }
}
