import {
  blackoutPeriodErrors,
  can,
  colorCode,
  DEFAULT_TAX,
  defaultPrefixes,
  type FeatureFlag,
  featureFlags,
  type ListQuery,
  messages,
  normalizeTaxes,
  type OrganizationInput,
  organizationFieldRules,
  proposePrefixes,
} from '@spaceboard/domain'
import type { Tx } from '../../db/client.ts'
import type { Ctx } from '../../platform/context.ts'
import { badRequest, conflict, type FieldErrors, isUniqueViolation, notFound } from '../../platform/errors.ts'
import { refuseForbiddenChanges, storedSecret } from '../../platform/field-access.ts'
import { inTurn } from '../../platform/in-turn.ts'
import type { ListWindow } from '../../platform/list.ts'
import { organizationToday } from '../../platform/organization-zone.repository.ts'
import { nextSealedValue, type SecretBox } from '../../platform/secrets.ts'
import { assertSameOrganization } from '../../platform/tenancy.ts'
import { hashToken, newToken } from '../../platform/tokens.ts'
import { isUploadUrl } from '../../platform/uploads.ts'
import { countTentativeBookings } from '../bookings/booking-guards.repository.ts'
import { listPackageOptions, setAccountCodes } from '../packages/packages.repository.ts'
import * as repo from './organizations.repository.ts'

export interface OrganizationDeps {
  secrets: SecretBox
}

export function listOrganizations(
  { tx }: Ctx,
  query: ListQuery<repo.OrganizationOrder>,
  window: ListWindow | null,
) {
  return repo.listOrganizations(tx, query, window)
}

export function countOrganizations({ tx }: Ctx, search: string) {
  return repo.countOrganizations(tx, search)
}

/**
 * Organizations a picker may offer: all active ones for super, one's own otherwise, with what the
 * reports screen needs (spec 3 §6): whether the organization is left out of reporting and has the
 * industry benchmarking report.
 */
export async function organizationOptions({ tx, actor }: Ctx) {
  const options = (await repo.listOrganizationOptions(tx)).map(({ features, ...option }) => ({
    ...option,
    industry_benchmarking_report: features.industry_benchmarking_report === true,
  }))
  return actor.type === 'super' ? options : options.filter((o) => o.id === actor.organizationId)
}

function featuresOf(row: repo.OrganizationRow): Record<FeatureFlag, boolean> {
  return Object.fromEntries(featureFlags.map((f) => [f.key, row.features[f.key] === true])) as Record<
    FeatureFlag,
    boolean
  >
}

