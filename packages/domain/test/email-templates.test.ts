import { describe, expect, it } from 'vitest'
import {
  emailContentIsEmpty,
  emailTemplateSchema,
  emailTemplateTypeFor,
  emailTemplateTypeLabel,
  emailTemplateTypes,
  hasMarkup,
  mergeTags,
  mergeTagsIn,
  messages,
  replaceMergeTags,
  subjectMergeTags,
  unknownMergeTags,
  usesOwnEmailTemplates,
  withoutMarkup,
} from '../src/index.ts'

describe('email template types', () => {
  it('has the spec 20 types, each with a label, the audience its suffix names', () => {
    expect(emailTemplateTypes).toHaveLength(20)
    for (const t of emailTemplateTypes) {
      expect(t.label).not.toBe(t.key)
      if (t.key.endsWith('_center')) expect(t.audience).toBe('center')
      else expect(t.audience).toBe('user')
      expect(t.recurring).toBe(t.key.startsWith('recurring_'))
    }
    expect(emailTemplateTypeLabel('booking_refund_center')).toBe('Booking Refund (Center)')
  })

  it('picks the type of a booking event, the series variant where there is one', () => {
    expect(emailTemplateTypeFor('confirmation', 'user', true)).toBe('recurring_booking_confirmation_user')
    expect(emailTemplateTypeFor('cancellation', 'center', true)).toBe('recurring_booking_cancellation_center')
    expect(emailTemplateTypeFor('reschedule', 'center', true)).toBe('booking_reschedule_center')
    expect(emailTemplateTypeFor('refund', 'user')).toBe('booking_refund_user')
  })

  it('uses the organization templates only with the feature and the setting both on', () => {
    expect(usesOwnEmailTemplates({ features: { email_template: true }, use_email_template: true })).toBe(true)
    expect(usesOwnEmailTemplates({ features: { email_template: false }, use_email_template: true })).toBe(
      false,
    )
    expect(usesOwnEmailTemplates({ features: { email_template: true }, use_email_template: false })).toBe(
      false,
    )
  })
})

describe('merge tags', () => {
  it('names every tag the spec lists, about 29, and keeps links and contact items out of the subject', () => {
    const keys = mergeTags.map((t) => t.key)
    for (const named of [
      'booking_date',
      'start_time',
      'end_time',
      'invoice_number',
      'center_name',
      'center_email',
      'room_name',
      'organization_contact_email',
      'organization_contact_number',
      'user_first_name',
      'user_last_name',
      'user_email',
      'security_bond_amount',
      'site_access_instructions',
      'calendar_link',
      'directions_link',
    ])
      expect(keys).toContain(named)
    expect(mergeTags.length).toBeGreaterThanOrEqual(29)
    expect(new Set(keys).size).toBe(keys.length)
    expect(subjectMergeTags.every((t) => t.kind === 'text')).toBe(true)
    expect(subjectMergeTags.map((t) => t.key)).not.toContain('calendar_link')
    expect(subjectMergeTags.map((t) => t.key)).not.toContain('user_email')
  })

  it('finds unknown tags as written, spaces inside braces allowed', () => {
    expect(mergeTagsIn('Hi {{ user_first_name }}, {{user_first_name}} {{room_name}}')).toEqual([
      'user_first_name',
      'room_name',
    ])
    expect(unknownMergeTags('<p>{{bookng_date}} {{booking_date}} {{<b>x</b>}}</p>')).toEqual([
      '{{bookng_date}}',
      '{{<b>x</b>}}',
    ])
    expect(unknownMergeTags('Booking {{calendar_link}}', { subject: true })).toEqual(['{{calendar_link}}'])
    expect(unknownMergeTags('Booking {{calendar_link}}')).toEqual([])
  })

  it('replaces known tags, empties known tags without a value, keeps unknown ones', () => {
    expect(
      replaceMergeTags('{{room_name}} on {{ booking_date }} {{start_time}} {{nope}}', {
        room_name: 'A',
        booking_date: 'B',
      }),
    ).toBe('A on B  {{nope}}')
  })
})

describe('email template schema', () => {
  const valid = {
    template_type: 'booking_confirmation_user',
    email_subject: 'Booking {{booking_reference}}',
    email_content: '<p>Hello {{user_first_name}}</p>',
  }

  it('accepts a template and defaults no attachment', () => {
    expect(emailTemplateSchema.parse(valid).attachment_file).toEqual([])
  })

  const errors = (body: object) =>
    emailTemplateSchema.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? []

  it('answers the spec messages', () => {
    expect(errors({ ...valid, template_type: 'other' })).toEqual([`template_type: ${messages.fieldRequired}`])
    expect(errors({ ...valid, email_subject: ' ' })).toEqual([`email_subject: ${messages.fieldRequired}`])
    expect(errors({ ...valid, email_content: '<p><br></p>' })).toEqual([
      `email_content: ${messages.fillEmailContent}`,
    ])
    expect(errors({ ...valid, attachment_file: ['/a', '/b'] })).toEqual([
      `attachment_file: ${messages.maxOnePdf}`,
    ])
    expect(errors({ ...valid, email_content: '<p>{{nope}}</p>' })).toEqual([
      `email_content: ${messages.unknownMergeTags(['{{nope}}'])}`,
    ])
    expect(errors({ ...valid, email_subject: '{{directions_link}}' })).toEqual([
      `email_subject: ${messages.mergeTagsNotInSubject(['{{directions_link}}'])}`,
    ])
  })

  it('takes a subject as plain text: markup refused on save, removed from what was stored before', () => {
    expect(errors({ ...valid, email_subject: 'Booked <script>alert(1)</script>' })).toEqual([
      `email_subject: ${messages.emailSubjectPlainText}`,
    ])
    expect(errors({ ...valid, email_subject: 'Under < 10 people, A<B' })).toEqual([])
    expect(hasMarkup('<b>x</b>')).toBe(true)
    expect(withoutMarkup('Booked <b>{{room_name}}</b> <script>alert(1)</script><!-- x -->')).toBe(
      'Booked {{room_name}}',
    )
    expect(withoutMarkup('Under < 10 people')).toBe('Under < 10 people')
  })

  it('counts an image as content but not empty paragraphs', () => {
    expect(emailContentIsEmpty('<p><br></p><p>&nbsp;</p>')).toBe(true)
    expect(emailContentIsEmpty('<p><img src="/uploads/a.png"></p>')).toBe(false)
  })
})
