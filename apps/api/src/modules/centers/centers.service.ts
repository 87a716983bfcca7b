import {
  type CenterInput,
  can,
  centerFieldRules,
  centsToDecimal,
  type ListQuery,
  messages,
  months,
  permissionRefusal,
  toCents,
} from '@spaceboard/domain'
import type { Tx } from '../../db/client.ts'
import type { Ctx } from '../../platform/context.ts'
import {
  badRequest,
  conflict,
  type FieldErrors,
  forbidden,
  notFound,
  refuseIfUsed,
} from '../../platform/errors.ts'
import { refuseForbiddenChanges, storedSecret } from '../../platform/field-access.ts'
import type { ListWindow } from '../../platform/list.ts'
import { nextSealedValue, type SecretBox } from '../../platform/secrets.ts'
import { assertSameOrganization, organizationForRead, organizationForWrite } from '../../platform/tenancy.ts'
import { findPackage, packageCenterList } from '../packages/packages.repository.ts'
import * as repo from './centers.repository.ts'

export interface CenterDeps {
  secrets: SecretBox
}

export function listCenters(
  { tx, actor }: Ctx,
  query: ListQuery<repo.CenterOrder> & { organization_id?: number | undefined },
  window: ListWindow | null,
) {
  return repo.listCenters(tx, organizationForRead(actor, query.organization_id), query, window)
}

export function countCenters({ tx, actor }: Ctx, search: string, organizationId?: number) {
  return repo.countCenters(tx, organizationForRead(actor, organizationId), search)
}

export function centerOptions({ tx, actor }: Ctx, organizationId?: number) {
  return repo.listCenterOptions(tx, organizationForRead(actor, organizationId))
}

async function visibleCenter({ tx, actor }: Ctx, id: number) {
  const row = await repo.findCenter(tx, id)
  if (!row) throw notFound()
  assertSameOrganization(actor, row.center.organizationId)
  return row
}

/** The calendar year now in the center's time zone: targets of earlier years are history. */
export function currentYearIn(timeZone: string, now: Date = new Date()): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(now))
}

/** The year's months: the target (revenue) and the actual net revenue, months in the center's zone (spec 1 §3). */
async function monthRevenue(
  tx: Tx,
  center: { id: number; organizationId: number; timezoneId: string },
  year: number,
) {
  const targets = await repo.listRevenueTargets(tx, center.id, year)
  const actuals = await repo.actualRevenueByMonth(
    tx,
    center.organizationId,
    center.id,
    center.timezoneId,
    year,
  )
  return months.map((name, index) => {
    const target = targets.find((t) => t.month_id === index + 1)
    const actual = actuals.find((a) => a.monthId === index + 1)
    return {
      name,
      month_id: index + 1,
      revenue: target ? Number(target.revenue) : null,
      actual: centsToDecimal(actual ? toCents(actual.actual) : 0),
    }
  })
}

async function viewOf(tx: Tx, id: number, year?: number) {
  const row = await repo.findCenter(tx, id)
  if (!row) throw notFound()
  const c = row.center
  const shownYear = year ?? currentYearIn(c.timezoneId)
  return {
    id: c.id,
    organization_id: c.organizationId,
    organizationName: row.organizationName,
    name: c.name,
    site_id: c.siteId,
    booking_confirm_email: c.bookingConfirmEmail,
    booking_confirm_emails: c.bookingConfirmEmails,
    contact_email: c.contactEmail,
    contact_number: c.contactNumber,
    street: c.street,
    city: c.city,
    state: c.state,
    postcode: c.postcode,
    country_id: c.countryId,
    countryName: row.countryName,
    address: [c.street, c.city, c.state, c.postcode, row.countryName].filter(Boolean).join(', '),
    timezone_id: c.timezoneId,
    open_time: c.openTime,
    close_time: c.closeTime,
    time_format: c.timeFormat,
    open_after_hours: c.openAfterHours,
    description: c.description,
    native_center_id: c.nativeCenterId,
    /** Whether the organization is linked to a third party, so the native id is asked for. */
    third_party: row.thirdPartyOrgCode !== '',
    lat: c.lat === null ? null : Number(c.lat),
    lon: c.lon === null ? null : Number(c.lon),
    regionId: await repo.listCenterRegionIds(tx, c.id),
    taxes_label: c.taxesLabel,
    taxes_percent: c.taxesPercent === null ? null : Number(c.taxesPercent),
    taxes_type: c.taxesType,
    stripe_publishable_key: c.stripePublishableKey,
    stripe_secret_key_set: c.stripeSecretKeyEnc !== null,
    year: shownYear,
    current_year: currentYearIn(c.timezoneId),
    monthRevenue: await monthRevenue(tx, c, shownYear),
    is_active: c.isActive ? 1 : 0,
    deleted_at: c.deletedAt,
    created_at: c.createdAt,
  }
}