/** The organization as the form shows it. Secrets are never sent back: only whether each one is set. */
async function viewOf(tx: Tx, row: repo.OrganizationRow) {
  const [blackoutPeriods, clientTypeIds, orgAmenities, roomTypes, billingColumns, packageList] = await inTurn(
    () => repo.listBlackoutPeriods(tx, row.id),
    () => repo.listOrganizationClientTypeIds(tx, row.id),
    () => repo.listOrganizationAmenities(tx, row.id),
    () => repo.listOrganizationRoomTypes(tx, row.id),
    () => repo.listBillingSheetColumns(tx, row.id),
    () => listPackageOptions(tx, row.id),
  )
  return {
    id: row.id,
    name: row.name,
    mh_url: row.mhUrl,
    org_url: row.orgUrl,
    description: row.description,
    company_registration_number: row.companyRegistrationNumber,
    booking_prefix: row.bookingPrefix,
    refund_prefix: row.refundPrefix,
    street: row.street,
    city: row.city,
    state: row.state,
    postcode: row.postcode,
    country_id: row.countryId,
    time_format: row.timeFormat,
    currency_code: row.currencyCode,
    month_id: row.monthId,
    organization_region_id: row.organizationRegionId,
    color: row.color,
    color_code: colorCode(row.color),
    contact_number: row.contactNumber,
    contact_email: row.contactEmail,
    website: row.website,
    contact_us_email: row.contactUsEmail,
    booking_email: row.bookingEmail,
    sender_email: row.senderEmail,
    facebook_url: row.facebookUrl,
    twitter_url: row.twitterUrl,
    linkedIn_url: row.linkedInUrl,
    instagram_url: row.instagramUrl,
    banking_details: row.bankingDetails,
    taxes_label: row.taxesLabel,
    taxes_percent: row.taxesPercent === null ? null : Number(row.taxesPercent),
    taxes_type: row.taxesType,
    tax_type: row.taxType,
    monthly_billing: row.monthlyBilling,
    invoice_numbering: row.invoiceNumbering,
    client_default_payment_method: row.clientDefaultPaymentMethod,
    minimum_notice_period: row.minimumNoticePeriod,
    use_email_template: row.useEmailTemplate,
    mh_customer_id: row.mhCustomerId ?? '',
    exclude_from_reporting: row.excludeFromReporting,
    mh_plan: row.mhPlan,
    licensed_spaces: row.licensedSpaces,
    commission_rate: row.commissionRate,
    features: featuresOf(row),
    charge_amenities: 1 as const,
    ms365_tenant_id: row.ms365TenantId,
    ms365_client_id: row.ms365ClientId,
    ms365_client_secret_set: row.ms365ClientSecretEnc !== null,
    ms365_proxy_user_email: row.ms365ProxyUserEmail,
    ms365_default_client_name: row.ms365DefaultClientName,
    stripe_publishable_key: row.stripePublishableKey,
    stripe_secret_key_set: row.stripeSecretKeyEnc !== null,
    google_analytics_code: row.googleAnalyticsCode,
    enable_api: row.enableApi,
    api_token_set: row.apiTokenHash !== null,
    web_api_token_set: row.webApiTokenHash !== null,
    third_party_org_code: row.thirdPartyOrgCode,
    thirdPartyCredentials: {
      customer_name: row.thirdPartyCustomerName,
      username: row.thirdPartyUsername,
      password_set: row.thirdPartyPasswordEnc !== null,
    },
    logo: row.logo,
    blackoutPeriods,
    orgClientTypes: clientTypeIds,
    orgAmenities: orgAmenities.map((a) => a.amenityId),
    amenitiesCode: Object.fromEntries(orgAmenities.map((a) => [a.amenityId, a.code])),
    amenitiesAccountCode: Object.fromEntries(orgAmenities.map((a) => [a.amenityId, a.accountCode])),
    orgRoomTypes: roomTypes.map((r) => r.roomType),
    orgRoomTypeCodes: Object.fromEntries(
      roomTypes.map((r) => [r.roomType, { account_code: r.accountCode, code: r.code }]),
    ),
    orgBillingSheetColumns: Object.fromEntries(billingColumns.map((c) => [c.columnKey, c.customName])),
    packagesAccountCode: Object.fromEntries(packageList.map((p) => [p.id, p.account_code])),
    packagesInventoryItemCode: Object.fromEntries(packageList.map((p) => [p.id, p.inventory_item_code])),
    created_at: row.createdAt,
    deleted_at: row.deletedAt,
  }
}
export type OrganizationView = Awaited<ReturnType<typeof viewOf>>

async function visibleOrganization({ tx, actor }: Ctx, id: number) {
  assertSameOrganization(actor, id)
  const row = await repo.findOrganization(tx, id)
  if (!row) throw notFound()
  return row
}

export async function getOrganization(ctx: Ctx, id: number) {
  return viewOf(ctx.tx, await visibleOrganization(ctx, id))
}

/**
 * Checks the rules that need more than the payload (spec 1 §5): customer id uniqueness, the free
 * plan's limits for non-super users, locked prefixes, logo URLs, blackout periods.
 */
