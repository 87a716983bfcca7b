import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { addDays, bookingCreateSchema } from '@spaceboard/domain'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Tx } from '../../src/db/client.ts'
import {
  bookings,
  centers,
  clients,
  emailTemplates,
  mailOutbox,
  organizations,
  spaces,
} from '../../src/db/schema/index.ts'
import { mailBookings, mailRowOf } from '../../src/modules/booking-mails/booking-mails.repository.ts'
import { bookingMailSender } from '../../src/modules/booking-mails/booking-mails.service.ts'
import { createBooking } from '../../src/modules/bookings/booking-create.service.ts'
import type { MailSource } from '../../src/modules/bookings/booking-mails.ts'
import { uploadsDir } from '../../src/platform/uploads.ts'
import { idByName, sydneyToday, userIdByEmail } from '../bookings/fixtures.ts'
import { createTestApp, logins, type TestApp, testConfig } from '../helpers.ts'
import { calendarOf, startSmtp } from './smtp.ts'

let smtp: Awaited<ReturnType<typeof startSmtp>>
let t: TestApp
let admin: string
let summit: string
const ids = { harbour: 0, summit: 0, quay: 0, roomA: 0, wellness: 0, coral: 0, carlos: 0 }
const centerMail = { to: '', cc: '' }
/** Not the default localhost: the invitations' UIDs and links must come from PUBLIC_URL. */
const publicUrl = 'https://rooms.harbour.test'
let offset = 300

/** A fresh day per booking, far past the demo seed's bookings, clear of the holiday blackouts. */
function nextDay() {
  let date = addDays(sydneyToday, offset++)
  while (['12-24', '12-25', '12-26', '12-27', '12-31', '01-01', '01-02'].includes(date.slice(5)))
    date = addDays(sydneyToday, offset++)
  return date
}

function bookingBody(overrides: Record<string, unknown> = {}) {
  return {
    center_id: ids.quay,
    meeting_room_id: ids.roomA,
    booking_date: nextDay(),
    start_time: '10:00',
    end_time: '12:00',
    client_id: ids.coral,
    user_id: ids.carlos,
    attendees: 4,
    payment_status: 'invoice',
    ...overrides,
  }
}

async function book(overrides: Record<string, unknown> = {}) {
  const response = await t.api(admin, 'POST', '/api/userbooking', bookingBody(overrides))
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as { bookingId: number; bookingIds: number[]; recurringId: number | null }
}

