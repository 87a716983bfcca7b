import { type ClientInput, can, clientFieldRules, type ListQuery, messages } from '@spaceboard/domain'
import type { Tx } from '../../db/client.ts'
import type { Ctx } from '../../platform/context.ts'
import { conflict, fieldError, notFound } from '../../platform/errors.ts'
import { refuseForbiddenChanges } from '../../platform/field-access.ts'
import type { ListWindow } from '../../platform/list.ts'
import { organizationForCreate } from '../../platform/tenancy.repository.ts'
import { assertSameOrganization, organizationForRead } from '../../platform/tenancy.ts'
import { usableClientTypeIds } from '../organizations/organizations.repository.ts'
import * as repo from './clients.repository.ts'

export function listClients(
  { tx, actor }: Ctx,
  query: ListQuery<repo.ClientOrder> & { organization_id?: number | undefined },
  window: ListWindow | null,
) {
  return repo.listClients(tx, organizationForRead(actor, query.organization_id), query, window)
}

export function countClients({ tx, actor }: Ctx, search: string, organizationId?: number) {
  return repo.countClients(tx, organizationForRead(actor, organizationId), search)
}

export function clientOptions({ tx, actor }: Ctx, organizationId?: number) {
  return repo.listClientOptions(tx, organizationForRead(actor, organizationId))
}

async function visibleClient({ tx, actor }: Ctx, id: number) {
  const row = await repo.findClient(tx, id)
  if (!row) throw notFound()
  assertSameOrganization(actor, row.client.organizationId)
  return row
}

async function viewOf(tx: Tx, id: number) {
  const row = await repo.findClient(tx, id)
  if (!row) throw notFound()
  const c = row.client
  return {
    id: c.id,
    organization_id: c.organizationId,
    organizationName: row.organizationName,
    name: c.name,
    external_client_id: c.externalClientId,
    street: c.street,
    city: c.city,
    state: c.state,
    country_id: c.countryId,
    postcode: c.postcode,
    contact_email: c.contactEmail,
    contact_number: c.contactNumber,
    website: c.website,
    payment_method: c.paymentMethod,
    company_number: c.companyNumber,
    send_confirmation_only: c.sendConfirmationOnly,
    access_to_private_room: c.accessToPrivateRoom,
    notes: c.notes,
    internal_percent_discount_rate: Number(c.internalPercentDiscountRate),
    additional_discount_rate: Number(c.additionalDiscountRate),
    gartisMinutes: c.totalMinutes,
    clientClientTypes: await repo.listClientTypeIds(tx, c.id),
    registeredUser: row.registeredUser,
    alterUserName: row.alterUserName,
    deleted_at: c.deletedAt,
  }
}

export async function getClient(ctx: Ctx, id: number) {
  await visibleClient(ctx, id)
  return viewOf(ctx.tx, id)
}

/** "1" when another client of the organization has this name (spec 1 §7). */
export async function clientNameExists(
  { tx, actor }: Ctx,
  name: string,
  organizationId?: number,
  exceptId?: number,
) {
  const scope = organizationForRead(actor, organizationId)
  if (scope === null) return '0'
  return (await repo.clientNameTaken(tx, scope, name, exceptId)) ? '1' : '0'
}

/** Column values the actor may set: csr sets neither the discounts nor the Unique Client ID nor the company number. */
function valuesFrom(ctx: Ctx, input: ClientInput, stored?: repo.ClientValues): Partial<repo.ClientValues> {
  const values: Partial<repo.ClientValues> = {
    name: input.name,
    street: input.street,
    city: input.city,
    state: input.state,
    countryId: input.country_id ?? null,
    postcode: input.postcode,
    contactEmail: input.contact_email,
    contactNumber: input.contact_number,
    website: input.website,
    paymentMethod: input.payment_method,
    sendConfirmationOnly: input.send_confirmation_only,
    accessToPrivateRoom: input.access_to_private_room,
    notes: input.notes,
    totalMinutes: input.gartisMinutes,
  }
  if (can(ctx.actor.type, 'clients.rates')) {
    values.externalClientId = input.external_client_id
    values.internalPercentDiscountRate = input.internal_percent_discount_rate.toFixed(2)
    values.additionalDiscountRate = input.additional_discount_rate.toFixed(2)
  } else if (!stored) {
    values.externalClientId = ''
  }
  if (can(ctx.actor.type, 'clients.company-number')) values.companyNumber = input.company_number
  return values
}