async function ruleErrors(ctx: Ctx, input: OrganizationInput, stored: repo.OrganizationRow | undefined) {
  const { tx, actor } = ctx
  const isSuper = actor.type === 'super'
  const errors: FieldErrors = {}
  const plan = isSuper ? (input.mh_plan ?? stored?.mhPlan ?? 'custom') : (stored?.mhPlan ?? 'custom')
  if (isSuper && input.mh_customer_id && (await repo.customerIdTaken(tx, input.mh_customer_id, stored?.id))) {
    errors.mh_customer_id = messages.customerIdExists
  }
  if (!isSuper && plan === 'free') {
    if (
      input.client_default_payment_method === 'credit_card' &&
      stored?.clientDefaultPaymentMethod !== 'credit_card'
    ) {
      errors.client_default_payment_method = messages.creditCardNotOnFreePlan
    }
    if (input.logo && input.logo !== stored?.logo) errors.logo = messages.logoNotOnFreePlan
  }
  // Names are unique among active organizations (any case); prefixes platform-wide (issue 15).
  if (!stored?.deletedAt && (await repo.organizationNameTaken(tx, input.name, stored?.id)))
    errors.name = messages.organizationNameTaken
  const taken = await repo.takenPrefixes(tx, stored?.id)
  const bookingPrefix = input.booking_prefix || stored?.bookingPrefix || ''
  const refundPrefix = input.refund_prefix || stored?.refundPrefix || ''
  if (bookingPrefix && taken.booking.has(bookingPrefix.toUpperCase()))
    errors.booking_prefix = messages.bookingPrefixTaken
  if (refundPrefix && taken.refund.has(refundPrefix.toUpperCase()))
    errors.refund_prefix = messages.refundPrefixTaken
  if (!isSuper && stored) {
    if (stored.bookingPrefix && input.booking_prefix !== stored.bookingPrefix)
      errors.booking_prefix = messages.prefixLocked
    if (stored.refundPrefix && input.refund_prefix !== stored.refundPrefix)
      errors.refund_prefix = messages.prefixLocked
  }
  if (input.logo && input.logo !== stored?.logo && !isUploadUrl(input.logo)) errors.logo = messages.onlyImages
  const features = isSuper && input.features ? input.features : (stored?.features ?? {})
  if (
    stored?.features.user_screen_booking &&
    !features.user_screen_booking &&
    (await countTentativeBookings(tx, stored.id)) > 0
  )
    errors['features.user_screen_booking'] = messages.tentativeBookingsExist
  if (features.blackout_period)
    Object.assign(
      errors,
      blackoutPeriodErrors(input.blackoutPeriods, await organizationToday(tx, stored?.id)),
    )
  if (features.enable_ms_365 && isSuper) {
    if (!input.ms365_client_id) errors.ms365_client_id = messages.ms365ClientId
    if (!input.ms365_tenant_id) errors.ms365_tenant_id = messages.ms365TenantId
    if (!input.ms365_default_client_name) errors.ms365_default_client_name = messages.ms365DefaultClientName
  }
  return errors
}