async function act(id: number, body: Record<string, unknown>) {
  const response = await t.api(admin, 'PUT', `/api/userbooking/${id}`, body)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

/** Waits until every queued mail is delivered, and answers what arrived, by recipient. */
async function delivered() {
  await t.mailer.flush()
  const mails = smtp.take()
  const toUser = mails.filter((m) => m.envelopeTo.includes('carlos@coraltech.test'))
  const toCenter = mails.filter((m) => m.envelopeTo.includes(centerMail.to))
  return { mails, toUser, toCenter }
}

const attachmentsOf = (mail: { attachments: { contentType: string; filename?: string }[] }) =>
  mail.attachments.map((a) => `${a.contentType.split(';')[0]} ${a.filename ?? ''}`.trim()).sort()

/** Screen bookings: the organization's new bookings arrive tentative. */
const screenBookings = (on: boolean) =>
  t.database.db
    .update(organizations)
    .set({
      features: sql`${organizations.features} || ${JSON.stringify({ user_screen_booking: on })}::jsonb`,
    })
    .where(eq(organizations.id, ids.harbour))

beforeAll(async () => {
  smtp = await startSmtp()
  t = await createTestApp({ smtpUrl: smtp.url, publicUrl })
  admin = await t.signIn(logins.harbourAdmin)
  summit = await t.signIn(logins.summitAdmin)
  ids.harbour = await idByName(t, organizations, 'Harbour Workspaces')
  ids.summit = await idByName(t, organizations, 'Summit Business Centres')
  ids.quay = await idByName(t, centers, 'Circular Quay')
  ids.roomA = await idByName(t, spaces, 'Harbour Room A')
  ids.wellness = await idByName(t, spaces, 'Wellness Room')
  ids.coral = await idByName(t, clients, 'Coral Tech')
  ids.carlos = await userIdByEmail(t, 'carlos@coraltech.test')
  const [center] = await t.database.db
    .select({ to: centers.bookingConfirmEmail, cc: centers.bookingConfirmEmails })
    .from(centers)
    .where(eq(centers.id, ids.quay))
  centerMail.to = center?.to ?? ''
  centerMail.cc = center?.cc ?? ''
  // The demo's Harbour screens its bookings: this file's are confirmed unless a test says otherwise.
  await screenBookings(false)
  // Deliveries of the seed's own mails (none expected) are not this file's business.
  await delivered()
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})
beforeEach(() => {
  smtp.refuse.clear()
})

describe('booking created', () => {
  it('sends the confirmation to the booker and to the location with its CC list, with PDF and invitation', async () => {
    const { bookingId } = await book()
    const { mails, toUser, toCenter } = await delivered()
    expect(mails).toHaveLength(2)
    const [user] = toUser
    const [center] = toCenter
    if (!user || !center) throw new Error('missing mail')
    const reference = `${(await t.api(admin, 'GET', `/api/userbooking/${bookingId}`)).json().reference}`
    expect(user.mail.subject).toContain(`Booking confirmation ${reference}`)
    expect(user.mail.html).toContain('Harbour Room A')
    expect(user.mail.text).toContain('Harbour Room A')
    // The plain part reads as a person writes it: each label apart from its value.
    expect(user.mail.text).toMatch(new RegExp(`^Booking reference {2,}${reference}$`, 'm'))
    expect(user.mail.text).toMatch(/^Space {2,}Harbour Room A$/m)
    expect(center.mail.subject).toContain(`New booking ${reference}`)
    const cc = [center.mail.cc ?? []].flat().flatMap((a) => a.value.map((v) => v.address))
    expect(cc.sort()).toEqual(centerMail.cc.split(',').sort())
    expect(center.envelopeTo.sort()).toEqual([centerMail.to, ...centerMail.cc.split(',')].sort())
    expect(center.mail.html).toContain(`${publicUrl}/admin/book/invoice/${bookingId}`)
    for (const mail of [user.mail, center.mail]) {
      // The invitation is the text/calendar alternative calendars act on, and an invite.ics file.
      expect(attachmentsOf(mail)).toEqual([
        'application/ics invite.ics',
        `application/pdf Booking ${reference}.pdf`,
        'text/calendar',
      ])
      const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf')
      expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-')
      const calendar = calendarOf(mail)
      expect(calendar?.problems).toEqual([])
      expect(calendar?.method).toBe('REQUEST')
      expect(calendar?.events).toHaveLength(1)
      expect(calendar?.events[0]?.status).toBe('CONFIRMED')
      expect(calendar?.events[0]?.attendees).toEqual(['mailto:carlos@coraltech.test'])
      expect(calendar?.events[0]?.uid).toBe(`booking-${bookingId}@rooms.harbour.test`)
      expect(calendar?.events[0]?.sequence).toBe(0)
      expect(calendar?.events[0]?.localStart).toMatch(/T10:00:00$/)
    }
  })

  it('sends nothing for a dontSendEmail call, nor for a change that rolls back', async () => {
    await book({ dontSendEmail: true })
    expect((await delivered()).mails).toEqual([])

    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox)
    const actor = { userId: ids.carlos, type: 'admin' as const, organizationId: ids.harbour, sessionId: 'x' }
    const mails = bookingMailSender({ mailer: t.mailer, publicUrl })
    const input = bookingBody({ booking_date: nextDay() })
    const parsed = (await import('@spaceboard/domain')).bookingCreateSchema.parse(input)
    const rolledBack = t.database.db.transaction(async (tx) =>
      createBooking(
        { actor, tx },
        async (work) => {
          await work({ actor, tx })
          throw new Error('rolled back after the mails were queued')
        },
        parsed,
        undefined,
        mails,
      ),
    )
    await expect(rolledBack).rejects.toThrow('rolled back')
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox)
    expect(after).toEqual(before)
    const made = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(sql`${bookings.startTime}::date`, parsed.booking_date))
    expect(made).toEqual([])
    expect((await delivered()).mails).toEqual([])
  })

  it('sends one mail per recipient for a series, listing its dates, with one invitation event per date across a DST change', async () => {
    // Sydney leaves daylight saving on the first Sunday of April: a weekly series over it.
    const series = await book({
      meeting_room_id: ids.wellness,
      attendees: 2,
      booking_date: '2027-03-23',
      recurring: { frequency: 'weekly', occurrences: 4 },
    })
    const { mails, toUser, toCenter } = await delivered()
    expect(mails).toHaveLength(2)
    const user = toUser[0]?.mail
    expect(user?.subject).toContain('Recurring booking confirmation')
    expect(toCenter[0]?.mail.subject).toContain('New recurring booking')
    for (const date of ['23-03-2027', '30-03-2027', '06-04-2027', '13-04-2027'])
      expect(user?.html).toContain(date)
    const calendar = user ? calendarOf(user) : null
    expect(calendar?.events.map((e) => e.uid).sort()).toEqual(
      series.bookingIds.map((id) => `booking-${id}@rooms.harbour.test`).sort(),
    )
    // 10:00 on the location's clock every week: 23:00 UTC the day before in March (AEDT, +11), 00:00 UTC in April (AEST, +10).
    expect(calendar?.events.map((e) => e.localStart).sort()).toEqual([
      '2027-03-23T10:00:00',
      '2027-03-30T10:00:00',
      '2027-04-06T10:00:00',
      '2027-04-13T10:00:00',
    ])
    expect(new Set(calendar?.events.map((e) => e.zone))).toEqual(new Set(['Australia/Sydney']))
    expect(calendar?.events.map((e) => e.start.toISOString()).sort()).toEqual([
      '2027-03-22T23:00:00.000Z',
      '2027-03-29T23:00:00.000Z',
      '2027-04-06T00:00:00.000Z',
      '2027-04-13T00:00:00.000Z',
    ])

    const data = JSON.stringify(series.bookingIds.map((id) => ({ bookingId: id, refundPercent: '100' })))
    await act(series.bookingId, { code: 'full', bookingType: 'recurring', data, currency: 'aud' })
    const cancelled = await delivered()
    expect(cancelled.mails).toHaveLength(2)
    expect(cancelled.toUser[0]?.mail.subject).toContain('Recurring booking cancelled')
    expect(cancelled.toCenter[0]?.mail.subject).toContain('Recurring booking cancelled')
    const cancelCalendar = cancelled.toUser[0] ? calendarOf(cancelled.toUser[0].mail) : null
    expect(cancelCalendar?.problems).toEqual([])
    expect(cancelCalendar?.method).toBe('CANCEL')
    expect(cancelCalendar?.events).toHaveLength(4)
    expect(new Set(cancelCalendar?.events.map((e) => e.status))).toEqual(new Set(['CANCELLED']))
    expect(new Set(cancelCalendar?.events.map((e) => e.sequence))).toEqual(new Set([1]))
  })
  it("makes a create's mails from what it wrote and read, exactly as from the stored bookings", async () => {
    const actor = { userId: ids.carlos, type: 'admin' as const, organizationId: ids.harbour, sessionId: 'x' }
    const handedOver: MailSource[] = []
    const mails = {
      ...bookingMailSender({ mailer: t.mailer, publicUrl }),
      async created(_ctx: unknown, created: { bookings: MailSource[] }) {
        handedOver.push(...created.bookings)
      },
    }
    const input = bookingCreateSchema.parse(
      bookingBody({
        meeting_room_id: ids.wellness,
        attendees: 2,
        special_requirement: 'Coffee at 10:30 <b>please</b>',
        payment_status: 'card',
        transaction_id: 'ch_123',
        recurring: { frequency: 'weekly', occurrences: 2 },
      }),
    )
    const db = t.database.db as unknown as Tx
    const made = await createBooking(
      { actor, tx: db },
      (work) => t.database.db.transaction((tx) => work({ actor, tx })),
      input,
      undefined,
      mails,
    )
    expect(handedOver).toHaveLength(2)
    const stored = await mailBookings(db, made.bookingIds)
    expect(handedOver.map(mailRowOf)).toEqual(stored)
  })
})

