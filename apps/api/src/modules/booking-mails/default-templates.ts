import type { BuiltInMailType, EmailTemplateType } from '@spaceboard/domain'

export interface MailTemplate {
  subject: string
  html: string
}

const signature = `<p>Kind regards,<br>{{organization_name}}<br>{{organization_contact_number}} · {{organization_contact_email}}</p>`

const bookingTable = `<table cellpadding="4" style="border-collapse:collapse">
<tr><td><strong>Booking reference</strong></td><td>{{booking_reference}}</td></tr>
<tr><td><strong>Date</strong></td><td>{{booking_date}}</td></tr>
<tr><td><strong>Time</strong></td><td>{{start_time}} – {{end_time}}</td></tr>
<tr><td><strong>Space</strong></td><td>{{room_name}}</td></tr>
<tr><td><strong>Location</strong></td><td>{{center_name}}, {{center_address}}</td></tr>
<tr><td><strong>Attendees</strong></td><td>{{attendees}}</td></tr>
</table>`

const seriesTable = `<table cellpadding="4" style="border-collapse:collapse">
<tr><td><strong>Space</strong></td><td>{{room_name}}</td></tr>
<tr><td><strong>Location</strong></td><td>{{center_name}}, {{center_address}}</td></tr>
<tr><td><strong>Time</strong></td><td>{{start_time}} – {{end_time}}</td></tr>
<tr><td><strong>Attendees</strong></td><td>{{attendees}}</td></tr>
</table>
<p><strong>Dates</strong></p>
{{booking_dates}}`

const links = `<p>{{calendar_link}} · {{directions_link}}</p>`

const bookerAndClient = `<p>Booked for {{client_name}} by {{user_first_name}} {{user_last_name}} ({{user_email}}).</p>`

/**
 * The built-in template of every type (spec 3 §3): what an organization without a template of its
 * own for a type sends. Written with the merge tags, so they render as an organization's would.
 */