/** Column values from the payload, leaving out what the actor may not change. */
function valuesFrom(
  ctx: Ctx,
  deps: OrganizationDeps,
  raw: OrganizationInput,
  stored: repo.OrganizationRow | undefined,
): { values: repo.OrganizationValues; shownTokens: { api_token?: string; web_api_token?: string } } {
  const input = normalizeTaxes(raw)
  const isSuper = ctx.actor.type === 'super'
  const mayChangeSettings = can(ctx.actor.type, 'organizations.settings')
  const prefixes = defaultPrefixes(input.name)
  // Finance fields (taxes, currency, billing settings) and the Org URL are not every role's: absent
  // from the values, the stored ones stay. A new organization (made by super) takes them all.
  const mayChangeFinance = !stored || can(ctx.actor.type, 'organizations.finance')
  const values: repo.OrganizationValues = {
    name: input.name,
    description: input.description,
    companyRegistrationNumber: input.company_registration_number,
    bookingPrefix: input.booking_prefix || (stored ? stored.bookingPrefix : prefixes.booking_prefix),
    refundPrefix: input.refund_prefix || (stored ? stored.refundPrefix : prefixes.refund_prefix),
    street: input.street,
    city: input.city,
    state: input.state,
    postcode: input.postcode,
    countryId: input.country_id,
    timeFormat: input.time_format,
    organizationRegionId: input.organization_region_id,
    color: input.color,
    contactNumber: input.contact_number,
    contactEmail: input.contact_email,
    website: input.website,
    contactUsEmail: input.contact_us_email,
    bookingEmail: input.booking_email,
    senderEmail: input.sender_email,
    facebookUrl: input.facebook_url,
    twitterUrl: input.twitter_url,
    linkedInUrl: input.linkedIn_url,
    instagramUrl: input.instagram_url,
    logo: input.logo === undefined ? stored?.logo : input.logo || null,
  }
  if (!stored || can(ctx.actor.type, 'organizations.org-url')) values.orgUrl = input.org_url
  if (mayChangeFinance) {
    values.currencyCode = input.currency_code
    values.monthId = input.month_id
    values.bankingDetails = input.banking_details
    values.monthlyBilling = input.monthly_billing
    values.invoiceNumbering = input.invoice_numbering
  }
  // Absent tax fields keep what is stored; a new organization starts with GST at 10 %.
  if (input.taxes_percent !== undefined && mayChangeFinance) {
    values.taxesLabel = input.taxes_label
    values.taxesPercent = input.taxes_percent === null ? null : input.taxes_percent.toFixed(2)
    values.taxesType = input.taxes_type
  } else if (!stored) {
    values.taxesLabel = DEFAULT_TAX.label
    values.taxesPercent = DEFAULT_TAX.percent.toFixed(2)
  }
  // The organization's product URL is set by the platform owner.
  if (isSuper || !stored) values.mhUrl = input.mh_url
  if (mayChangeSettings) {
    values.clientDefaultPaymentMethod = input.client_default_payment_method
    values.minimumNoticePeriod = input.minimum_notice_period
    if (input.use_email_template !== undefined) values.useEmailTemplate = input.use_email_template
    if (input.thirdPartyCredentials) {
      values.thirdPartyCustomerName = input.thirdPartyCredentials.customer_name
      values.thirdPartyUsername = input.thirdPartyCredentials.username
      values.thirdPartyPasswordEnc = nextSealedValue(
        deps.secrets,
        input.thirdPartyCredentials.password,
        stored?.thirdPartyPasswordEnc ?? null,
      )
    }
  }
  const shownTokens: { api_token?: string; web_api_token?: string } = {}
  if (isSuper) {
    if (input.tax_type) values.taxType = input.tax_type
    if (input.mh_customer_id !== undefined) values.mhCustomerId = input.mh_customer_id || null
    if (input.exclude_from_reporting !== undefined) values.excludeFromReporting = input.exclude_from_reporting
    if (input.mh_plan) values.mhPlan = input.mh_plan
    if (input.licensed_spaces !== undefined) values.licensedSpaces = input.licensed_spaces
    if (input.commission_rate !== undefined) values.commissionRate = input.commission_rate
    if (input.features)
      values.features = { ...(stored?.features ?? {}), ...(input.features as Record<string, boolean>) }
    if (input.ms365_tenant_id !== undefined) values.ms365TenantId = input.ms365_tenant_id
    if (input.ms365_client_id !== undefined) values.ms365ClientId = input.ms365_client_id
    if (input.ms365_proxy_user_email !== undefined) values.ms365ProxyUserEmail = input.ms365_proxy_user_email
    if (input.ms365_default_client_name !== undefined)
      values.ms365DefaultClientName = input.ms365_default_client_name
    values.ms365ClientSecretEnc = nextSealedValue(
      deps.secrets,
      input.ms365_client_secret,
      stored?.ms365ClientSecretEnc ?? null,
    )
    if (input.stripe_publishable_key !== undefined) values.stripePublishableKey = input.stripe_publishable_key
    values.stripeSecretKeyEnc = nextSealedValue(
      deps.secrets,
      input.stripe_secret_key,
      stored?.stripeSecretKeyEnc ?? null,
    )
    if (input.google_analytics_code !== undefined) values.googleAnalyticsCode = input.google_analytics_code
    if (input.enable_api !== undefined) values.enableApi = input.enable_api
    if (input.third_party_org_code !== undefined) values.thirdPartyOrgCode = input.third_party_org_code
    // A token is shown once, in the answer of the save that generated it; only its hash is kept.
    if (input.generateToken) {
      shownTokens.api_token = newToken()
      values.apiTokenHash = hashToken(shownTokens.api_token)
    }
    if (input.generateWebToken) {
      shownTokens.web_api_token = newToken()
      values.webApiTokenHash = hashToken(shownTokens.web_api_token)
    }
  }
  return { values, shownTokens }
}