describe('a tentative booking (screen bookings)', () => {
  it('is told as a request with a TENTATIVE invitation, then confirmed and cancelled, its SEQUENCE growing', async () => {
    await screenBookings(true)
    try {
      const { bookingId } = await book()
      const reference = (await t.api(admin, 'GET', `/api/userbooking/${bookingId}`)).json().reference
      const requested = await delivered()
      expect(requested.mails).toHaveLength(2)
      const user = requested.toUser[0]?.mail
      const center = requested.toCenter[0]?.mail
      expect(user?.subject).toContain(`Booking request ${reference} received`)
      expect(user?.subject).not.toContain('confirmation')
      expect(user?.text).toContain('tentative until the location confirms it')
      expect(center?.subject).toContain(`Booking request ${reference} to confirm`)
      for (const mail of [user, center]) {
        // Not confirmed yet: no confirmation PDF, and the calendar holds the time as tentative.
        expect(attachmentsOf(mail ?? { attachments: [] })).toEqual([
          'application/ics invite.ics',
          'text/calendar',
        ])
        const calendar = mail ? calendarOf(mail) : null
        expect(calendar?.problems).toEqual([])
        expect(calendar?.events).toMatchObject([
          { uid: `booking-${bookingId}@rooms.harbour.test`, status: 'TENTATIVE', sequence: 0 },
        ])
      }
      const trace = (await t.api(admin, 'GET', `/api/userbooking/${bookingId}/mails`)).json()
      expect(trace.map((m: { type: string }) => m.type).sort()).toEqual([
        'booking_request_center',
        'booking_request_user',
      ])

      await act(bookingId, { code: 'CONFIRM' })
      const confirmed = await delivered()
      expect(confirmed.mails).toHaveLength(2)
      expect(confirmed.toUser[0]?.mail.subject).toContain(`Booking confirmation ${reference}`)
      expect(confirmed.toCenter[0]?.mail.subject).toContain(`New booking ${reference}`)
      const confirmedUser = confirmed.toUser[0]?.mail ?? { attachments: [] }
      expect(attachmentsOf(confirmedUser)).toContain(`application/pdf Booking ${reference}.pdf`)
      const update = confirmed.toUser[0] ? calendarOf(confirmed.toUser[0].mail) : null
      expect(update?.problems).toEqual([])
      expect(update?.method).toBe('REQUEST')
      expect(update?.events).toMatchObject([
        { uid: `booking-${bookingId}@rooms.harbour.test`, status: 'CONFIRMED', sequence: 1 },
      ])

      await act(bookingId, { code: 'full', refundPercent: '100' })
      const cancelled = await delivered()
      const cancel = cancelled.toUser[0] ? calendarOf(cancelled.toUser[0].mail) : null
      expect(cancel?.problems).toEqual([])
      expect(cancel?.method).toBe('CANCEL')
      expect(cancel?.events).toMatchObject([{ status: 'CANCELLED', sequence: 2 }])
    } finally {
      await screenBookings(false)
    }
  })
})

