import {
  type ChangePasswordInput,
  can,
  type ListQuery,
  messages,
  permissionRefusal,
  type UserCreateInput,
  type UserType,
  type UserUpdateInput,
  userFieldRules,
  userTypeRefusal,
} from '@spaceboard/domain'
import type { Tx } from '../../db/client.ts'
import type { Actor, Ctx } from '../../platform/context.ts'
import { badRequest, conflict, fieldError, forbidden, notFound, refuseIfUsed } from '../../platform/errors.ts'
import { refuseForbiddenChanges } from '../../platform/field-access.ts'
import type { ListWindow } from '../../platform/list.ts'
import { hashPassword, verifyPassword } from '../../platform/passwords.ts'
import { assertSameOrganization, organizationForRead, organizationForWrite } from '../../platform/tenancy.ts'
import type { BookingMails } from '../bookings/booking-mails.ts'
import { addClientTypes, defaultClientTypeIds, insertClient } from '../clients/clients.repository.ts'
import * as repo from './users.repository.ts'

export const statusOf = (deletedAt: Date | null) => (deletedAt ? 'Archived' : 'Active')

export interface UserListFilters {
  search: string
  clientId?: number | undefined
  organization_id?: number | undefined
  excludeInactiveOrganizations: boolean
  excludeArchived: boolean
  excludeSuper: boolean
  userType?: string | undefined
}

export function filtersFor(actor: Actor, query: UserListFilters): repo.UserFilters {
  const isSuper = actor.type === 'super'
  return {
    organizationId: organizationForRead(actor, query.organization_id),
    search: query.search,
    clientId: query.clientId,
    // The super filters (spec 1 §2); other users only ever see their organization.
    excludeInactiveOrganizations: isSuper && query.excludeInactiveOrganizations,
    excludeArchived: isSuper && query.excludeArchived,
    excludeSuper: !isSuper || query.excludeSuper,
    userType: query.userType,
  }
}

export async function listUsers(
  { tx, actor }: Ctx,
  query: ListQuery<repo.UserOrder> & UserListFilters,
  window: ListWindow | null,
) {
  const rows = await repo.listUsers(tx, filtersFor(actor, query), query, window)
  return rows.map((row) => ({ ...row, status: statusOf(row.deleted_at) }))
}

export function countUsers({ tx, actor }: Ctx, query: UserListFilters) {
  return repo.countUsers(tx, filtersFor(actor, query))
}

/**
 * Whether the actor may manage this user: super anyone; an admin the users of their organization;
 * a csr only its basic users. Another organization's user is a 404.
 */
function assertManageable(actor: Actor, target: { organization_id: number | null; type: string }) {
  if (actor.type === 'super') return
  assertSameOrganization(actor, target.organization_id)
  const refusal = userTypeRefusal(actor.type, target.type as UserType)
  if (refusal) throw forbidden(actor.type === 'csr' ? messages.csrManagesBasicOnly : refusal)
}

async function manageableUser({ tx, actor }: Ctx, id: number) {
  const row = await repo.findUser(tx, id)
  if (!row) throw notFound()
  if (actor.type !== 'super') assertSameOrganization(actor, row.organization_id)
  return row
}

async function viewOf(tx: Tx, id: number) {
  const row = await repo.findUser(tx, id)
  if (!row) throw notFound()
  const { clientDeletedAt: _clientDeletedAt, ...user } = row
  return { ...user, status: statusOf(row.deleted_at) }
}

export async function getUser(ctx: Ctx, id: number) {
  await manageableUser(ctx, id)
  return viewOf(ctx.tx, id)
}

/** Whether the email is taken: among the caller's organization's users (super: among all users). */
export async function emailExists({ tx, actor }: Ctx, email: string, exceptId?: number) {
  const scope = actor.type === 'super' ? undefined : (actor.organizationId ?? undefined)
  if (actor.type !== 'super' && scope === undefined) return { exists: false }
  return { exists: await repo.emailTaken(tx, email, exceptId, scope) }
}

/**
 * The user's client: the chosen one (of the organization), or the one named by company_name (any
 * case). A new client is created only when the person chose to (new_client, confirmed on the form)
 * and never for a name the organization already has (issue 15): a typo no longer makes a duplicate
 * client with no rates. An archived client cannot be newly given to a user (its users are archived
 * with it); a user may keep the client they already have.
 */
async function resolveClient(
  ctx: Ctx,
  organizationId: number,
  input: { client_id?: number | null | undefined; company_name: string; new_client?: boolean | undefined },
  currentClientId: number | null = null,
) {
  if (input.client_id) {
    const client = await repo.findClientOfOrganization(ctx.tx, organizationId, input.client_id)
    if (!client) throw fieldError('client_id', messages.clientNotInOrganization)
    if (client.deletedAt && client.id !== currentClientId)
      throw fieldError('client_id', messages.userClientArchived)
    return client.id
  }
  if (!input.company_name) return null
  const existing = await repo.findClientByName(ctx.tx, organizationId, input.company_name)
  if (existing && input.new_client)
    throw conflict(messages.clientAlreadyExist, { company_name: messages.clientAlreadyExist })
  if (existing) {
    if (existing.deletedAt && existing.id !== currentClientId)
      throw fieldError('company_name', messages.userClientArchived)
    return existing.id
  }
  if (!input.new_client) throw fieldError('company_name', messages.userClientNotFound)
  const organization = await repo.organizationIsActive(ctx.tx, organizationId)
  if (!organization) throw notFound()
  const clientId = await insertClient(ctx.tx, {
    organizationId,
    name: input.company_name,
    paymentMethod: organization.paymentMethod,
    createdBy: ctx.actor.userId,
  })
  // A client has at least one client type: a new one starts with the shared default types.
  await addClientTypes(ctx.tx, organizationId, clientId, await defaultClientTypeIds(ctx.tx))
  return clientId
}

