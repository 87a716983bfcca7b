import {
  billingSheetColumns,
  type ClientType,
  can,
  DEFAULT_COLOR,
  DEFAULT_CURRENCY,
  DEFAULT_MONTH_ID,
  DEFAULT_PAYMENT_METHOD,
  DEFAULT_TAX,
  DEFAULT_TIME_FORMAT,
  type FeatureFlag,
  featureFlags,
  normalizeTaxes,
  type Plan,
  type SpaceType,
  spaceTypes,
  type UserType,
} from '@spaceboard/domain'
import {
  type BlackoutRow,
  blackoutInputs,
  blackoutRows,
  deletedBlackoutIds,
} from '../../platform/blackout-periods.tsx'
import type { FieldPath } from '../../platform/form-kit.ts'
import type { Amenity, OrganizationPayload, OrganizationView } from './api.ts'

export interface CodedChoice {
  selected: boolean
  code: string
  account_code: string
}

/**
 * The organization form's values. They follow the payload (organizationSchema), except that
 * amenities and space types are held per item (checkbox plus codes), blackout dates are dayjs and
 * write-only secrets are `undefined` (keep), `''` (clear) or the new value.
 */
export interface OrganizationFormValues {
  name: string
  mh_url: string
  org_url: string
  description: string
  company_registration_number: string
  booking_prefix: string
  refund_prefix: string
  street: string
  city: string
  state: string
  postcode: string
  country_id: number | undefined
  time_format: string
  currency_code: string
  month_id: number
  organization_region_id: number | undefined
  color: string
  logo: string | null
  contact_number: string
  contact_email: string
  website: string
  contact_us_email: string
  booking_email: string
  sender_email: string
  facebook_url: string
  twitter_url: string
  linkedIn_url: string
  instagram_url: string
  blackoutPeriods: BlackoutRow[]
  orgClientTypes: number[]
  spaceTypes: Record<string, CodedChoice>
  amenities: Record<string, CodedChoice>
  banking_details: string
  taxes_label: string
  taxes_percent: number | null
  taxes_type: string
  tax_type: 'exclusive' | 'inclusive' | undefined
  monthly_billing: boolean
  invoice_numbering: string
  orgBillingSheetColumns: Record<string, string>
  /** Accounting codes of the organization's package deals, by package id. */
  packagesAccountCode: Record<string, string>
  packagesInventoryItemCode: Record<string, string>
  client_default_payment_method: 'invoice' | 'credit_card'
  minimum_notice_period: number | null
  use_email_template: boolean
  mh_customer_id: string
  exclude_from_reporting: boolean
  mh_plan: Plan
  licensed_spaces: number | null
  /** Percent as typed (decimal text); 0 until super sets it. */
  commission_rate: string
  features: Record<FeatureFlag, boolean>
  ms365_tenant_id: string
  ms365_client_id: string
  ms365_client_secret: string | undefined
  ms365_proxy_user_email: string
  ms365_default_client_name: string
  stripe_publishable_key: string
  stripe_secret_key: string | undefined
  google_analytics_code: string
  enable_api: boolean
  generateToken: boolean
  generateWebToken: boolean
  third_party_org_code: string
  thirdPartyCredentials: { customer_name: string; username: string; password: string | undefined }
}

function codedChoices<K extends string>(
  keys: readonly K[],
  selected: readonly K[],
  codeOf: (key: K) => { code: string; account_code: string },
): Record<string, CodedChoice> {
  return Object.fromEntries(
    keys.map((key) => [String(key), { selected: selected.includes(key), ...codeOf(key) }]),
  )
}