describe('changes to a booking', () => {
  it('reschedule raises SEQUENCE on the same UID; cancellation sends METHOD:CANCEL', async () => {
    const { bookingId } = await book()
    await delivered()
    const date = (await t.api(admin, 'GET', `/api/userbooking/${bookingId}`)).json().start_date
    for (const [index, hour] of ['13', '15'].entries()) {
      await act(bookingId, {
        code: 'RESCHEDULE_BOOKING',
        newMeetingRoomId: ids.roomA,
        newStartTime: `${date} ${hour}:00`,
        newEndTime: `${date} ${Number(hour) + 2}:00`,
      })
      const { mails, toUser, toCenter } = await delivered()
      expect(mails).toHaveLength(2)
      expect(toUser[0]?.mail.subject).toContain('rescheduled')
      expect(toCenter[0]?.mail.subject).toContain('rescheduled')
      const calendar = toUser[0] ? calendarOf(toUser[0].mail) : null
      expect(calendar?.problems).toEqual([])
      expect(calendar?.method).toBe('REQUEST')
      expect(calendar?.events[0]?.uid).toBe(`booking-${bookingId}@rooms.harbour.test`)
      expect(calendar?.events[0]?.sequence).toBe(index + 1)
      expect(calendar?.events[0]?.localStart).toMatch(new RegExp(`T${hour}:00:00$`))
      expect(attachmentsOf(toUser[0]?.mail ?? { attachments: [] })).toEqual([
        'application/ics invite.ics',
        'text/calendar',
      ])
    }

    await act(bookingId, { code: 'full', refundPercent: '100' })
    const { mails, toUser } = await delivered()
    expect(mails).toHaveLength(2)
    expect(toUser[0]?.mail.subject).toContain('cancelled')
    const calendar = toUser[0] ? calendarOf(toUser[0].mail) : null
    expect(calendar?.method).toBe('CANCEL')
    expect(calendar?.events[0]?.uid).toBe(`booking-${bookingId}@rooms.harbour.test`)
    expect(calendar?.events[0]?.sequence).toBe(3)
    expect(calendar?.events[0]?.status).toBe('CANCELLED')
  })

  it('refund and additional charge send their mails with the amount, and nothing with dontSendEmail', async () => {
    const { bookingId } = await book()
    await delivered()
    await act(bookingId, { code: 'partial', roomAmountRefund: '5.25', roomNotes: 'Projector broken' })
    const refund = await delivered()
    expect(refund.mails).toHaveLength(2)
    expect(refund.toUser[0]?.mail.subject).toContain('Refund on booking')
    expect(refund.toUser[0]?.mail.text).toContain('AUD 5.25')
    expect(refund.toUser[0]?.mail.attachments).toEqual([])

    await act(bookingId, { code: 'partial', roomAmountRefund: '1.00', roomNotes: 'x', dontSendEmail: 1 })
    expect((await delivered()).mails).toEqual([])

    const charge = {
      code: 'additional_charges',
      adhocCharges: [
        {
          charge_type: 'room',
          room_code_id: 'meetingroom',
          additional_booking_charge_value: '20.5',
          reason_for_additional_booking_charge: 'Late finish',
        },
      ],
    }
    await act(bookingId, charge)
    const charged = await delivered()
    expect(charged.mails).toHaveLength(2)
    expect(charged.toCenter[0]?.mail.subject).toContain('Additional charge on booking')
    expect(charged.toCenter[0]?.mail.text).toContain('AUD 20.50')
    await act(bookingId, { ...charge, dontSendEmail: true })
    expect((await delivered()).mails).toEqual([])
  })

  it('a confirmations-only client gets its confirmation but not the other mails; the location gets all', async () => {
    await t.database.db.update(clients).set({ sendConfirmationOnly: true }).where(eq(clients.id, ids.coral))
    try {
      const { bookingId } = await book()
      expect((await delivered()).toUser).toHaveLength(1)
      await act(bookingId, { code: 'partial', roomAmountRefund: '2.00', roomNotes: 'x' })
      const refund = await delivered()
      expect(refund.toUser).toEqual([])
      expect(refund.toCenter).toHaveLength(1)
    } finally {
      await t.database.db
        .update(clients)
        .set({ sendConfirmationOnly: false })
        .where(eq(clients.id, ids.coral))
    }
  })
})

