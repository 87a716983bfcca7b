import { centsToDecimal, type ListQuery, messages, type PackageInput, toCents } from '@spaceboard/domain'
import type { Tx } from '../../db/client.ts'
import type { Ctx } from '../../platform/context.ts'
import { badRequest, conflict, type FieldErrors, notFound } from '../../platform/errors.ts'
import { inTurn } from '../../platform/in-turn.ts'
import type { ListWindow } from '../../platform/list.ts'
import { assertSameOrganization, organizationForRead, organizationForWrite } from '../../platform/tenancy.ts'
import { countBookingsOfPackage } from '../bookings/booking-guards.repository.ts'
import * as repo from './packages.repository.ts'

export function listPackages(
  { tx, actor }: Ctx,
  query: ListQuery<repo.PackageOrder> & { organization_id?: number | undefined },
  window: ListWindow | null,
) {
  return repo.listPackages(tx, organizationForRead(actor, query.organization_id), query, window)
}

export function countPackages({ tx, actor }: Ctx, search: string, organizationId?: number) {
  return repo.countPackages(tx, organizationForRead(actor, organizationId), search)
}

async function visiblePackage({ tx, actor }: Ctx, id: number) {
  const row = await repo.findPackage(tx, id)
  if (!row) throw notFound()
  assertSameOrganization(actor, row.pkg.organizationId)
  return row
}

async function viewOf(tx: Tx, id: number) {
  const row = await repo.findPackage(tx, id)
  if (!row) throw notFound()
  const p = row.pkg
  const [selectedCenters, selectedMeetingrooms] = await inTurn(
    () => repo.packageCenterList(tx, id),
    () => repo.packageSpaceList(tx, id),
  )
  return {
    id: p.id,
    organization_id: p.organizationId,
    organizationName: row.organizationName,
    name: p.name,
    min_attendees: p.minAttendees,
    type: p.type,
    duration_hours: p.durationMinutes === null ? null : Math.floor(p.durationMinutes / 60),
    duration_minutes: p.durationMinutes === null ? null : p.durationMinutes % 60,
    start_time: p.startTime,
    end_time: p.endTime,
    services: p.services,
    rate: Number(p.rate),
    status: p.status,
    centers: selectedCenters.map((c) => c.id),
    meetingrooms: selectedMeetingrooms.map((s) => s.id),
    selectedCenters,
    selectedMeetingrooms,
    created_at: p.createdAt,
  }
}

export async function getPackage(ctx: Ctx, id: number) {
  await visiblePackage(ctx, id)
  return viewOf(ctx.tx, id)
}

/** Centers of the organization and spaces of those centers that seat the minimum attendees. */
async function mappings(tx: Tx, organizationId: number, input: PackageInput) {
  const centerIds = await repo.validCenterIds(tx, organizationId, input.centers)
  const spaceIds = await repo.validSpaceIds(
    tx,
    organizationId,
    centerIds,
    input.min_attendees,
    input.meetingrooms,
  )
  const errors: FieldErrors = {}
  if (centerIds.length !== new Set(input.centers).size) errors.centers = messages.selectRequired
  if (spaceIds.length !== new Set(input.meetingrooms).size)
    errors.meetingrooms = messages.packageSpacesInvalid
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0] ?? '', errors)
  return { centerIds, spaceIds }
}

function valuesOf(input: PackageInput): repo.PackageValues {
  const duration = input.type === 'duration'
  return {
    name: input.name,
    minAttendees: input.min_attendees,
    type: input.type,
    durationMinutes: duration ? (input.duration_hours ?? 0) * 60 + (input.duration_minutes ?? 0) : null,
    startTime: duration ? null : (input.start_time ?? null),
    endTime: duration ? null : (input.end_time ?? null),
    services: input.services,
    rate: centsToDecimal(toCents(input.rate)),
    status: input.status,
  }
}

export async function createPackage(ctx: Ctx, input: PackageInput) {
  const organizationId = organizationForWrite(ctx.actor, input.organization_id)
  const { centerIds, spaceIds } = await mappings(ctx.tx, organizationId, input)
  const values = valuesOf(input)
  const id = await repo.insertPackage(ctx.tx, {
    ...values,
    organizationId,
    name: input.name,
    minAttendees: input.min_attendees,
    type: input.type,
    rate: values.rate ?? '0.00',
  })
  await repo.replaceMappings(ctx.tx, organizationId, id, centerIds, spaceIds)
  return viewOf(ctx.tx, id)
}

export async function updatePackage(ctx: Ctx, id: number, input: PackageInput) {
  const { pkg } = await visiblePackage(ctx, id)
  const { centerIds, spaceIds } = await mappings(ctx.tx, pkg.organizationId, input)
  await repo.updatePackage(ctx.tx, id, valuesOf(input))
  await repo.replaceMappings(ctx.tx, pkg.organizationId, id, centerIds, spaceIds)
  return viewOf(ctx.tx, id)
}

export async function setPackageStatus(ctx: Ctx, id: number, status: 'enable' | 'disable') {
  await visiblePackage(ctx, id)
  await repo.updatePackage(ctx.tx, id, { status })
  return { message: messages.recordUpdated }
}

export async function deletePackage(ctx: Ctx, id: number) {
  await visiblePackage(ctx, id)
  if (await countBookingsOfPackage(ctx.tx, id)) throw conflict(messages.packageHasBookings)
  await repo.deletePackage(ctx.tx, id)
  return { message: messages.recordDeleted }
}

/** The packages of an organization with their accounting codes (organization form, Accounts/Finance). */
export function packageCodes({ tx, actor }: Ctx, organizationId: number) {
  assertSameOrganization(actor, organizationId)
  return repo.listPackageOptions(tx, organizationId)
}
