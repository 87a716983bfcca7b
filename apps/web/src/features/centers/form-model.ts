import {
  DEFAULT_CLOSE_TIME,
  DEFAULT_OPEN_TIME,
  DEFAULT_TIME_FORMAT,
  months,
  type TimeFormat,
  toCents,
} from '@spaceboard/domain'
import type { FieldPath } from '../../platform/form-kit.ts'
import type { CenterPayload, CenterView, MonthRevenue } from './api.ts'

/** What the center form edits: the payload's fields, the targets by month and the secret key's input. */
export interface CenterFormValues {
  organization_id?: number | undefined
  name: string
  site_id: string
  booking_confirm_email: string
  booking_confirm_emails: string
  contact_email: string
  contact_number: string
  street: string
  city: string
  state: string
  postcode: string
  country_id: number | undefined
  timezone_id: string | undefined
  /** HH:mm */
  open_time: string
  close_time: string
  time_format: TimeFormat
  open_after_hours: boolean
  description: string
  native_center_id: string
  lat: number | null
  lon: number | null
  regionId: number[]
  taxes_label: string
  taxes_percent: number | null
  taxes_type: string
  stripe_publishable_key: string
  /** Write-only: empty keeps the saved key. */
  stripe_secret_key: string
  /** Clears the saved secret key (sent as ''). */
  stripe_secret_key_clear: boolean
  year: number
  /** The twelve months, January first. */
  monthRevenue: Array<{ month_id: number; revenue: number | null }>
}

/** The form's sections, in order (spec 1 §2: the center form's panels). */
export type PanelKey = 'details' | 'map' | 'taxes' | 'region' | 'stripe' | 'finance'

const panelOfField: Record<string, PanelKey> = {
  lat: 'map',
  lon: 'map',
  taxes_label: 'taxes',
  taxes_percent: 'taxes',
  taxes_type: 'taxes',
  regionId: 'region',
  stripe_publishable_key: 'stripe',
  stripe_secret_key: 'stripe',
  year: 'finance',
  monthRevenue: 'finance',
}

/** The panel holding a field (to open it when the field has an error). */
export function panelOf(path: FieldPath): PanelKey {
  return panelOfField[String(path[0])] ?? 'details'
}

/** The twelve months with the view's targets. */
export function monthTargets(monthRevenue: MonthRevenue[] | undefined): CenterFormValues['monthRevenue'] {
  return months.map((_, index) => ({
    month_id: index + 1,
    revenue: monthRevenue?.find((m) => m.month_id === index + 1)?.revenue ?? null,
  }))
}

export function newCenterValues(year: number): CenterFormValues {
  return {
    name: '',
    site_id: '',
    booking_confirm_email: '',
    booking_confirm_emails: '',
    contact_email: '',
    contact_number: '',
    street: '',
    city: '',
    state: '',
    postcode: '',
    country_id: undefined,
    timezone_id: undefined,
    open_time: DEFAULT_OPEN_TIME,
    close_time: DEFAULT_CLOSE_TIME,
    time_format: DEFAULT_TIME_FORMAT,
    open_after_hours: false,
    description: '',
    native_center_id: '',
    lat: null,
    lon: null,
    regionId: [],
    taxes_label: '',
    taxes_percent: null,
    taxes_type: '',
    stripe_publishable_key: '',
    stripe_secret_key: '',
    stripe_secret_key_clear: false,
    year,
    monthRevenue: monthTargets(undefined),
  }
}

export function centerValues(view: CenterView): CenterFormValues {
  return {
    organization_id: view.organization_id,
    name: view.name,
    site_id: view.site_id ?? '',
    booking_confirm_email: view.booking_confirm_email ?? '',
    booking_confirm_emails: view.booking_confirm_emails ?? '',
    contact_email: view.contact_email ?? '',
    contact_number: view.contact_number ?? '',
    street: view.street ?? '',
    city: view.city ?? '',
    state: view.state ?? '',
    postcode: view.postcode ?? '',
    country_id: view.country_id ?? undefined,
    timezone_id: view.timezone_id ?? undefined,
    open_time: view.open_time || DEFAULT_OPEN_TIME,
    close_time: view.close_time || DEFAULT_CLOSE_TIME,
    time_format: view.time_format ?? DEFAULT_TIME_FORMAT,
    open_after_hours: view.open_after_hours,
    description: view.description ?? '',
    native_center_id: view.native_center_id ?? '',
    lat: view.lat,
    lon: view.lon,
    regionId: view.regionId,
    taxes_label: view.taxes_label ?? '',
    taxes_percent: view.taxes_percent,
    taxes_type: view.taxes_type ?? '',
    stripe_publishable_key: view.stripe_publishable_key ?? '',
    stripe_secret_key: '',
    stripe_secret_key_clear: false,
    year: view.year,
    monthRevenue: monthTargets(view.monthRevenue),
  }
}