describe("an organization's own templates", () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
  const pdfName = 'b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5.pdf'

  async function setOwnTemplates(organizationId: number, on: boolean) {
    await t.database.db
      .update(organizations)
      .set({
        useEmailTemplate: on,
        features: sql`${organizations.features} || ${JSON.stringify({ email_template: on })}::jsonb`,
      })
      .where(eq(organizations.id, organizationId))
  }

  it('replaces the default, escapes merge values, drops unknown tags and attaches its PDF', async () => {
    mkdirSync(uploadsDir(testConfig().dataDir), { recursive: true })
    writeFileSync(path.join(uploadsDir(testConfig().dataDir), pdfName), pdf)
    await t.database.db.insert(emailTemplates).values([
      {
        organizationId: ids.harbour,
        templateType: 'booking_confirmation_user',
        emailSubject: 'Booked: {{room_name}} for {{client_name}} {{calendar_link}}{{nope}}',
        emailContent: '<p>Dear {{user_first_name}} of {{client_name}}</p><p>{{nope}}{{calendar_link}}</p>',
        attachmentFileTitle: 'House rules',
        attachmentFile: [`/uploads/${pdfName}`],
      },
      {
        organizationId: ids.summit,
        templateType: 'booking_confirmation_user',
        emailSubject: 'SUMMIT SECRET {{room_name}}',
        emailContent: '<p>SUMMIT SECRET</p>',
      },
    ])
    await setOwnTemplates(ids.harbour, true)
    await setOwnTemplates(ids.summit, true)
    const xss = '<img src=x onerror=alert(1)>'
    await t.database.db
      .update(clients)
      .set({ name: `Coral ${xss}` })
      .where(eq(clients.id, ids.coral))
    try {
      await book()
      const { toUser, toCenter } = await delivered()
      const mail = toUser[0]?.mail
      expect(mail?.subject).toBe(`Booked: Harbour Room A for Coral ${xss}`)
      expect(mail?.html).toContain('Coral &lt;img src=x onerror=alert(1)&gt;')
      expect(mail?.html).not.toContain('<img')
      expect(mail?.html).not.toContain('{{')
      expect(mail?.html).toContain('>Add to calendar</a>')
      expect(mail?.text).not.toContain('SUMMIT')
      expect(attachmentsOf(mail ?? { attachments: [] })).toEqual([
        'application/ics invite.ics',
        expect.stringMatching(/^application\/pdf Booking .+\.pdf$/),
        'application/pdf House rules.pdf',
        'text/calendar',
      ])
      expect(mail?.attachments.find((a) => a.filename === 'House rules.pdf')?.content.equals(pdf)).toBe(true)
      // The location's mail has no template of its own: the built-in one, escaped the same way.
      expect(toCenter[0]?.mail.html).toContain('Coral &lt;img')

      // Without use_email_template the defaults are back.
      await setOwnTemplates(ids.harbour, false)
      await book()
      expect((await delivered()).toUser[0]?.mail.subject).toContain('Booking confirmation')
    } finally {
      await t.database.db.update(clients).set({ name: 'Coral Tech' }).where(eq(clients.id, ids.coral))
      await setOwnTemplates(ids.harbour, false)
      await setOwnTemplates(ids.summit, false)
      await t.database.db
        .delete(emailTemplates)
        .where(and(eq(emailTemplates.templateType, 'booking_confirmation_user')))
    }
  })
})

