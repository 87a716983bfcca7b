import {
  blackoutPeriodErrors,
  can,
  centsToDecimal,
  type ListQuery,
  maxSpacePhotos,
  messages,
  type SpaceAction,
  type SpaceInput,
  spaceFieldRules,
  spaceTypes,
  toCents,
  wallClock,
} from '@spaceboard/domain'
import type { Tx } from '../../db/client.ts'
import type { Ctx } from '../../platform/context.ts'
import { badRequest, type FieldErrors, notFound } from '../../platform/errors.ts'
import { refuseForbiddenChanges } from '../../platform/field-access.ts'
import { inTurn } from '../../platform/in-turn.ts'
import type { ListWindow } from '../../platform/list.ts'
import { organizationToday } from '../../platform/organization-zone.repository.ts'
import { nextSealedValue, type SecretBox } from '../../platform/secrets.ts'
import { assertSameOrganization, organizationForRead, organizationForWrite } from '../../platform/tenancy.ts'
import { isUploadUrl } from '../../platform/uploads.ts'
import { countBookingsOfSpace, firstSharedSlot } from '../bookings/booking-guards.repository.ts'
import * as bookingRepo from '../bookings/bookings.repository.ts'
import * as repo from './spaces.repository.ts'

export interface SpaceDeps {
  secrets: SecretBox
}

const typeLabel = (key: string) => spaceTypes.find((t) => t.key === key)?.label ?? key

export async function listSpaces(
  { tx, actor }: Ctx,
  query: ListQuery<repo.SpaceOrder> & { centerId?: number | undefined; organization_id?: number | undefined },
  window: ListWindow | null,
) {
  const rows = await repo.listSpaces(tx, organizationForRead(actor, query.organization_id), query, window)
  return rows.map((row) => ({ ...row, type: typeLabel(row.type), room_type: row.type }))
}

export function countSpaces({ tx, actor }: Ctx, search: string, organizationId?: number, centerId?: number) {
  return repo.countSpaces(tx, organizationForRead(actor, organizationId), search, centerId)
}

export function spaceOptions({ tx, actor }: Ctx, organizationId?: number, centerId?: number) {
  return repo.listSpaceOptions(tx, organizationForRead(actor, organizationId), centerId)
}

/**
 * GET /api/roomsearch?business_center_id= (spec 2 §7): the active spaces of a location, each with its
 * rates. Another organization's location has none for a non-super caller.
 */
export async function roomSearch({ tx, actor }: Ctx, centerId: number) {
  const organizationId = organizationForRead(actor, undefined)
  const rooms = await repo.listSpaceOptions(tx, organizationId, centerId)
  const rates = await repo.ratesOfSpaces(
    tx,
    organizationId,
    rooms.map((r) => r.id),
  )
  return rooms.map((room) => ({
    ...room,
    rates: rates
      .filter((rate) => rate.spaceId === room.id)
      .map((rate) => ({ rateUnit: rate.unit, rateAmount: centsToDecimal(toCents(rate.amount)) })),
  }))
}

/** How many more spaces the organization's licence allows (checkLicensedSpaces); null for super. */
export async function remainingLicences({ tx, actor }: Ctx, organizationId?: number) {
  if (actor.type === 'super') return { remaining: null }
  const scope = organizationForRead(actor, organizationId)
  if (scope === null) return { remaining: null }
  const organization = await repo.organizationOfSpaceForm(tx, scope)
  if (!organization) throw notFound()
  return { remaining: organization.licensedSpaces - (await repo.countLicensedSpaces(tx, scope)) }
}

/** Non-super users need a free licence to add, activate or restore a space (spec 3 §5). */
async function assertLicence(ctx: Ctx, organizationId: number, message: string) {
  if (ctx.actor.type === 'super') return
  await repo.lockOrganization(ctx.tx, organizationId)
  const organization = await repo.organizationOfSpaceForm(ctx.tx, organizationId)
  if (!organization) throw notFound()
  if (organization.licensedSpaces - (await repo.countLicensedSpaces(ctx.tx, organizationId)) <= 0)
    throw badRequest(message)
}

async function visibleSpace({ tx, actor }: Ctx, id: number) {
  const row = await repo.findSpace(tx, id)
  if (!row) throw notFound()
  assertSameOrganization(actor, row.space.organizationId)
  return row
}

const split = (minutes: number) => ({ hours: Math.floor(minutes / 60), minutes: minutes % 60 })