/** Non-super users on the free plan cannot choose Credit Card (spec 1 §6). */
async function assertPaymentMethodAllowed(
  ctx: Ctx,
  organizationId: number,
  input: ClientInput,
  stored?: repo.ClientValues,
) {
  if (
    ctx.actor.type === 'super' ||
    input.payment_method !== 'credit_card' ||
    stored?.paymentMethod === 'credit_card'
  )
    return
  if ((await repo.organizationPlan(ctx.tx, organizationId)) === 'free') {
    throw fieldError('payment_method', messages.creditCardNotOnFreePlan)
  }
}

async function saveClientTypes(ctx: Ctx, organizationId: number, clientId: number, input: ClientInput) {
  const usable = await usableClientTypeIds(ctx.tx, organizationId, input.clientClientTypes)
  if (usable.length === 0) throw fieldError('clientClientTypes', messages.checkOneClientType)
  await repo.addClientTypes(ctx.tx, organizationId, clientId, usable)
  const removed = input.removedClientType.filter((id) => !usable.includes(id))
  await repo.removeClientTypes(ctx.tx, clientId, removed)
  if ((await repo.listClientTypeIds(ctx.tx, clientId)).length === 0) {
    throw fieldError('clientClientTypes', messages.checkOneClientType)
  }
}

/** A new client's guarded fields as the form starts them: a role that may not set them sends these. */
const newClientFields = {
  external_client_id: '',
  internal_percent_discount_rate: 0,
  additional_discount_rate: 0,
  company_number: '',
}

export async function createClient(ctx: Ctx, input: ClientInput, sent: ReadonlySet<string>) {
  refuseForbiddenChanges(ctx.actor.type, clientFieldRules, sent, input, newClientFields)
  const organizationId = await organizationForCreate(ctx, input.organization_id)
  await assertPaymentMethodAllowed(ctx, organizationId, input)
  if (await repo.clientNameTaken(ctx.tx, organizationId, input.name)) {
    throw conflict(messages.clientAlreadyExist, { name: messages.clientAlreadyExist })
  }
  const id = await repo.insertClient(ctx.tx, {
    ...valuesFrom(ctx, input),
    name: input.name,
    organizationId,
    createdBy: ctx.actor.userId,
  })
  await saveClientTypes(ctx, organizationId, id, input)
  return viewOf(ctx.tx, id)
}

export async function updateClient(ctx: Ctx, id: number, input: ClientInput, sent: ReadonlySet<string>) {
  const { client } = await visibleClient(ctx, id)
  refuseForbiddenChanges(ctx.actor.type, clientFieldRules, sent, input, await viewOf(ctx.tx, id))
  await assertPaymentMethodAllowed(ctx, client.organizationId, input, client)
  if (await repo.clientNameTaken(ctx.tx, client.organizationId, input.name, id)) {
    throw conflict(messages.clientAlreadyExist, { name: messages.clientAlreadyExist })
  }
  await repo.updateClient(ctx.tx, id, valuesFrom(ctx, input, client))
  await saveClientTypes(ctx, client.organizationId, id, input)
  return viewOf(ctx.tx, id)
}

export async function archiveClient(ctx: Ctx, id: number) {
  const { client } = await visibleClient(ctx, id)
  await repo.archiveClientAndUsers(ctx.tx, client.organizationId, id)
  return { message: messages.recordArchived }
}

export async function restoreClient(ctx: Ctx, id: number) {
  const { client } = await visibleClient(ctx, id)
  await repo.restoreClientAndUsers(ctx.tx, client.organizationId, id)
  return { message: messages.clientRestored }
}

export async function clientGratisLog(ctx: Ctx, id: number) {
  const { client } = await visibleClient(ctx, id)
  return repo.gratisLog(ctx.tx, client.organizationId, id)
}