describe('user registration', () => {
  it('sends user_registration to the new user, with the sign-in link', async () => {
    const response = await t.api(admin, 'POST', '/api/user', {
      type: 'csr',
      first_name: 'Pat',
      last_name: 'Lee',
      email: 'pat.lee.mails@harbour.test',
      password: 'Lantern-Quay-907',
      company_name: 'Acme Consulting',
    })
    expect(response.statusCode, response.body).toBe(201)
    await t.mailer.flush()
    const [mail, ...others] = smtp.take()
    expect(others).toEqual([])
    expect(mail?.envelopeTo).toEqual(['pat.lee.mails@harbour.test'])
    expect(mail?.mail.subject).toBe('Welcome to Harbour Workspaces')
    expect(mail?.mail.html).toContain('Hello Pat,')
    expect(mail?.mail.html).toContain(`<a href="${publicUrl}/admin/login">Sign in</a>`)
    expect(mail?.mail.text).toContain(`${publicUrl}/admin/login`)
  })
})

describe('trace on the booking', () => {
  it('lists the mails of a booking with status and attempts; a refused mail shows as failed with its error', async () => {
    for (const address of [centerMail.to, ...centerMail.cc.split(',')]) smtp.refuse.add(address)
    const { bookingId } = await book()
    await delivered()
    const response = await t.api(admin, 'GET', `/api/userbooking/${bookingId}/mails`)
    expect(response.statusCode).toBe(200)
    const rows = response.json() as {
      type: string
      to: string
      status: string
      attempts: number
      lastError: string | null
    }[]
    expect(rows.map((r) => [r.type, r.to, r.status, r.attempts]).sort()).toEqual(
      [
        ['booking_confirmation_center', centerMail.to, 'failed', 1],
        ['booking_confirmation_user', 'carlos@coraltech.test', 'sent', 1],
      ].sort(),
    )
    expect(rows.find((r) => r.status === 'failed')?.lastError).toContain('mailbox unavailable')
    // Another organization's booking is not found, its mails not shown.
    expect((await t.api(summit, 'GET', `/api/userbooking/${bookingId}/mails`)).statusCode).toBe(404)
    expect((await t.api(null, 'GET', `/api/userbooking/${bookingId}/mails`)).statusCode).toBe(401)
  })
})