/** Blackout periods, client types, amenities, space types and billing columns: the lists of the form. */
async function saveLists(
  ctx: Ctx,
  organizationId: number,
  input: OrganizationInput,
  features: Record<string, boolean>,
) {
  const { tx, actor } = ctx
  // Account and inventory codes are finance fields: a csr's save keeps the stored ones.
  const mayChangeCodes = can(actor.type, 'organizations.finance')
  if (features.blackout_period) {
    await repo.deleteBlackoutPeriods(tx, organizationId, input.deletedBlackoutPeriods)
    for (const period of input.blackoutPeriods) {
      if (!period.blackout_period_start_date) continue
      await repo.saveBlackoutPeriod(tx, organizationId, {
        id: period.id,
        startDate: period.blackout_period_start_date,
        endDate: period.blackout_period_end_date || null,
      })
    }
  }
  const clientTypeIds = await repo.usableClientTypeIds(tx, organizationId, input.orgClientTypes)
  await repo.addOrganizationClientTypes(tx, organizationId, clientTypeIds)
  await repo.removeOrganizationClientTypes(tx, organizationId, input.removedClientType)

  const amenityIds = await repo.existingAmenityIds(tx, input.orgAmenities)
  for (const amenityId of amenityIds) {
    const key = String(amenityId)
    await repo.upsertOrganizationAmenity(
      tx,
      organizationId,
      amenityId,
      mayChangeCodes
        ? { code: input.amenitiesCode[key] ?? '', accountCode: input.amenitiesAccountCode[key] ?? '' }
        : null,
    )
  }
  await repo.removeOrganizationAmenities(tx, organizationId, input.removedAmenity)

  for (const roomType of input.orgRoomTypes) {
    const codes = input.orgRoomTypeCodes[roomType]
    await repo.upsertOrganizationRoomType(
      tx,
      organizationId,
      roomType,
      mayChangeCodes ? { accountCode: codes?.account_code ?? '', code: codes?.code ?? '' } : null,
    )
  }
  await repo.removeOrganizationRoomTypes(tx, organizationId, input.removedOrgRoomTypes)

  const packageIds = new Set(
    mayChangeCodes
      ? [...Object.keys(input.packagesAccountCode), ...Object.keys(input.packagesInventoryItemCode)]
      : [],
  )
  for (const key of packageIds) {
    await setAccountCodes(
      tx,
      organizationId,
      Number(key),
      input.packagesAccountCode[key] ?? '',
      input.packagesInventoryItemCode[key] ?? '',
    )
  }

  if (mayChangeCodes) {
    await repo.replaceBillingSheetColumns(
      tx,
      organizationId,
      input.orgBillingSheetColumns as Record<string, string>,
    )
  }
}

/** A save that raced another past the checks: the unique indexes answer with the same messages. */
async function mapDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    const duplicate = (
      [
        ['organizations_active_name_unique', 'name', messages.organizationNameTaken],
        ['organizations_booking_prefix_unique', 'booking_prefix', messages.bookingPrefixTaken],
        ['organizations_refund_prefix_unique', 'refund_prefix', messages.refundPrefixTaken],
      ] as const
    ).find(([constraint]) => isUniqueViolation(error, constraint))
    if (duplicate) throw conflict(duplicate[2], { [duplicate[1]]: duplicate[2] })
    throw error
  }
}

