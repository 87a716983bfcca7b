import { describe, expect, it } from 'vitest'
import {
  bookingListQuerySchema,
  emailTemplateSchema,
  MAX_EMAIL_CONTENT_CHARS,
  messages,
  reportQuerySchema,
  rescheduleQuoteQuerySchema,
  workflowMessages,
  workflowSchema,
} from '../src/index.ts'

/** What zod says of its own; none of it may reach a person (issue 42 item 12). */
const zodTexts = /Invalid input|expected|received|Too big|Too small|Invalid (string|option|format)/

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

const template = {
  template_type: 'booking_confirmation',
  email_subject: 'Your booking',
  email_content: '<p>Hello</p>',
}

const workflow = {
  name: 'Reminder',
  action_type: 'email',
  email_template_type: 'booking_confirmation',
  time_value: 1,
  time_unit: 'Hours',
  direction: 'Before',
  event_variable: 'event_date',
}

describe('a refusal names the field and the rule it breaks', () => {
  it('an over-long subject or content gets its limit, not the "required" message', () => {
    const subject = messagesOf(
      emailTemplateSchema.safeParse({ ...template, email_subject: 'x'.repeat(10_000) }),
    )
    expect(subject.email_subject).toBe('Subject must be at most 255 characters.')
    const content = messagesOf(
      emailTemplateSchema.safeParse({ ...template, email_content: `<p>${'x'.repeat(250_000)}</p>` }),
    )
    expect(content.email_content).toBe(`Email content must be at most ${MAX_EMAIL_CONTENT_CHARS} characters.`)
    // Missing or empty still gets the spec's message.
    expect(messagesOf(emailTemplateSchema.safeParse({ ...template, email_subject: '' })).email_subject).toBe(
      messages.fieldRequired,
    )
    expect(
      messagesOf(emailTemplateSchema.safeParse({ ...template, email_content: undefined })).email_content,
    ).toBe(messages.fillEmailContent)
  })

  it('a time value that is not a whole number says so; an empty one keeps the spec message', () => {
    expect(messagesOf(workflowSchema.safeParse({ ...workflow, time_value: 1.5 })).time_value).toBe(
      'Time value must be a whole number of at least 1.',
    )
    expect(messagesOf(workflowSchema.safeParse({ ...workflow, time_value: '' })).time_value).toBe(
      workflowMessages.enterTimeValue,
    )
  })

  it('a date out of range or impossible names that rule, not the format', () => {
    expect(messagesOf(bookingListQuerySchema.safeParse({ end_date: '9999-01-01' })).end_date).toBe(
      'End date must be between 1900-01-01 and 9998-12-31.',
    )
    expect(
      messagesOf(
        rescheduleQuoteQuerySchema.safeParse({
          newMeetingRoomId: 1,
          newStartTime: '2026-02-30 10:00',
          newEndTime: '2026-02-30 11:00',
        }),
      ),
    ).toEqual({
      newStartTime: 'New start time must be a real date: 2026-02-30 does not exist.',
      newEndTime: 'New end time must be a real date: 2026-02-30 does not exist.',
    })
  })

  it('a check without a spec message never answers zod text', () => {
    const report = messagesOf(
      reportQuerySchema.safeParse({ report_type: 'nonsense', org_id: 'abc', year: 1.5 }),
    )
    expect(report).toMatchObject({
      org_id: "Organization must be an organization's number or All.",
      year: 'Year must be a whole number.',
    })
    for (const message of Object.values(report)) expect(message).not.toMatch(zodTexts)
  })
})
