import {
  DEFAULT_CLOSE_TIME,
  DEFAULT_OPEN_TIME,
  type RateUnit,
  rateUnits,
  type SpaceType,
  spaceSchema,
} from '@spaceboard/domain'
import {
  type BlackoutRow,
  blackoutErrors,
  blackoutInputs,
  blackoutRows,
  deletedBlackoutIds,
} from '../../platform/blackout-periods.tsx'
import { type FieldPath, schemaErrors } from '../../platform/form-kit.ts'
import type { ChargeType, SpacePayload, SpaceView } from './api.ts'

type Amount = string | number | null | undefined

/** What the space form edits: the payload's fields, plus the combine toggle and the key's inputs. */
export interface SpaceFormValues {
  organization_id?: number | undefined
  center_id: number | undefined
  name: string
  capacity: string | number
  floor: string
  private_room: boolean
  minimum_duration_hours: number
  minimum_duration_minutes: number
  maximum_duration_hours: number
  maximum_duration_minutes: number
  /** HH:mm */
  start_time: string
  end_time: string
  description: string
  organization_roomtype_id: SpaceType | undefined
  status: 'enabled' | 'disabled'
  native_meetingroom_id: string
  pre_makeup_hours: number
  pre_makeup_minutes: number
  post_makeup_hours: number
  post_makeup_minutes: number
  selectedAmenities: Array<{ amenity_id?: number | undefined; type?: ChargeType | undefined; amount: Amount }>
  selectedRates: Array<{ unit?: RateUnit | undefined; amount: Amount }>
  full_photo: string[]
  /** The Combine Spaces panel is open: its child rooms are part of the space. */
  combine: boolean
  childRooms: number[]
  blackoutPeriods: BlackoutRow[]
  security_bond_required: boolean
  security_bond_amount: Amount
  site_access_instructions: string
  google_account_email: string
  service_account_email: string
  /** Write-only: empty keeps the saved key (or, without one, says none is given). */
  service_account_private_key: string
  /** Clears the saved private key. */
  service_account_private_key_clear: boolean
  ms_365_resource_email: string
}

/** Hours 0-24 and minutes in quarters (spec 3 §9); 24 hours allows 0 minutes only. */
export const hourOptions = Array.from({ length: 25 }, (_, hour) => hour)
export const minuteOptions = [0, 15, 30, 45] as const

/** Space defaults (spec 3 §9): bookable 09:00 AM to 08:00 PM (a center's default hours too), 0h 0m to 23h 45m. */
export function newSpaceValues(): SpaceFormValues {
  return {
    center_id: undefined,
    name: '',
    capacity: '',
    floor: '',
    private_room: false,
    minimum_duration_hours: 0,
    minimum_duration_minutes: 0,
    maximum_duration_hours: 23,
    maximum_duration_minutes: 45,
    start_time: DEFAULT_OPEN_TIME,
    end_time: DEFAULT_CLOSE_TIME,
    description: '',
    organization_roomtype_id: undefined,
    status: 'enabled',
    native_meetingroom_id: '',
    pre_makeup_hours: 0,
    pre_makeup_minutes: 0,
    post_makeup_hours: 0,
    post_makeup_minutes: 0,
    selectedAmenities: [],
    selectedRates: [],
    full_photo: [],
    combine: false,
    childRooms: [],
    blackoutPeriods: [],
    security_bond_required: false,
    security_bond_amount: null,
    site_access_instructions: '',
    google_account_email: '',
    service_account_email: '',
    service_account_private_key: '',
    service_account_private_key_clear: false,
    ms_365_resource_email: '',
  }
}