/** The prefixes the add form proposes for a name: the spec's, or the next free ones (issue 15). */
export async function prefixProposal({ tx }: Ctx, name: string) {
  return proposePrefixes(name, await repo.takenPrefixes(tx))
}

export async function createOrganization(ctx: Ctx, deps: OrganizationDeps, raw: OrganizationInput) {
  // Prefixes left empty get the next free ones, never another organization's.
  const proposal = await prefixProposal(ctx, raw.name)
  const input = {
    ...raw,
    booking_prefix: raw.booking_prefix || proposal.booking_prefix,
    refund_prefix: raw.refund_prefix || proposal.refund_prefix,
  }
  const errors = await ruleErrors(ctx, input, undefined)
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0] ?? '', errors)
  const { values, shownTokens } = valuesFrom(ctx, deps, input, undefined)
  const id = await mapDuplicate(() => repo.insertOrganization(ctx.tx, { ...values, name: input.name }))
  // Every organization starts with the shared default client types (spec: orgClientTypes start with id 1).
  const orgClientTypes = input.orgClientTypes.length
    ? input.orgClientTypes
    : await repo.usableClientTypeIds(ctx.tx, null, [1])
  await saveLists(ctx, id, { ...input, orgClientTypes }, values.features ?? {})
  const row = await repo.findOrganization(ctx.tx, id)
  if (!row) throw notFound()
  return { ...(await viewOf(ctx.tx, row)), ...shownTokens }
}

export async function updateOrganization(
  ctx: Ctx,
  deps: OrganizationDeps,
  id: number,
  input: OrganizationInput,
  sent: ReadonlySet<string>,
) {
  const stored = await visibleOrganization(ctx, id)
  const view = await viewOf(ctx.tx, stored)
  refuseForbiddenChanges(ctx.actor.type, organizationFieldRules, sent, input, {
    ...view,
    stripe_secret_key: storedSecret(view.stripe_secret_key_set),
    ms365_client_secret: storedSecret(view.ms365_client_secret_set),
  })
  const errors = await ruleErrors(ctx, input, stored)
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0] ?? '', errors)
  const { values, shownTokens } = valuesFrom(ctx, deps, input, stored)
  await mapDuplicate(() => repo.updateOrganization(ctx.tx, id, values))
  await saveLists(ctx, id, input, values.features ?? stored.features)
  const row = await repo.findOrganization(ctx.tx, id)
  if (!row) throw notFound()
  return { ...(await viewOf(ctx.tx, row)), ...shownTokens }
}

export async function archiveOrganization({ tx }: Ctx, id: number) {
  if (!(await repo.setArchived(tx, id, true))) throw notFound()
  return { message: messages.organizationArchived }
}

export async function restoreOrganization({ tx }: Ctx, id: number, timeFormat: string) {
  const stored = await repo.findOrganization(tx, id)
  if (!stored) throw notFound()
  // Another active organization may have taken the name while this one was archived.
  if (await repo.organizationNameTaken(tx, stored.name, id))
    throw conflict(messages.organizationNameTaken, { name: messages.organizationNameTaken })
  if (!(await repo.setArchived(tx, id, false, timeFormat))) throw notFound()
  return { message: messages.organizationRestored }
}

/** "1" when another organization already has this customer id (spec 1 §7). */
export async function customerIdExists({ tx }: Ctx, customerId: string, exceptId?: number) {
  return (await repo.customerIdTaken(tx, customerId, exceptId)) ? '1' : '0'
}

/** The plan of the actor's own organization (null for super users). */
export async function actorPlan({ tx, actor }: Ctx) {
  if (actor.organizationId === null) return null
  return (await repo.findOrganization(tx, actor.organizationId))?.mhPlan ?? null
}
