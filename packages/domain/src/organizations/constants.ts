/** Constants of the organization (spec 1 §3, §9). */

export const currencies = [
  'usd',
  'aud',
  'hkd',
  'mxn',
  'sgd',
  'cad',
  'nzd',
  'gbp',
  'eur',
  'thb',
  'zar',
  'inr',
  'try',
] as const
export type Currency = (typeof currencies)[number]
export const DEFAULT_CURRENCY: Currency = 'aud'

export const currencySymbols: Partial<Record<Currency, string>> = {
  usd: '$',
  aud: 'A$',
  hkd: 'HK$',
  mxn: 'MX$',
  sgd: 'S$',
  inr: '₹',
  try: '₺',
  gbp: '£',
  eur: '€',
  thb: '฿',
  zar: 'R',
}

export const colors = [
  { name: 'Blue', code: '#0E3E6C' },
  { name: 'Green', code: '#019949' },
  { name: 'Red', code: '#b20021' },
  { name: 'Orange-Grey', code: '#F06627' },
  { name: 'Olive', code: '#d2ce5d' },
  { name: 'Dark-Red', code: '#e40613' },
  { name: 'Magenta', code: '#ff1e68' },
] as const
export type ColorName = (typeof colors)[number]['name']
export const DEFAULT_COLOR: ColorName = 'Orange-Grey'
/** Blue is also the fallback for an unknown color. */
export function colorCode(name: string | null | undefined): string {
  return colors.find((c) => c.name === name)?.code ?? '#0E3E6C'
}

export const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const
/** Financial year start month (1 = January). */
export const DEFAULT_MONTH_ID = 7

export const paymentMethods = [
  { value: 'invoice', label: 'Invoice' },
  { value: 'credit_card', label: 'Credit Card' },
] as const
export type PaymentMethod = (typeof paymentMethods)[number]['value']
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'invoice'

export const timeFormats = ['dd/mm', 'mm/dd'] as const
export type TimeFormat = (typeof timeFormats)[number]
export const DEFAULT_TIME_FORMAT: TimeFormat = 'dd/mm'

export const taxTypes = [
  { value: 'exclusive', label: 'Tax exclusive (added to prices)' },
  { value: 'inclusive', label: 'Tax inclusive (included in prices)' },
] as const
export type TaxType = (typeof taxTypes)[number]['value']

export const DEFAULT_TAX = { label: 'GST', percent: 10 } as const

export const MAX_NOTICE_DAYS = 10
export const MAX_BLACKOUT_PERIODS = 20

/** Space types an organization can offer, with the name of their accounting code field. */
export const spaceTypes = [
  { key: 'meetingroom', label: 'Meeting Room', codeField: 'meetingroom_code' },
  { key: 'boardroom', label: 'Board Room', codeField: 'boardroom_code' },
  { key: 'hotdesk', label: 'Hot Desk', codeField: 'hotdesk_code' },
  { key: 'trainingroom', label: 'Training Room', codeField: 'training_code' },
  { key: 'recreation', label: 'Recreation', codeField: 'recreation_code' },
  { key: 'casual_day_office', label: 'Casual Day Office', codeField: 'casual_day_office_code' },
  {
    key: 'seminar_conference_room',
    label: 'Seminar / Conference Room',
    codeField: 'seminar_conference_room_code',
  },
  { key: 'community', label: 'Community', codeField: 'community_code' },
  {
    key: 'consultation_treatment_room',
    label: 'Consultation / Treatment Room',
    codeField: 'consultation_treatment_room_code',
  },
  { key: 'kitchen', label: 'Kitchen', codeField: 'kitchen_code' },
] as const
export type SpaceType = (typeof spaceTypes)[number]['key']