/** The form of a new organization: the spec's defaults (spec 1 §9), the default client types checked. */
export function newOrganizationValues(
  clientTypes: ClientType[],
  amenities: Amenity[],
): OrganizationFormValues {
  return {
    name: '',
    mh_url: '',
    org_url: '',
    description: '',
    company_registration_number: '',
    booking_prefix: '',
    refund_prefix: '',
    street: '',
    city: '',
    state: '',
    postcode: '',
    country_id: undefined,
    time_format: DEFAULT_TIME_FORMAT,
    currency_code: DEFAULT_CURRENCY,
    month_id: DEFAULT_MONTH_ID,
    organization_region_id: undefined,
    color: DEFAULT_COLOR,
    logo: null,
    contact_number: '',
    contact_email: '',
    website: '',
    contact_us_email: '',
    booking_email: '',
    sender_email: '',
    facebook_url: '',
    twitter_url: '',
    linkedIn_url: '',
    instagram_url: '',
    blackoutPeriods: [],
    orgClientTypes: clientTypes.filter((t) => t.is_default).map((t) => t.id),
    spaceTypes: codedChoices(
      spaceTypes.map((t) => t.key),
      [],
      () => ({ code: '', account_code: '' }),
    ),
    amenities: codedChoices(
      amenities.map((a) => String(a.id)),
      [],
      () => ({ code: '', account_code: '' }),
    ),
    banking_details: '',
    taxes_label: DEFAULT_TAX.label,
    taxes_percent: DEFAULT_TAX.percent,
    taxes_type: '',
    tax_type: 'exclusive',
    monthly_billing: false,
    invoice_numbering: '',
    orgBillingSheetColumns: {},
    packagesAccountCode: {},
    packagesInventoryItemCode: {},
    client_default_payment_method: DEFAULT_PAYMENT_METHOD,
    minimum_notice_period: 0,
    use_email_template: false,
    mh_customer_id: '',
    exclude_from_reporting: false,
    mh_plan: 'custom',
    licensed_spaces: 0,
    commission_rate: '0',
    features: Object.fromEntries(featureFlags.map((f) => [f.key, false])) as Record<FeatureFlag, boolean>,
    ms365_tenant_id: '',
    ms365_client_id: '',
    ms365_client_secret: undefined,
    ms365_proxy_user_email: '',
    ms365_default_client_name: '',
    stripe_publishable_key: '',
    stripe_secret_key: undefined,
    google_analytics_code: '',
    enable_api: false,
    generateToken: false,
    generateWebToken: false,
    third_party_org_code: '',
    thirdPartyCredentials: { customer_name: '', username: '', password: undefined },
  }
}

/** The form of a saved organization, from GET /api/organization/{id}. */
export function organizationValues(view: OrganizationView, amenities: Amenity[]): OrganizationFormValues {
  const defaults = newOrganizationValues([], amenities)
  return {
    ...defaults,
    name: view.name,
    mh_url: view.mh_url,
    org_url: view.org_url,
    description: view.description,
    company_registration_number: view.company_registration_number,
    booking_prefix: view.booking_prefix,
    refund_prefix: view.refund_prefix,
    street: view.street,
    city: view.city,
    state: view.state,
    postcode: view.postcode,
    country_id: view.country_id ?? undefined,
    time_format: view.time_format || DEFAULT_TIME_FORMAT,
    currency_code: view.currency_code || DEFAULT_CURRENCY,
    month_id: view.month_id || DEFAULT_MONTH_ID,
    organization_region_id: view.organization_region_id ?? undefined,
    color: view.color || DEFAULT_COLOR,
    logo: view.logo,
    contact_number: view.contact_number,
    contact_email: view.contact_email,
    website: view.website,
    contact_us_email: view.contact_us_email,
    booking_email: view.booking_email,
    sender_email: view.sender_email,
    facebook_url: view.facebook_url,
    twitter_url: view.twitter_url,
    linkedIn_url: view.linkedIn_url,
    instagram_url: view.instagram_url,
    blackoutPeriods: blackoutRows(view.blackoutPeriods),
    orgClientTypes: view.orgClientTypes,
    spaceTypes: codedChoices(
      spaceTypes.map((t) => t.key),
      view.orgRoomTypes,
      (key) => ({
        code: view.orgRoomTypeCodes[key]?.code ?? '',
        account_code: view.orgRoomTypeCodes[key]?.account_code ?? '',
      }),
    ),
    amenities: codedChoices(
      amenities.map((a) => String(a.id)),
      view.orgAmenities.map(String),
      (id) => ({ code: view.amenitiesCode[id] ?? '', account_code: view.amenitiesAccountCode[id] ?? '' }),
    ),
    banking_details: view.banking_details,
    taxes_label: view.taxes_label,
    taxes_percent: view.taxes_percent,
    taxes_type: view.taxes_type,
    tax_type: view.tax_type ?? undefined,
    monthly_billing: view.monthly_billing,
    invoice_numbering: view.invoice_numbering,
    orgBillingSheetColumns: { ...view.orgBillingSheetColumns },
    packagesAccountCode: { ...view.packagesAccountCode },
    packagesInventoryItemCode: { ...view.packagesInventoryItemCode },
    client_default_payment_method: view.client_default_payment_method,
    minimum_notice_period: view.minimum_notice_period,
    use_email_template: view.use_email_template,
    mh_customer_id: view.mh_customer_id,
    exclude_from_reporting: view.exclude_from_reporting,
    mh_plan: view.mh_plan,
    licensed_spaces: view.licensed_spaces,
    commission_rate: view.commission_rate,
    features: { ...defaults.features, ...view.features },
    ms365_tenant_id: view.ms365_tenant_id,
    ms365_client_id: view.ms365_client_id,
    ms365_proxy_user_email: view.ms365_proxy_user_email,
    ms365_default_client_name: view.ms365_default_client_name,
    stripe_publishable_key: view.stripe_publishable_key,
    google_analytics_code: view.google_analytics_code,
    enable_api: view.enable_api,
    third_party_org_code: view.third_party_org_code,
    thirdPartyCredentials: {
      customer_name: view.thirdPartyCredentials.customer_name,
      username: view.thirdPartyCredentials.username,
      password: undefined,
    },
  }
}

