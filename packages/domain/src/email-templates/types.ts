/**
 * The 20 e-mail template types of spec 3 §3, in the spec's order. Each says who receives its mail
 * (`user`: the booker or the new user; `center`: the location's booking confirmation address),
 * which booking event sends it, and whether it is about a recurring series or is a confirmation
 * (confirmation mails carry the booking confirmation PDF; clients with `send_confirmation_only`
 * get only these).
 */
export type EmailTemplateAudience = 'user' | 'center'
export type EmailTemplateEvent =
  | 'registration'
  | 'confirmation'
  | 'reschedule'
  | 'refund'
  | 'additional_charge'
  | 'cancellation'
  /** Sent by workflows at a time around the booking, not by a booking change itself. */
  | 'workflow'

export interface EmailTemplateTypeInfo {
  key: string
  label: string
  audience: EmailTemplateAudience
  event: EmailTemplateEvent
  recurring: boolean
  confirmation: boolean
}

function type(
  key: string,
  label: string,
  audience: EmailTemplateAudience,
  event: EmailTemplateEvent,
  recurring = false,
) {
  return { key, label, audience, event, recurring, confirmation: event === 'confirmation' } as const
}

export const emailTemplateTypes = [
  type('user_registration', 'User Registration', 'user', 'registration'),
  type('booking_confirmation_user', 'Booking Confirmation (User)', 'user', 'confirmation'),
  type('booking_confirmation_center', 'Booking Confirmation (Center)', 'center', 'confirmation'),
  type(
    'recurring_booking_confirmation_user',
    'Recurring Booking Confirmation (User)',
    'user',
    'confirmation',
    true,
  ),
  type(
    'recurring_booking_confirmation_center',
    'Recurring Booking Confirmation (Center)',
    'center',
    'confirmation',
    true,
  ),
  type('booking_reschedule_user', 'Booking Reschedule (User)', 'user', 'reschedule'),
  type('booking_reschedule_center', 'Booking Reschedule (Center)', 'center', 'reschedule'),
  type('booking_refund_user', 'Booking Refund (User)', 'user', 'refund'),
  type('booking_refund_center', 'Booking Refund (Center)', 'center', 'refund'),
  type('booking_additional_charge_user', 'Booking Additional Charge (User)', 'user', 'additional_charge'),
  type(
    'booking_additional_charge_center',
    'Booking Additional Charge (Center)',
    'center',
    'additional_charge',
  ),
  type('booking_cancellation_user', 'Booking Cancellation (User)', 'user', 'cancellation'),
  type('booking_cancellation_center', 'Booking Cancellation (Center)', 'center', 'cancellation'),
  type(
    'recurring_booking_cancellation_user',
    'Recurring Booking Cancellation (User)',
    'user',
    'cancellation',
    true,
  ),
  type(
    'recurring_booking_cancellation_center',
    'Recurring Booking Cancellation (Center)',
    'center',
    'cancellation',
    true,
  ),
  type(
    'transaction_date_security_bond_requirements',
    'Security Bond Requirements (Transaction Date)',
    'user',
    'workflow',
  ),
  type('access_instructions', 'Access Instructions', 'user', 'workflow'),
  type('booking_reminder_3_days_before', 'Booking Reminder 3 Days Before', 'user', 'workflow'),
  type('security_bond_refund_day_after', 'Security Bond Refund Day After', 'user', 'workflow'),
  type('thankyou_email_3_days_after', 'Thank You Email 3 Days After', 'user', 'workflow'),
] as const satisfies readonly EmailTemplateTypeInfo[]

export type EmailTemplateType = (typeof emailTemplateTypes)[number]['key']

export const emailTemplateTypeKeys = emailTemplateTypes.map((t) => t.key) as [
  EmailTemplateType,
  ...EmailTemplateType[],
]

const byKey = new Map<string, EmailTemplateTypeInfo>(emailTemplateTypes.map((t) => [t.key, t]))

export function isEmailTemplateType(key: string): key is EmailTemplateType {
  return byKey.has(key)
}

export function emailTemplateTypeInfo(key: EmailTemplateType): EmailTemplateTypeInfo {
  return byKey.get(key) as EmailTemplateTypeInfo
}

/**
 * Booking mails sent with built-in templates only, beside the spec's 20 types: a tentative booking
 * (screen bookings) is a request until it is confirmed, so its mails do not say it is confirmed;
 * its confirmation mail goes when it is confirmed.
 */
export const builtInMailTypes = [
  { key: 'booking_request_user', label: 'Booking Request (User)', audience: 'user' },
  { key: 'booking_request_center', label: 'Booking Request (Center)', audience: 'center' },
] as const satisfies readonly { key: string; label: string; audience: EmailTemplateAudience }[]

export type BuiltInMailType = (typeof builtInMailTypes)[number]['key']

const builtInLabels = new Map<string, string>(builtInMailTypes.map((t) => [t.key, t.label]))

/** The readable label of a type; an unknown key is shown as it is rather than hidden. */
export function emailTemplateTypeLabel(key: string): string {
  return byKey.get(key)?.label ?? builtInLabels.get(key) ?? key
}

/**
 * The template type a booking event sends to one audience: `recurring` picks the series variant
 * where the spec has one (confirmation and cancellation); the other events have a single type.
 */
export function emailTemplateTypeFor(
  event: Exclude<EmailTemplateEvent, 'workflow' | 'registration'>,
  audience: EmailTemplateAudience,
  recurring = false,
): EmailTemplateType {
  const match =
    emailTemplateTypes.find(
      (t) => t.event === event && t.audience === audience && t.recurring === recurring,
    ) ?? emailTemplateTypes.find((t) => t.event === event && t.audience === audience && !t.recurring)
  if (!match) throw new Error(`no template type for ${event}/${audience}`)
  return match.key
}

/**
 * Organization flags (spec 1 §3, Settings panel): the `email_template` feature lets an organization
 * keep templates of its own; `use_email_template` (only offered while the feature is on) makes its
 * mail use them. Otherwise every mail uses the built-in default of its type.
 */
export interface EmailTemplateFlags {
  features: Partial<Record<string, boolean>> | null | undefined
  use_email_template: boolean | null | undefined
}

export function emailTemplatesEnabled(organization: Pick<EmailTemplateFlags, 'features'>): boolean {
  return organization.features?.email_template === true
}

export function usesOwnEmailTemplates(organization: EmailTemplateFlags): boolean {
  return emailTemplatesEnabled(organization) && organization.use_email_template === true
}
