/**
 * The merge tags a template may use (spec 3 §3: "about 29 placeholders in double braces"), the one
 * list the editor's pickers, the save check and the renderer share. `kind` says what the renderer
 * puts in: plain text, a block of several lines, a link (an <a> in HTML, the address in text) or a
 * contact detail. The subject offers the subset without links, contact-only items and blocks
 * (`subject: true`).
 */
export type MergeTagKind = 'text' | 'block' | 'link' | 'contact'
export type MergeTagGroup = 'Booking' | 'Space and location' | 'Organization' | 'User' | 'Links'

export interface MergeTag {
  /** The name between the braces. */
  key: string
  /** What is written in the template: `{{key}}`. */
  tag: string
  label: string
  description: string
  group: MergeTagGroup
  kind: MergeTagKind
  subject: boolean
}

function tag(key: string, label: string, description: string, group: MergeTagGroup, kind: MergeTagKind) {
  return {
    key,
    tag: `{{${key}}}`,
    label,
    description,
    group,
    kind,
    subject: kind === 'text',
  } as const
}

export const mergeTags = [
  tag(
    'booking_reference',
    'Booking reference',
    'The booking number, with the organization prefix.',
    'Booking',
    'text',
  ),
  tag(
    'booking_date',
    'Booking date',
    'The day of the booking, in the organization date format.',
    'Booking',
    'text',
  ),
  tag('start_time', 'Start time', "When the booking starts, on the location's clock.", 'Booking', 'text'),
  tag('end_time', 'End time', "When the booking ends, on the location's clock.", 'Booking', 'text'),
  tag('booking_duration', 'Duration', 'How long the booking lasts, e.g. "2.5 Hours".', 'Booking', 'text'),
  tag(
    'booking_dates',
    'Dates of the series',
    'Every date and time of a recurring booking, one per line (recurring mails).',
    'Booking',
    'block',
  ),
  tag('invoice_number', 'Invoice number', 'The invoice number of the booking.', 'Booking', 'text'),
  tag('booking_status', 'Booking status', 'Confirmed, Tentative or Cancelled.', 'Booking', 'text'),
  tag('booking_total', 'Booking total', 'The price of the booking with its currency.', 'Booking', 'text'),
  tag('payment_method', 'Payment method', 'Credit card or invoice.', 'Booking', 'text'),
  tag('payment_status', 'Payment status', 'Paid or unpaid.', 'Booking', 'text'),
  tag(
    'refund_amount',
    'Refund amount',
    'The amount refunded, with its currency (refund mails).',
    'Booking',
    'text',
  ),
  tag(
    'additional_charge_amount',
    'Additional charge amount',
    'The amount charged, with its currency (additional charge mails).',
    'Booking',
    'text',
  ),
  tag(
    'security_bond_amount',
    'Security bond amount',
    'The security bond the space asks for, with its currency.',
    'Booking',
    'text',
  ),
  tag('client_name', 'Client name', 'The company the booking is for.', 'Booking', 'text'),
  tag('attendees', 'Attendees', 'The number of attendees of the booking.', 'Booking', 'text'),
  tag(
    'special_requirements',
    'Special requirements',
    'The special requirements written on the booking.',
    'Booking',
    'block',
  ),
  tag('room_name', 'Room name', 'The name of the booked space.', 'Space and location', 'text'),
  tag('center_name', 'Center name', 'The name of the location.', 'Space and location', 'text'),
  tag(
    'center_address',
    'Center address',
    'The address of the location on one line.',
    'Space and location',
    'contact',
  ),
  tag(
    'center_email',
    'Center email',
    "The location's booking confirmation email address.",
    'Space and location',
    'contact',
  ),
  tag(
    'site_access_instructions',
    'Site access instructions',
    'How to get into the building and the space, as written on the space.',
    'Space and location',
    'block',
  ),
  tag('organization_name', 'Organization name', 'The name of the organization.', 'Organization', 'text'),
  tag(
    'organization_contact_email',
    'Organization contact email',
    "The organization's contact email address.",
    'Organization',
    'contact',
  ),
  tag(
    'organization_contact_number',
    'Organization contact number',
    "The organization's contact phone number.",
    'Organization',
    'contact',
  ),
  tag(
    'organization_website',
    'Organization website',
    "A link to the organization's website.",
    'Organization',
    'link',
  ),
  tag(
    'user_first_name',
    'User first name',
    'First name of the person who booked, or of the new user.',
    'User',
    'text',
  ),
  tag(
    'user_last_name',
    'User last name',
    'Last name of the person who booked, or of the new user.',
    'User',
    'text',
  ),
  tag(
    'user_email',
    'User email',
    'Email address of the person who booked, or of the new user.',
    'User',
    'contact',
  ),
  tag(
    'calendar_link',
    'Calendar link',
    'A link that adds the booking to a calendar (.ics).',
    'Links',
    'link',
  ),
  tag('directions_link', 'Directions link', 'A map link with directions to the location.', 'Links', 'link'),
  tag(
    'booking_link',
    'Booking confirmation link',
    'A link to the booking confirmation page.',
    'Links',
    'link',
  ),
  tag(
    'sign_in_link',
    'Sign-in link',
    'A link to the sign-in page (user registration mails).',
    'Links',
    'link',
  ),
] as const satisfies readonly MergeTag[]

export type MergeTagKey = (typeof mergeTags)[number]['key']

/** The tags the subject picker offers. */
export const subjectMergeTags: readonly MergeTag[] = mergeTags.filter((t) => t.subject)

const byKey = new Map<string, MergeTag>(mergeTags.map((t) => [t.key, t]))

export function mergeTagByKey(key: string): MergeTag | undefined {
  return byKey.get(key)
}

/**
 * A merge tag as written: two braces, a name, two braces; spaces inside the braces are allowed
 * (`{{ booking_date }}`). The name is anything but braces, so a misspelt or formatted tag
 * (`{{booking <b>date</b>}}`) is found and named rather than silently left in the mail.
 */
const writtenTag = /\{\{\s*([^{}]*?)\s*\}\}/g

/** The names of every merge tag written in a text, in order of first use, without repeats. */
export function mergeTagsIn(text: string): string[] {
  const found = new Set<string>()
  for (const match of text.matchAll(writtenTag)) found.add(match[1] ?? '')
  return [...found]
}

/**
 * The merge tags of a text that the product does not know, written as the user wrote them
 * (`{{bookng_date}}`). With `subject`, tags the subject may not use count as unknown too.
 */
export function unknownMergeTags(text: string, options: { subject?: boolean } = {}): string[] {
  return mergeTagsIn(text)
    .filter((name) => {
      const known = byKey.get(name)
      return !known || (options.subject === true && !known.subject)
    })
    .map((name) => `{{${name}}}`)
}

/**
 * Replaces each known merge tag by its value (`values` are final: escaped for HTML by the caller
 * when the text is HTML). A known tag without a value becomes empty; unknown tags stay as written.
 */
export function replaceMergeTags(text: string, values: Partial<Record<MergeTagKey, string>>): string {
  return text.replace(writtenTag, (written, name: string) =>
    byKey.has(name) ? (values[name as MergeTagKey] ?? '') : written,
  )
}