export const defaultTemplates: Record<EmailTemplateType, MailTemplate> = {
  user_registration: {
    subject: 'Welcome to {{organization_name}}',
    html: `<p>Hello {{user_first_name}},</p>
<p>An account has been created for you at {{organization_name}} with the e-mail address {{user_email}}.</p>
<p>To choose your password, use "Forgot password" on the sign-in page: {{sign_in_link}}.</p>
${signature}`,
  },
  booking_confirmation_user: {
    subject: 'Booking confirmation {{booking_reference}}: {{room_name}} on {{booking_date}}',
    html: `<p>Hello {{user_first_name}},</p>
<p>Thank you for your booking at {{center_name}}. Here are its details:</p>
${bookingTable}
<p>Amount: {{booking_total}} (invoice {{invoice_number}}).</p>
${links}
<p>The booking confirmation is attached, with a calendar invitation.</p>
${signature}`,
  },
  booking_confirmation_center: {
    subject: 'New booking {{booking_reference}}: {{room_name}} on {{booking_date}}',
    html: `<p>A booking has been made at {{center_name}}.</p>
${bookingTable}
${bookerAndClient}
<p>Amount: {{booking_total}} (invoice {{invoice_number}}).</p>
<p>{{booking_link}}</p>`,
  },
  recurring_booking_confirmation_user: {
    subject: 'Recurring booking confirmation: {{room_name}} from {{booking_date}}',
    html: `<p>Hello {{user_first_name}},</p>
<p>Thank you for your recurring booking at {{center_name}}. It covers these dates:</p>
${seriesTable}
${links}
<p>The confirmation of the first booking is attached, with a calendar invitation for every date.</p>
${signature}`,
  },
  recurring_booking_confirmation_center: {
    subject: 'New recurring booking: {{room_name}} from {{booking_date}}',
    html: `<p>A recurring booking has been made at {{center_name}}.</p>
${seriesTable}
${bookerAndClient}
<p>{{booking_link}}</p>`,
  },
  booking_reschedule_user: {
    subject: 'Booking {{booking_reference}} rescheduled to {{booking_date}}',
    html: `<p>Hello {{user_first_name}},</p>
<p>Your booking has been moved. Its new details:</p>
${bookingTable}
${links}
<p>The attached calendar invitation updates the one you received before.</p>
${signature}`,
  },
  booking_reschedule_center: {
    subject: 'Booking {{booking_reference}} rescheduled to {{booking_date}}',
    html: `<p>A booking at {{center_name}} has been moved. Its new details:</p>
${bookingTable}
${bookerAndClient}
<p>{{booking_link}}</p>`,
  },
  booking_refund_user: {
    subject: 'Refund on booking {{booking_reference}}',
    html: `<p>Hello {{user_first_name}},</p>
<p>A refund of {{refund_amount}} has been made on your booking {{booking_reference}} ({{room_name}}, {{booking_date}} {{start_time}} – {{end_time}}).</p>
<p>The booking now comes to {{booking_total}}.</p>
${signature}`,
  },
  booking_refund_center: {
    subject: 'Refund on booking {{booking_reference}}',
    html: `<p>A refund of {{refund_amount}} has been made on booking {{booking_reference}} at {{center_name}} ({{room_name}}, {{booking_date}} {{start_time}} – {{end_time}}).</p>
${bookerAndClient}
<p>{{booking_link}}</p>`,
  },
  booking_additional_charge_user: {
    subject: 'Additional charge on booking {{booking_reference}}',
    html: `<p>Hello {{user_first_name}},</p>
<p>An additional charge of {{additional_charge_amount}} has been added to your booking {{booking_reference}} ({{room_name}}, {{booking_date}} {{start_time}} – {{end_time}}).</p>
<p>The booking now comes to {{booking_total}}.</p>
${signature}`,
  },
  booking_additional_charge_center: {
    subject: 'Additional charge on booking {{booking_reference}}',
    html: `<p>An additional charge of {{additional_charge_amount}} has been added to booking {{booking_reference}} at {{center_name}} ({{room_name}}, {{booking_date}} {{start_time}} – {{end_time}}).</p>
${bookerAndClient}
<p>{{booking_link}}</p>`,
  },
  booking_cancellation_user: {
    subject: 'Booking {{booking_reference}} cancelled',
    html: `<p>Hello {{user_first_name}},</p>
<p>Your booking {{booking_reference}} ({{room_name}} at {{center_name}}, {{booking_date}} {{start_time}} – {{end_time}}) has been cancelled.</p>
<p>Refund: {{refund_amount}}.</p>
<p>The attached calendar update removes it from your calendar.</p>
${signature}`,
  },
  booking_cancellation_center: {
    subject: 'Booking {{booking_reference}} cancelled',
    html: `<p>Booking {{booking_reference}} ({{room_name}} at {{center_name}}, {{booking_date}} {{start_time}} – {{end_time}}) has been cancelled.</p>
${bookerAndClient}
<p>Refund: {{refund_amount}}.</p>`,
  },
  recurring_booking_cancellation_user: {
    subject: 'Recurring booking cancelled: {{room_name}}',
    html: `<p>Hello {{user_first_name}},</p>
<p>These bookings of {{room_name}} at {{center_name}} have been cancelled:</p>
{{booking_dates}}
<p>Refund: {{refund_amount}}.</p>
${signature}`,
  },
  recurring_booking_cancellation_center: {
    subject: 'Recurring booking cancelled: {{room_name}}',
    html: `<p>These bookings of {{room_name}} at {{center_name}} have been cancelled:</p>
{{booking_dates}}
${bookerAndClient}
<p>Refund: {{refund_amount}}.</p>`,
  },
  transaction_date_security_bond_requirements: {
    subject: 'Security bond for your booking {{booking_reference}}',
    html: `<p>Hello {{user_first_name}},</p>
<p>Your booking of {{room_name}} on {{booking_date}} requires a security bond of {{security_bond_amount}}.</p>
<p>Please contact us before the day of your booking to arrange it.</p>
${signature}`,
  },
  access_instructions: {
    subject: 'How to get into {{center_name}} for booking {{booking_reference}}',
    html: `<p>Hello {{user_first_name}},</p>
<p>Here is how to reach {{room_name}} at {{center_name}} on {{booking_date}} at {{start_time}}:</p>
<p>{{site_access_instructions}}</p>
<p>{{directions_link}}</p>
${signature}`,
  },
  booking_reminder_3_days_before: {
    subject: 'Reminder: {{room_name}} on {{booking_date}}',
    html: `<p>Hello {{user_first_name}},</p>
<p>This is a reminder of your booking in three days:</p>
${bookingTable}
${links}
${signature}`,
  },
  security_bond_refund_day_after: {
    subject: 'Your security bond for booking {{booking_reference}}',
    html: `<p>Hello {{user_first_name}},</p>
<p>Thank you for using {{room_name}} at {{center_name}} yesterday. Your security bond of {{security_bond_amount}} is being refunded.</p>
${signature}`,
  },
  thankyou_email_3_days_after: {
    subject: 'Thank you for meeting at {{center_name}}',
    html: `<p>Hello {{user_first_name}},</p>
<p>Thank you for your booking of {{room_name}} at {{center_name}} on {{booking_date}}. We hope your meeting went well and look forward to welcoming you again.</p>
${signature}`,
  },
}

const requestTable = `<table cellpadding="4" style="border-collapse:collapse">
<tr><td><strong>Booking reference</strong></td><td>{{booking_reference}}</td></tr>
<tr><td><strong>Space</strong></td><td>{{room_name}}</td></tr>
<tr><td><strong>Location</strong></td><td>{{center_name}}, {{center_address}}</td></tr>
<tr><td><strong>Attendees</strong></td><td>{{attendees}}</td></tr>
</table>
<p><strong>Dates</strong></p>
<p>{{booking_dates}}</p>`

/** The mails of a tentative booking (built in only: the spec's types have none for a request). */
export const requestTemplates: Record<BuiltInMailType, MailTemplate> = {
  booking_request_user: {
    subject: 'Booking request {{booking_reference}} received: {{room_name}} from {{booking_date}}',
    html: `<p>Hello {{user_first_name}},</p>
<p>Thank you for your booking request at {{center_name}}. It is tentative until the location confirms it: you will receive its confirmation then.</p>
${requestTable}
${links}
<p>The attached calendar invitation holds the time as tentative.</p>
${signature}`,
  },
  booking_request_center: {
    subject: 'Booking request {{booking_reference}} to confirm: {{room_name}} from {{booking_date}}',
    html: `<p>A booking request at {{center_name}} awaits confirmation: confirm it from the booking.</p>
${requestTable}
${bookerAndClient}
<p>{{booking_link}}</p>`,
  },
}