async function viewOf(tx: Tx, id: number) {
  const row = await repo.findSpace(tx, id)
  if (!row) throw notFound()
  const s = row.space
  const [min, max, pre, post] = [
    s.minimumDurationMinutes,
    s.maximumDurationMinutes,
    s.preMakeupMinutes,
    s.postMakeupMinutes,
  ].map(split)
  const [rates, amenityList, photos, blackoutPeriods, children, parents] = await inTurn(
    () => repo.listRates(tx, id),
    () => repo.listSpaceAmenities(tx, id),
    () => repo.listPhotos(tx, id),
    () => repo.listBlackoutPeriods(tx, id),
    () => repo.childIds(tx, id),
    () => repo.parentIds(tx, id),
  )
  return {
    id: s.id,
    organization_id: s.organizationId,
    organizationName: row.organizationName,
    center_id: s.centerId,
    centerName: row.centerName,
    name: s.name,
    capacity: s.capacity,
    floor: s.floor,
    private_room: s.privateRoom,
    minimum_duration_hours: min?.hours ?? 0,
    minimum_duration_minutes: min?.minutes ?? 0,
    maximum_duration_hours: max?.hours ?? 0,
    maximum_duration_minutes: max?.minutes ?? 0,
    start_time: s.startTime,
    end_time: s.endTime,
    description: s.description,
    organization_roomtype_id: s.roomType,
    type: typeLabel(s.roomType),
    status: s.isActive ? 'enabled' : 'disabled',
    is_active: s.isActive ? 1 : 0,
    native_meetingroom_id: s.nativeMeetingroomId,
    pre_makeup_hours: pre?.hours ?? 0,
    pre_makeup_minutes: pre?.minutes ?? 0,
    post_makeup_hours: post?.hours ?? 0,
    post_makeup_minutes: post?.minutes ?? 0,
    selectedAmenities: amenityList,
    selectedRates: rates,
    full_photo: photos,
    childRooms: children,
    isChild: parents.length > 0,
    blackoutPeriods,
    security_bond_required: s.securityBondRequired,
    security_bond_amount: s.securityBondAmount === null ? null : Number(s.securityBondAmount),
    site_access_instructions: s.siteAccessInstructions,
    calendar_type: s.calendarType,
    google_account_email: s.googleAccountEmail,
    service_account_email: s.serviceAccountEmail,
    service_account_private_key_set: s.serviceAccountPrivateKeyEnc !== null,
    ms_365_resource_email: s.ms365ResourceEmail,
    display_order: s.displayOrder,
    deleted_at: s.deletedAt,
    created_at: s.createdAt,
  }
}

export async function getSpace(ctx: Ctx, id: number) {
  await visibleSpace(ctx, id)
  return viewOf(ctx.tx, id)
}

async function validate(ctx: Ctx, organizationId: number, input: SpaceInput, stored?: repo.SpaceRow) {
  const { tx } = ctx
  const organization = await repo.organizationOfSpaceForm(tx, organizationId)
  if (!organization)
    throw badRequest(messages.selectOrganizationPlease, {
      organization_id: messages.selectOrganizationPlease,
    })
  const errors: FieldErrors = {}
  if (!(await repo.centerOfOrganization(tx, organizationId, input.center_id)))
    errors.center_id = messages.selectLocation
  if (!(await repo.organizationRoomTypeKeys(tx, organizationId)).includes(input.organization_roomtype_id)) {
    errors.organization_roomtype_id = messages.selectSpaceType
  }
  if (organization.thirdPartyOrgCode && !input.native_meetingroom_id)
    errors.native_meetingroom_id = messages.nativeRoomIdRequired
  const offered = await repo.organizationAmenityIds(tx, organizationId)
  if (input.selectedAmenities.some((a) => !offered.includes(a.amenity_id)))
    errors.selectedAmenities = messages.selectChargedAt
  const limit = maxSpacePhotos(organization.mhPlan)
  if (input.full_photo.length > limit) errors.full_photo = messages.maxImages(limit)
  const storedPhotos = stored ? await repo.listPhotos(tx, stored.id) : []
  if (input.full_photo.some((url) => !storedPhotos.includes(url) && !isUploadUrl(url)))
    errors.full_photo = messages.photoNotUploaded
  if (organization.features.blackout_period)
    Object.assign(
      errors,
      blackoutPeriodErrors(input.blackoutPeriods, await organizationToday(tx, organizationId)),
    )
  if (input.childRooms.length) {
    if (stored && (await repo.parentIds(tx, stored.id)).length) errors.childRooms = messages.childOfChild
    else {
      const candidates = await repo.childCandidates(
        tx,
        organizationId,
        input.center_id,
        input.organization_roomtype_id,
        stored?.id,
      )
      const allowed = new Set(candidates.map((c) => c.id))
      if (input.childRooms.some((id) => !allowed.has(id))) errors.childRooms = messages.childRoomInvalid
    }
  }
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0] ?? '', errors)
  return organization
}