export async function getCenter(ctx: Ctx, id: number, year?: number) {
  await visibleCenter(ctx, id)
  return viewOf(ctx.tx, id, year)
}

async function validate(ctx: Ctx, organizationId: number, input: CenterInput, stored?: repo.CenterRow) {
  const errors: FieldErrors = {}
  const organization = await repo.organizationThirdPartyCode(ctx.tx, organizationId)
  if (!organization)
    throw badRequest(messages.selectOrganizationError, { organization_id: messages.selectOrganizationError })
  if (organization.code && !input.native_center_id) errors.native_center_id = messages.fieldRequired
  const regionIds = await repo.regionIdsOfOrganization(ctx.tx, organizationId, input.regionId)
  if (regionIds.length !== new Set(input.regionId).size) errors.regionId = messages.selectRequired
  const year = input.year ?? currentYearIn(input.timezone_id)
  if (stored && input.monthRevenue.length && year < currentYearIn(stored.timezoneId)) {
    const saved = await repo.listRevenueTargets(ctx.tx, stored.id, year)
    const changed = input.monthRevenue.some((m) => {
      const before = saved.find((s) => s.month_id === m.month_id)
      return toCents(m.revenue) !== (before ? toCents(before.revenue) : 0)
    })
    if (changed) errors.monthRevenue = messages.pastRevenueTargetsLocked
  } else if (!stored && input.monthRevenue.length && year < currentYearIn(input.timezone_id)) {
    errors.monthRevenue = messages.pastRevenueTargetsLocked
  }
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0] ?? '', errors)
  return { regionIds, year }
}

function valuesFrom(
  ctx: Ctx,
  deps: CenterDeps,
  input: CenterInput,
  stored?: repo.CenterRow,
): repo.CenterValues {
  const values: repo.CenterValues = {
    name: input.name,
    siteId: input.site_id,
    bookingConfirmEmail: input.booking_confirm_email,
    bookingConfirmEmails: input.booking_confirm_emails,
    contactEmail: input.contact_email,
    contactNumber: input.contact_number,
    street: input.street,
    city: input.city,
    state: input.state,
    postcode: input.postcode,
    countryId: input.country_id,
    timezoneId: input.timezone_id,
    openTime: input.open_time,
    closeTime: input.close_time,
    timeFormat: input.time_format,
    openAfterHours: input.open_after_hours,
    description: input.description,
    nativeCenterId: input.native_center_id,
    lat: input.lat == null ? null : input.lat.toFixed(6),
    lon: input.lon == null ? null : input.lon.toFixed(6),
    taxesLabel: input.taxes_percent === null ? '' : input.taxes_label,
    taxesPercent: input.taxes_percent === null ? null : input.taxes_percent.toFixed(2),
    taxesType: input.taxes_percent === null ? '' : input.taxes_type,
  }
  if (can(ctx.actor.type, 'centers.stripe')) {
    if (input.stripe_publishable_key !== undefined) values.stripePublishableKey = input.stripe_publishable_key
    values.stripeSecretKeyEnc = nextSealedValue(
      deps.secrets,
      input.stripe_secret_key,
      stored?.stripeSecretKeyEnc ?? null,
    )
  }
  return values
}