export function spaceValues(view: SpaceView): SpaceFormValues {
  return {
    organization_id: view.organization_id,
    center_id: view.center_id,
    name: view.name,
    capacity: String(view.capacity),
    floor: view.floor ?? '',
    private_room: view.private_room,
    minimum_duration_hours: view.minimum_duration_hours,
    minimum_duration_minutes: view.minimum_duration_minutes,
    maximum_duration_hours: view.maximum_duration_hours,
    maximum_duration_minutes: view.maximum_duration_minutes,
    start_time: view.start_time,
    end_time: view.end_time,
    description: view.description ?? '',
    organization_roomtype_id: view.organization_roomtype_id,
    status: view.status,
    native_meetingroom_id: view.native_meetingroom_id ?? '',
    pre_makeup_hours: view.pre_makeup_hours,
    pre_makeup_minutes: view.pre_makeup_minutes,
    post_makeup_hours: view.post_makeup_hours,
    post_makeup_minutes: view.post_makeup_minutes,
    selectedAmenities: view.selectedAmenities.map(({ amenity_id, type, amount }) => ({
      amenity_id,
      type,
      amount,
    })),
    selectedRates: view.selectedRates.map(({ unit, amount }) => ({ unit, amount })),
    full_photo: view.full_photo,
    combine: view.childRooms.length > 0,
    childRooms: view.childRooms,
    blackoutPeriods: blackoutRows(view.blackoutPeriods),
    security_bond_required: view.security_bond_required,
    security_bond_amount: view.security_bond_amount,
    site_access_instructions: view.site_access_instructions ?? '',
    google_account_email: view.google_account_email ?? '',
    service_account_email: view.service_account_email ?? '',
    service_account_private_key: '',
    service_account_private_key_clear: false,
    ms_365_resource_email: view.ms_365_resource_email ?? '',
  }
}

/** What the payload holds besides the form's values: who saves, and which panels the organization has. */
export interface PayloadContext {
  /** Super adding a space: the organization is part of the payload. */
  sendOrganization: boolean
  blackout: boolean
  /** Today on the organization's clock: blackout periods cannot start before it. */
  today: string
  calendar: boolean
  ms365: boolean
  /** The space being edited (its saved blackout periods and private key). */
  loaded: SpaceView | null
}

const text = (value: string | null | undefined) => (value ?? '').trim()
const amount = (value: Amount) => (value === undefined ? null : value)

/**
 * The body of POST/PUT /api/meetingroom: the schema's keys only (the API refuses unknown ones),
 * the panels the organization does not have left out.
 */
export function spacePayload(values: SpaceFormValues, context: PayloadContext): SpacePayload {
  const payload: SpacePayload = {
    center_id: values.center_id as number,
    name: text(values.name),
    capacity: typeof values.capacity === 'number' ? values.capacity : text(values.capacity),
    floor: text(values.floor),
    private_room: Boolean(values.private_room),
    minimum_duration_hours: values.minimum_duration_hours,
    minimum_duration_minutes: values.minimum_duration_minutes,
    maximum_duration_hours: values.maximum_duration_hours,
    maximum_duration_minutes: values.maximum_duration_minutes,
    start_time: values.start_time,
    end_time: values.end_time,
    description: text(values.description),
    organization_roomtype_id: values.organization_roomtype_id ?? '',
    status: values.status,
    native_meetingroom_id: text(values.native_meetingroom_id),
    pre_makeup_hours: values.pre_makeup_hours,
    pre_makeup_minutes: values.pre_makeup_minutes,
    post_makeup_hours: values.post_makeup_hours,
    post_makeup_minutes: values.post_makeup_minutes,
    selectedAmenities: (values.selectedAmenities ?? []).map((row) => ({
      amenity_id: row?.amenity_id as number,
      type: row?.type as ChargeType,
      amount: amount(row?.amount),
    })),
    selectedRates: (values.selectedRates ?? []).map((row) => ({
      unit: row?.unit as RateUnit,
      amount: amount(row?.amount),
    })),
    full_photo: values.full_photo ?? [],
    childRooms: values.combine ? (values.childRooms ?? []) : [],
    security_bond_required: Boolean(values.security_bond_required),
    security_bond_amount: values.security_bond_required ? amount(values.security_bond_amount) : null,
    site_access_instructions: text(values.site_access_instructions),
  }
  if (context.sendOrganization) payload.organization_id = values.organization_id ?? null
  if (context.blackout) {
    payload.blackoutPeriods = blackoutInputs(values.blackoutPeriods ?? [])
    payload.deletedBlackoutPeriods = deletedBlackoutIds(
      context.loaded?.blackoutPeriods,
      values.blackoutPeriods ?? [],
    )
  }
  if (context.calendar) {
    payload.google_account_email = text(values.google_account_email)
    payload.service_account_email = text(values.service_account_email)
    // Write-only: a typed key replaces, the box clears, nothing typed keeps the saved one. Without a
    // saved key, nothing typed is sent as '' so that the three credentials are checked together.
    const key = text(values.service_account_private_key)
    const saved = context.loaded?.service_account_private_key_set ?? false
    if (key) payload.service_account_private_key = key
    else if (values.service_account_private_key_clear || !saved) payload.service_account_private_key = ''
  }
  if (context.ms365) payload.ms_365_resource_email = text(values.ms_365_resource_email)
  return payload
}