function valuesFrom(
  ctx: Ctx,
  deps: SpaceDeps,
  input: SpaceInput,
  features: Record<string, boolean>,
  stored?: repo.SpaceRow,
): repo.SpaceValues {
  const values: repo.SpaceValues = {
    centerId: input.center_id,
    name: input.name,
    capacity: input.capacity,
    floor: input.floor,
    privateRoom: input.private_room,
    minimumDurationMinutes: input.minimum_duration_hours * 60 + input.minimum_duration_minutes,
    maximumDurationMinutes: input.maximum_duration_hours * 60 + input.maximum_duration_minutes,
    startTime: input.start_time,
    endTime: input.end_time,
    description: input.description,
    roomType: input.organization_roomtype_id,
    isActive: input.status === 'enabled',
    nativeMeetingroomId: input.native_meetingroom_id,
    preMakeupMinutes: input.pre_makeup_hours * 60 + input.pre_makeup_minutes,
    postMakeupMinutes: input.post_makeup_hours * 60 + input.post_makeup_minutes,
    securityBondRequired: input.security_bond_required,
    securityBondAmount:
      input.security_bond_required && input.security_bond_amount != null && input.security_bond_amount !== ''
        ? centsToDecimal(toCents(input.security_bond_amount))
        : null,
    siteAccessInstructions: input.site_access_instructions,
  }
  // Calendar and MS 365 settings exist only where the organization enables them (spec 3 §6).
  if (features.enable_calendar_booking) {
    const anyCredential = Boolean(input.google_account_email || input.service_account_email)
    values.calendarType = anyCredential ? 'GOOGLE_CALENDAR' : null
    values.googleAccountEmail = input.google_account_email
    values.serviceAccountEmail = input.service_account_email
    values.serviceAccountPrivateKeyEnc = nextSealedValue(
      deps.secrets,
      input.service_account_private_key,
      stored?.serviceAccountPrivateKeyEnc ?? null,
    )
  }
  if (features.enable_ms_365 && can(ctx.actor.type, 'organizations.super-panel')) {
    values.ms365ResourceEmail = input.ms_365_resource_email
  }
  return values
}

async function saveLists(
  ctx: Ctx,
  organizationId: number,
  spaceId: number,
  input: SpaceInput,
  features: Record<string, boolean>,
) {
  const { tx } = ctx
  await repo.replaceRates(
    tx,
    organizationId,
    spaceId,
    input.selectedRates.map((r) => ({ unit: r.unit, amount: centsToDecimal(toCents(r.amount)) })),
  )
  await repo.replaceSpaceAmenities(
    tx,
    organizationId,
    spaceId,
    input.selectedAmenities.map((a) => ({
      amenityId: a.amenity_id,
      chargeType: a.type,
      amount: centsToDecimal(toCents(a.amount)),
    })),
  )
  await repo.replacePhotos(tx, organizationId, spaceId, input.full_photo)
  await repo.replaceChildren(tx, organizationId, spaceId, input.childRooms)
  if (features.blackout_period) {
    await repo.deleteBlackoutPeriods(tx, spaceId, input.deletedBlackoutPeriods)
    for (const period of input.blackoutPeriods) {
      if (!period.blackout_period_start_date) continue
      await repo.saveBlackoutPeriod(tx, organizationId, spaceId, {
        id: period.id,
        startDate: period.blackout_period_start_date,
        endDate: period.blackout_period_end_date || null,
      })
    }
  }
}

export async function createSpace(ctx: Ctx, deps: SpaceDeps, input: SpaceInput, sent: ReadonlySet<string>) {
  refuseForbiddenChanges(ctx.actor.type, spaceFieldRules, sent, input, {})
  const organizationId = organizationForWrite(
    ctx.actor,
    input.organization_id,
    messages.selectOrganizationPlease,
  )
  const organization = await validate(ctx, organizationId, input)
  await assertLicence(ctx, organizationId, messages.licenceAdd)
  const values = valuesFrom(ctx, deps, input, organization.features)
  const id = await repo.insertSpace(ctx.tx, {
    ...values,
    organizationId,
    centerId: input.center_id,
    name: input.name,
    capacity: input.capacity,
    minimumDurationMinutes: values.minimumDurationMinutes ?? 0,
    maximumDurationMinutes: values.maximumDurationMinutes ?? 0,
    startTime: input.start_time,
    endTime: input.end_time,
    description: input.description,
    roomType: input.organization_roomtype_id,
  })
  await saveLists(ctx, organizationId, id, input, organization.features)
  return viewOf(ctx.tx, id)
}