/** Plan feature toggles of the Super Admin panel. charge_amenities is not a toggle: it is always 1. */
export const featureFlags = [
  { key: 'direct_marketing', label: 'Direct marketing extract' },
  { key: 'recurring_booking', label: 'Recurring bookings' },
  { key: 'basic_user_cancel', label: 'Customers may cancel their bookings' },
  { key: 'user_weekend_bookings', label: 'Weekend bookings' },
  { key: 'industry_benchmarking_report', label: 'Industry benchmarking report' },
  { key: 'user_screen_booking', label: 'Screen bookings (new bookings arrive tentative)' },
  { key: 'user_export_ics', label: 'Export bookings to calendar (ICS)' },
  { key: 'blackout_period', label: 'Blackout periods' },
  { key: 'email_template', label: 'Email templates' },
  { key: 'enable_calendar_booking', label: 'Calendar booking (Google Calendar)' },
  { key: 'enable_ms_365', label: 'Microsoft 365' },
] as const
export type FeatureFlag = (typeof featureFlags)[number]['key']

/**
 * What the screen (and the API's refusal) of a plan feature the organization does not have says:
 * which feature, and who can switch it on, instead of a blank screen or a generic error.
 */
export function featureNotEnabledMessage(feature: FeatureFlag): string {
  const label = featureFlags.find((flag) => flag.key === feature)?.label ?? feature
  return `${label} is not part of your organization's plan. Your platform administrator can switch it on in the organization's plan features (Super Admin panel).`
}

/** Third-party platforms an organization can be linked to (its centers and spaces then carry native ids). */
export const thirdParties = [
  { code: 'NEXUDUS', name: 'Nexudus' },
  { code: 'OFFICERND', name: 'OfficeRnD' },
  { code: 'ESSENSYS', name: 'Essensys' },
] as const

/** The 31 columns of the billing export; organizations may rename each header (spec 2 §9). */
export const billingSheetColumns = [
  'CompanyClientName',
  'UniqueClientID',
  'EmailAddress',
  'POAddressLine1',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  'InvoiceNumber',
  'Reference',
  'InvoiceDate',
  'DueDate',
  'InventoryItemCode',
  'Description',
  'Quantity',
  'UnitAmount',
  'Discount',
  'AccountCode',
  'TaxType',
  'TaxPercent',
  'TaxAmount',
  'TotalAmount',
  'Currency',
  'PaymentMethod',
  'SiteID',
  'LocationName',
  'SpaceName',
  'BookingDate',
  'BookerName',
  'TrackingOption',
  'Exported',
] as const

/** `MH-` / `CRMH-` plus the first three characters of the name without spaces, uppercased (spec 1 §4). */
export function defaultPrefixes(name: string): { booking_prefix: string; refund_prefix: string } {
  return prefixesOfStem(name.replace(/\s+/g, '').slice(0, 3).toUpperCase())
}

const prefixesOfStem = (stem: string) => ({ booking_prefix: `MH-${stem}`, refund_prefix: `CRMH-${stem}` })

/** The prefixes already used by organizations, upper-cased (prefixes are unique platform-wide). */
export interface TakenPrefixes {
  booking: ReadonlySet<string>
  refund: ReadonlySet<string>
}

export interface PrefixProposal {
  booking_prefix: string
  refund_prefix: string
  /** The spec's prefixes for the name, which the proposal differs from when they are taken. */
  default_booking_prefix: string
  /** What the add form says when the default is taken, or '' when it is free. */
  note: string
}

/**
 * The prefixes proposed for a new organization (issue 15): the spec's MH-BLU / CRMH-BLU when
 * free, else the next free of MH-BL2 … MH-BL9, MH-B10 … MH-B99, MH-100 … MH-999, the number
 * replacing the stem's last characters, so that booking numbers never collide across organizations.
 */
export function proposePrefixes(name: string, taken: TakenPrefixes): PrefixProposal {
  const first = defaultPrefixes(name)
  const stem = name.replace(/\s+/g, '').slice(0, 3).toUpperCase()
  const free = (p: { booking_prefix: string; refund_prefix: string }) =>
    !taken.booking.has(p.booking_prefix.toUpperCase()) && !taken.refund.has(p.refund_prefix.toUpperCase())
  let proposal = first
  for (let n = 1; n <= 999 && !free(proposal); n++) {
    const number = String(n + 1)
    proposal = prefixesOfStem(`${stem.slice(0, Math.max(0, 3 - number.length))}${number}`)
  }
  const note = free(first)
    ? ''
    : `${first.booking_prefix} is already used by another organization, so the next free prefix ${proposal.booking_prefix} is proposed.`
  return { ...proposal, default_booking_prefix: first.booking_prefix, note }
}