function profileValues(input: UserUpdateInput): repo.UserValues {
  return {
    type: input.type,
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    mobile: input.mobile,
    companyName: input.company_name,
    companyEmail: input.company_email,
    companyPhone: input.company_phone,
    street: input.street,
    city: input.city,
    state: input.state,
    countryId: input.country_id ?? null,
    postcode: input.postcode,
  }
}

export async function createUser(
  ctx: Ctx,
  input: UserCreateInput,
  sent: ReadonlySet<string>,
  mails?: BookingMails,
) {
  const { tx, actor } = ctx
  refuseForbiddenChanges(actor.type, userFieldRules, sent, input, { exclude_from_reporting: false })
  const refusal = userTypeRefusal(actor.type, input.type)
  if (refusal) throw forbidden(refusal)
  if (await repo.emailTaken(tx, input.email))
    throw conflict(messages.userAlreadyExist, { email: messages.userAlreadyExist })
  const isSuperUser = input.type === 'super'
  const organizationId = isSuperUser ? null : organizationForWrite(actor, input.organization_id)
  if (organizationId !== null && !(await repo.organizationIsActive(tx, organizationId))) {
    throw fieldError('organization_id', messages.selectOrganization)
  }
  const clientId = organizationId === null ? null : await resolveClient(ctx, organizationId, input)
  const id = await repo.insertUser(tx, {
    ...profileValues(input),
    type: input.type,
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    organizationId,
    clientId,
    passwordHash: await hashPassword(input.password),
    excludeFromReporting: actor.type === 'super' ? input.exclude_from_reporting : false,
    createdBy: actor.userId,
  })
  await mails?.userRegistered(ctx, id)
  return viewOf(tx, id)
}

export async function updateUser(ctx: Ctx, id: number, input: UserUpdateInput, sent: ReadonlySet<string>) {
  const { tx, actor } = ctx
  const target = await manageableUser(ctx, id)
  refuseForbiddenChanges(actor.type, userFieldRules, sent, input, await viewOf(tx, id))
  const self = target.id === actor.userId
  if (!self) assertManageable(actor, target)
  if (self && input.type !== target.type) throw forbidden(messages.ownTypeLocked)
  const refusal = self ? null : userTypeRefusal(actor.type, input.type)
  if (refusal) throw forbidden(refusal)
  if ((input.type === 'super') !== (target.type === 'super')) throw forbidden(messages.superTypeLocked)
  if (await repo.emailTaken(tx, input.email, id))
    throw conflict(messages.emailAlreadyExist, { email: messages.emailAlreadyExist })
  const values = profileValues(input)
  if (target.organization_id !== null)
    values.clientId = await resolveClient(ctx, target.organization_id, input, target.client_id)
  if (actor.type === 'super') values.excludeFromReporting = input.exclude_from_reporting
  await repo.updateUser(tx, id, values)
  return viewOf(tx, id)
}

/**
 * Sets a user's password (the domain's policy is the body schema's). One's own needs the current
 * password. Every other session of the user ends (OWASP ASVS 5.0 §7.4.3); the caller's continues.
 */
export async function changePassword(ctx: Ctx, id: number, input: ChangePasswordInput) {
  const target = await manageableUser(ctx, id)
  const self = target.id === ctx.actor.userId
  if (!self) assertManageable(ctx.actor, target)
  if (self) {
    if (!input.current_password) throw fieldError('current_password', messages.currentPasswordRequired)
    const current = await repo.passwordHashOf(ctx.tx, id)
    if (!(await verifyPassword(current, input.current_password)))
      throw fieldError('current_password', messages.currentPasswordWrong)
  }
  await repo.setPassword(ctx.tx, id, await hashPassword(input.password), ctx.actor.sessionId)
  return { message: messages.passwordUpdated }
}

export async function changeStatus(ctx: Ctx, id: number, code: 'ARCHIVE' | 'RESTORE' | 'PERMENANT') {
  const { tx, actor } = ctx
  const target = await manageableUser(ctx, id)
  if (target.id === actor.userId) throw badRequest(messages.cannotArchiveSelf)
  assertManageable(actor, target)
  if (code === 'PERMENANT') {
    if (!can(actor.type, 'users.delete')) throw forbidden(permissionRefusal('users.delete'))
    // Bookings keep who made, used, amended or cancelled them: such a user is archived, not deleted.
    const uses = await repo.userUses(tx, id)
    refuseIfUsed('user', [
      { count: uses.bookings, one: 'booking' },
      { count: uses.series, one: 'recurring series', many: 'recurring series' },
    ])
    await repo.deleteUser(tx, id)
    return { message: messages.recordDeleted }
  }
  if (code === 'RESTORE') {
    if (target.clientDeletedAt) throw badRequest(messages.userClientArchived)
    await repo.setUserArchived(tx, id, false)
    return { message: messages.userActivated }
  }
  await repo.setUserArchived(tx, id, true)
  return { message: messages.userDeactivated }
}