/**
 * What bookings forbid on edit (spec 3 §5): moving a booked space to another organization or
 * center, detaching the children of a booked combined space, and combining a space with one that
 * is booked by another booking at the same time.
 */
async function bookingErrors(ctx: Ctx, space: repo.SpaceRow, input: SpaceInput) {
  const errors: FieldErrors = {}
  const booked = (await countBookingsOfSpace(ctx.tx, space.id)) > 0
  if (booked && input.organization_id && input.organization_id !== space.organizationId)
    errors.organization_id = messages.spaceBookingsOrganization
  if (booked && input.center_id !== space.centerId) errors.center_id = messages.spaceBookingsCenter
  const children = await repo.childIds(ctx.tx, space.id)
  if (booked && children.some((child) => !input.childRooms.includes(child)))
    errors.childRooms = messages.spaceBookingsChildren
  for (const child of input.childRooms.filter((c) => !children.includes(c))) {
    const when = await firstSharedSlot(ctx.tx, space.organizationId, space.id, child)
    if (!when) continue
    const childRow = await repo.findSpace(ctx.tx, child)
    const center = await bookingRepo.findCenter(ctx.tx, space.organizationId, space.centerId)
    const wall = wallClock(when, center?.timezoneId ?? 'UTC')
    errors.childRooms ??= messages.childBookedSameSlot(
      childRow?.space.name ?? '',
      `${wall.date} ${wall.time}`,
    )
  }
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0] ?? '', errors)
}

export async function updateSpace(
  ctx: Ctx,
  deps: SpaceDeps,
  id: number,
  input: SpaceInput,
  sent: ReadonlySet<string>,
) {
  const { space } = await visibleSpace(ctx, id)
  refuseForbiddenChanges(ctx.actor.type, spaceFieldRules, sent, input, await viewOf(ctx.tx, id))
  await bookingErrors(ctx, space, input)
  // A space keeps its organization: its rates, photos and bookings belong to that organization.
  const organization = await validate(ctx, space.organizationId, input, space)
  if (!space.isActive && input.status === 'enabled' && !space.deletedAt) {
    await assertLicence(ctx, space.organizationId, messages.licenceActivate)
  }
  await repo.updateSpace(ctx.tx, id, valuesFrom(ctx, deps, input, organization.features, space))
  await saveLists(ctx, space.organizationId, id, input, organization.features)
  return viewOf(ctx.tx, id)
}

/** The list's actions: display order, activate/deactivate, archive, restore (spec 3 §7). */
export async function applySpaceAction(ctx: Ctx, id: number, action: SpaceAction) {
  const { space } = await visibleSpace(ctx, id)
  switch (action.code) {
    case 'DISPLAY_ORDER':
      await repo.updateSpace(ctx.tx, id, { displayOrder: action.display_order })
      return { status: true, message: messages.displayOrderUpdated }
    case 'ACTIVE_INACTIVE':
      if (action.is_active === 1 && !space.isActive && !space.deletedAt) {
        await assertLicence(ctx, space.organizationId, messages.licenceActivate)
      }
      await repo.updateSpace(ctx.tx, id, { isActive: action.is_active === 1 })
      return {
        status: true,
        message: action.is_active === 1 ? messages.spaceActivated : messages.spaceDeactivated,
      }
    case 'ARCHIVE':
      await repo.updateSpace(ctx.tx, id, { deletedAt: new Date() })
      return { status: true, message: messages.recordArchived }
    case 'RESTORE':
      if (space.deletedAt && space.isActive)
        await assertLicence(ctx, space.organizationId, messages.licenceRestore)
      await repo.updateSpace(ctx.tx, id, { deletedAt: null })
      return { status: true, message: messages.recordUpdated }
  }
}

export async function childCandidates(
  { tx, actor }: Ctx,
  centerId: number,
  roomType: string,
  currentRoomId?: number,
  organizationId?: number,
) {
  const scope = actor.type === 'super' ? (organizationId ?? null) : actor.organizationId
  if (scope === null) return []
  return repo.childCandidates(tx, scope, centerId, roomType, currentRoomId)
}

/** The space types the organization offers, for the form's type select. */
export async function organizationSpaceTypes({ tx, actor }: Ctx, organizationId?: number) {
  const scope = organizationForRead(actor, organizationId)
  if (scope === null) return []
  const keys = await repo.organizationRoomTypeKeys(tx, scope)
  return spaceTypes.filter((t) => keys.includes(t.key)).map((t) => ({ key: t.key, label: t.label }))
}