export interface PayloadContext {
  /** Super on create: the organization is part of the payload. */
  sendOrganization: boolean
  /** Super: the Stripe keys are part of the payload. */
  sendStripe: boolean
  /** The year's targets may be changed (not a past year). */
  targetsEditable: boolean
  /** The targets as loaded for the year (a cleared one is sent as 0). */
  loadedTargets: CenterFormValues['monthRevenue'] | null
}

const trim = (value: string | undefined | null) => (value ?? '').trim()

/**
 * The body of POST/PUT /api/center: the schema's keys only (the API refuses unknown ones). Targets
 * of a past year are not sent; a target that was set and is now empty is sent as 0.
 */
export function centerPayload(values: CenterFormValues, context: PayloadContext): CenterPayload {
  const targets = context.targetsEditable
    ? values.monthRevenue.flatMap((month, index) => {
        const before = context.loadedTargets?.[index]?.revenue ?? null
        if (month.revenue === null || month.revenue === undefined) {
          return before === null ? [] : [{ month_id: month.month_id, revenue: 0 }]
        }
        return [{ month_id: month.month_id, revenue: toCents(month.revenue) / 100 }]
      })
    : []
  const payload: CenterPayload = {
    name: trim(values.name),
    site_id: trim(values.site_id),
    booking_confirm_email: trim(values.booking_confirm_email),
    booking_confirm_emails: trim(values.booking_confirm_emails),
    contact_email: trim(values.contact_email),
    contact_number: trim(values.contact_number),
    street: trim(values.street),
    city: trim(values.city),
    state: trim(values.state),
    postcode: trim(values.postcode),
    country_id: values.country_id as number,
    timezone_id: values.timezone_id ?? '',
    open_time: values.open_time,
    close_time: values.close_time,
    time_format: values.time_format,
    open_after_hours: Boolean(values.open_after_hours),
    description: trim(values.description),
    native_center_id: trim(values.native_center_id),
    lat: values.lat ?? null,
    lon: values.lon ?? null,
    regionId: values.regionId ?? [],
    taxes_label: trim(values.taxes_label),
    taxes_percent: values.taxes_percent ?? null,
    taxes_type: trim(values.taxes_type),
    year: values.year,
    monthRevenue: targets,
  }
  if (context.sendOrganization) payload.organization_id = values.organization_id ?? null
  if (context.sendStripe) {
    payload.stripe_publishable_key = trim(values.stripe_publishable_key)
    // Write-only: nothing typed keeps the saved key, the box clears it.
    if (values.stripe_secret_key_clear) payload.stripe_secret_key = ''
    else if (trim(values.stripe_secret_key)) payload.stripe_secret_key = trim(values.stripe_secret_key)
  }
  return payload
}

/** The form's path of an API error key; a target's index in the payload becomes its month's row. */
export function formPathOf(key: string, payload: CenterPayload): FieldPath | null {
  const [head, index, field] = key.split('.')
  if (head === 'monthRevenue') {
    if (index === undefined) return ['monthRevenue', 0, 'revenue']
    const month = payload.monthRevenue?.[Number(index)]?.month_id
    return month ? ['monthRevenue', month - 1, field ?? 'revenue'] : null
  }
  if (head === 'stripe_secret_key' || head === 'stripe_publishable_key') return [head]
  return key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part))
}

/** The address the geocoder is asked for, or null while a part of it is missing. */
export function addressOf(
  parts: Pick<CenterFormValues, 'street' | 'city' | 'state' | 'postcode'>,
  countryName: string | undefined,
): string | null {
  const pieces = [parts.street, parts.city, parts.state, parts.postcode].map((p) => trim(p))
  if (pieces.some((p) => p === '') || !countryName) return null
  const [street, city, state, postcode] = pieces
  return `${street}, ${city}, ${state} ${postcode}, ${countryName}`
}