async function saveTargets(
  tx: Tx,
  organizationId: number,
  centerId: number,
  year: number,
  input: CenterInput,
) {
  for (const target of input.monthRevenue) {
    await repo.saveRevenueTarget(
      tx,
      organizationId,
      centerId,
      year,
      target.month_id,
      centsToDecimal(toCents(target.revenue)),
    )
  }
}

export async function createCenter(
  ctx: Ctx,
  deps: CenterDeps,
  input: CenterInput,
  sent: ReadonlySet<string>,
) {
  refuseForbiddenChanges(ctx.actor.type, centerFieldRules, sent, input, {})
  const organizationId = organizationForWrite(
    ctx.actor,
    input.organization_id,
    messages.selectOrganizationError,
  )
  const { regionIds, year } = await validate(ctx, organizationId, input)
  const id = await repo.insertCenter(ctx.tx, {
    ...valuesFrom(ctx, deps, input),
    organizationId,
    name: input.name,
    bookingConfirmEmail: input.booking_confirm_email,
    contactEmail: input.contact_email,
    contactNumber: input.contact_number,
    street: input.street,
    city: input.city,
    state: input.state,
    postcode: input.postcode,
    countryId: input.country_id,
    timezoneId: input.timezone_id,
  })
  await repo.replaceCenterRegions(ctx.tx, organizationId, id, regionIds)
  await saveTargets(ctx.tx, organizationId, id, year, input)
  return viewOf(ctx.tx, id, year)
}

export async function updateCenter(
  ctx: Ctx,
  deps: CenterDeps,
  id: number,
  input: CenterInput,
  sent: ReadonlySet<string>,
) {
  const { center } = await visibleCenter(ctx, id)
  const view = await viewOf(ctx.tx, id)
  refuseForbiddenChanges(ctx.actor.type, centerFieldRules, sent, input, {
    ...view,
    stripe_secret_key: storedSecret(view.stripe_secret_key_set),
  })
  const { regionIds, year } = await validate(ctx, center.organizationId, input, center)
  await repo.updateCenter(ctx.tx, id, valuesFrom(ctx, deps, input, center))
  await repo.replaceCenterRegions(ctx.tx, center.organizationId, id, regionIds)
  if (year >= currentYearIn(center.timezoneId))
    await saveTargets(ctx.tx, center.organizationId, id, year, input)
  return viewOf(ctx.tx, id, year)
}

export type CenterStatusChange = { is_active: 0 | 1 } | { deleted_at: string | null } | { code: 'PERMENANT' }

/** The list's status actions, all through PUT /api/center/{id} (spec 1 §7). */
export async function changeCenterStatus(ctx: Ctx, id: number, change: CenterStatusChange) {
  await visibleCenter(ctx, id)
  if ('code' in change) return deleteCenter(ctx, id)
  if ('is_active' in change) {
    await repo.updateCenter(ctx.tx, id, { isActive: change.is_active === 1 })
    return { message: messages.recordUpdated }
  }
  if (change.deleted_at === null) {
    await repo.updateCenter(ctx.tx, id, { deletedAt: null })
    return { message: messages.centerRestored }
  }
  await repo.updateCenter(ctx.tx, id, { deletedAt: new Date() })
  return { message: messages.centerArchived }
}

export async function deleteCenter(ctx: Ctx, id: number) {
  if (!can(ctx.actor.type, 'centers.delete')) throw forbidden(permissionRefusal('centers.delete'))
  await visibleCenter(ctx, id)
  if (await repo.centerHasSpaces(ctx.tx, id)) throw conflict(messages.centerHasSpaces)
  const uses = await repo.centerUses(ctx.tx, id)
  refuseIfUsed('location', [
    { count: uses.spaces, one: 'space' },
    { count: uses.bookings, one: 'booking' },
    { count: uses.packages, one: 'package deal' },
  ])
  await repo.deleteCenter(ctx.tx, id)
  return { message: messages.recordDeleted }
}

/** The centers a package deal is offered in. */
export async function centersOfPackage({ tx, actor }: Ctx, packageId: number) {
  const found = await findPackage(tx, packageId)
  if (!found) throw notFound()
  assertSameOrganization(actor, found.pkg.organizationId)
  return packageCenterList(tx, packageId)
}