const text = (value: string | null | undefined) => (value ?? '').trim()
const chosen = (choices: Record<string, CodedChoice>) =>
  Object.entries(choices).filter(([, choice]) => choice.selected)
const trimmedCodes = (codes: Record<string, string | null | undefined> | undefined) =>
  Object.fromEntries(Object.entries(codes ?? {}).map(([id, code]) => [id, text(code)]))
const without = <T>(loaded: readonly T[], kept: readonly T[]) => loaded.filter((item) => !kept.includes(item))

/**
 * The body of POST/PUT /api/organization from the form: the whole form, the lists diffed against
 * what was loaded (spec 1 §4), read-only facts left out, and only what the role may change among
 * the super-only and settings fields (the API ignores the rest anyway).
 */
export function organizationPayload(
  values: OrganizationFormValues,
  loaded: OrganizationView | null,
  role: UserType,
): OrganizationPayload {
  const orgAmenities = chosen(values.amenities).map(([id]) => Number(id))
  const orgRoomTypes = chosen(values.spaceTypes).map(([key]) => key as SpaceType)
  const taxes = normalizeTaxes({
    taxes_percent: values.taxes_percent ?? null,
    taxes_label: text(values.taxes_label),
    taxes_type: text(values.taxes_type),
  })
  const payload: OrganizationPayload = {
    name: text(values.name),
    mh_url: text(values.mh_url),
    org_url: text(values.org_url),
    description: text(values.description),
    company_registration_number: text(values.company_registration_number),
    booking_prefix: text(values.booking_prefix),
    refund_prefix: text(values.refund_prefix),
    street: text(values.street),
    city: text(values.city),
    state: text(values.state),
    postcode: text(values.postcode),
    country_id: values.country_id as number,
    time_format: values.time_format as OrganizationPayload['time_format'],
    currency_code: values.currency_code as OrganizationPayload['currency_code'],
    month_id: values.month_id,
    organization_region_id: values.organization_region_id as number,
    color: values.color,
    logo: values.logo ?? null,
    contact_number: text(values.contact_number),
    contact_email: text(values.contact_email),
    website: text(values.website),
    contact_us_email: text(values.contact_us_email),
    booking_email: text(values.booking_email),
    sender_email: text(values.sender_email),
    facebook_url: text(values.facebook_url),
    twitter_url: text(values.twitter_url),
    linkedIn_url: text(values.linkedIn_url),
    instagram_url: text(values.instagram_url),
    banking_details: text(values.banking_details),
    ...taxes,
    monthly_billing: values.monthly_billing,
    invoice_numbering: text(values.invoice_numbering),
    orgBillingSheetColumns: Object.fromEntries(
      billingSheetColumns.flatMap((column) => {
        const name = text(values.orgBillingSheetColumns?.[column])
        return name ? [[column, name]] : []
      }),
    ),
    packagesAccountCode: trimmedCodes(values.packagesAccountCode),
    packagesInventoryItemCode: trimmedCodes(values.packagesInventoryItemCode),
    client_default_payment_method: values.client_default_payment_method,
    minimum_notice_period: values.minimum_notice_period ?? 0,
    blackoutPeriods: blackoutInputs(values.blackoutPeriods),
    deletedBlackoutPeriods: deletedBlackoutIds(loaded?.blackoutPeriods, values.blackoutPeriods),
    orgClientTypes: values.orgClientTypes,
    removedClientType: without(loaded?.orgClientTypes ?? [], values.orgClientTypes),
    orgAmenities,
    removedAmenity: without(loaded?.orgAmenities ?? [], orgAmenities),
    amenitiesCode: Object.fromEntries(
      chosen(values.amenities).map(([id, choice]) => [id, text(choice.code)]),
    ),
    amenitiesAccountCode: Object.fromEntries(
      chosen(values.amenities).map(([id, choice]) => [id, text(choice.account_code)]),
    ),
    orgRoomTypes,
    removedOrgRoomTypes: without(loaded?.orgRoomTypes ?? [], orgRoomTypes),
    orgRoomTypeCodes: Object.fromEntries(
      chosen(values.spaceTypes).map(([key, choice]) => [
        key,
        { account_code: text(choice.account_code), code: text(choice.code) },
      ]),
    ),
  }
  if (can(role, 'organizations.settings')) {
    payload.use_email_template = values.use_email_template
    if (text(values.third_party_org_code)) {
      const { customer_name, username, password } = values.thirdPartyCredentials
      payload.thirdPartyCredentials = {
        customer_name: text(customer_name),
        username: text(username),
        ...(password === undefined ? {} : { password }),
      }
    }
  }
  if (can(role, 'organizations.super-panel')) {
    Object.assign(payload, {
      tax_type: values.tax_type,
      mh_customer_id: text(values.mh_customer_id),
      exclude_from_reporting: values.exclude_from_reporting,
      mh_plan: values.mh_plan,
      licensed_spaces: values.licensed_spaces ?? 0,
      commission_rate: values.commission_rate,
      features: values.features,
      charge_amenities: 1,
      ms365_tenant_id: text(values.ms365_tenant_id),
      ms365_client_id: text(values.ms365_client_id),
      ms365_proxy_user_email: text(values.ms365_proxy_user_email),
      ms365_default_client_name: text(values.ms365_default_client_name),
      stripe_publishable_key: text(values.stripe_publishable_key),
      google_analytics_code: text(values.google_analytics_code),
      enable_api: values.enable_api,
      third_party_org_code: text(values.third_party_org_code),
    } satisfies Partial<OrganizationPayload>)
    if (values.ms365_client_secret !== undefined) payload.ms365_client_secret = values.ms365_client_secret
    if (values.stripe_secret_key !== undefined) payload.stripe_secret_key = values.stripe_secret_key
    if (values.generateToken) payload.generateToken = true
    if (values.generateWebToken) payload.generateWebToken = true
  }
  return payload
}

/** Where an error of the payload (an API key or a schema issue path) shows on the form. */
export function formPathOf(key: string): FieldPath | null {
  const [head, ...rest] = key.split('.')
  if (!head) return null
  if (head === 'amenitiesCode' && rest[0]) return ['amenities', rest[0], 'code']
  if (head === 'amenitiesAccountCode' && rest[0]) return ['amenities', rest[0], 'account_code']
  if (head === 'orgRoomTypeCodes' && rest[0]) return ['spaceTypes', rest[0], rest[1] ?? 'code']
  if (head === 'orgRoomTypes' || head === 'removedOrgRoomTypes') return null
  if (head === 'orgAmenities' || head === 'removedAmenity') return null
  if (head === 'removedClientType') return ['orgClientTypes']
  if (head === 'deletedBlackoutPeriods') return null
  if (head === 'blackoutPeriods' && rest.length === 0) return null
  return [
    head,
    ...rest.map((part) => (/^\d+$/.test(part) && head === 'blackoutPeriods' ? Number(part) : part)),
  ]
}