type Row = Record<string, unknown> | undefined
const isId = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value > 0
const rateUnitKeys: readonly unknown[] = rateUnits.map((rate) => rate.unit)

/**
 * Valid values for fields that are still wrong, so that the cross-field rules show meanwhile. The
 * lists keep the rows chosen so far (a service or a unit twice shows before the amounts are in).
 */
const standIns: Partial<Record<keyof SpacePayload, unknown>> = {
  organization_id: null,
  center_id: 1,
  name: 'Space',
  capacity: 1,
  floor: '',
  description: 'Space',
  organization_roomtype_id: 'meetingroom',
  status: 'enabled',
  native_meetingroom_id: '',
  selectedAmenities: (rows: Row[]) =>
    rows
      .filter((row) => isId(row?.amenity_id))
      .map((row) => ({ amenity_id: row?.amenity_id, type: 'flat', amount: 1 })),
  selectedRates: (rows: Row[]) => {
    const chosen = rows
      .filter((row) => rateUnitKeys.includes(row?.unit))
      .map((row) => ({ unit: row?.unit, amount: 1 }))
    return chosen.length > 0 ? chosen : [{ unit: 'hour', amount: 1 }]
  },
  full_photo: [],
  site_access_instructions: '',
  ms_365_resource_email: '',
}

/**
 * Every rule of the space form over all its values, by field path: the domain's space schema (with
 * its cross-field rules) and, when the organization has them, the blackout rules.
 */
export function spaceErrors(values: SpaceFormValues, context: PayloadContext): Record<string, string> {
  const errors = schemaErrors(spaceSchema, spacePayload(values, context), standIns)
  if (context.blackout) Object.assign(errors, blackoutErrors(values.blackoutPeriods ?? [], context.today))
  return errors
}

/** The form's panels, in order (spec 3 §2). */
export type PanelKey =
  | 'details'
  | 'preparation'
  | 'services'
  | 'rates'
  | 'photos'
  | 'blackout'
  | 'access'
  | 'calendar'
  | 'ms365'
  | 'combine'

const panelOfField: Record<string, PanelKey> = {
  pre_makeup_hours: 'preparation',
  pre_makeup_minutes: 'preparation',
  post_makeup_hours: 'preparation',
  post_makeup_minutes: 'preparation',
  selectedAmenities: 'services',
  selectedRates: 'rates',
  full_photo: 'photos',
  blackoutPeriods: 'blackout',
  site_access_instructions: 'access',
  google_account_email: 'calendar',
  service_account_email: 'calendar',
  service_account_private_key: 'calendar',
  ms_365_resource_email: 'ms365',
  childRooms: 'combine',
}

/** The panel holding a field (to open it when the field has an error). */
export function panelOf(path: FieldPath): PanelKey {
  return panelOfField[String(path[0])] ?? 'details'
}
