import { addDays, messages } from '@spaceboard/domain'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { centers, clients, emailTemplates, organizations, spaces } from '../../src/db/schema/index.ts'
import { idByName, sydneyToday, userIdByEmail } from '../bookings/fixtures.ts'
import { createTestApp, logins, type TestApp, testConfig } from '../helpers.ts'
import { uploadFiles } from '../upload.ts'
import { startSmtp } from './smtp.ts'

let smtp: Awaited<ReturnType<typeof startSmtp>>
let t: TestApp
let admin: string
let summit: string
let superUser: string
const ids = { harbour: 0, summit: 0, booking: 0 }

const preview = (cookie: string, body: Record<string, unknown>) =>
  t.api(cookie, 'POST', '/api/email-template/preview', body)

beforeAll(async () => {
  smtp = await startSmtp()
  t = await createTestApp({ smtpUrl: smtp.url })
  admin = await t.signIn(logins.harbourAdmin)
  summit = await t.signIn(logins.summitAdmin)
  superUser = await t.signIn(logins.super)
  ids.harbour = await idByName(t, organizations, 'Harbour Workspaces')
  ids.summit = await idByName(t, organizations, 'Summit Business Centres')
  const coral = await idByName(t, clients, 'Coral Tech')
  await t.database.db.update(clients).set({ name: 'Coral <b>Tech</b>' }).where(eq(clients.id, coral))
  const created = await t.api(admin, 'POST', '/api/userbooking', {
    center_id: await idByName(t, centers, 'Circular Quay'),
    meeting_room_id: await idByName(t, spaces, 'Harbour Room A'),
    booking_date: addDays(sydneyToday, 320),
    start_time: '10:00',
    end_time: '12:00',
    client_id: coral,
    user_id: await userIdByEmail(t, 'carlos@coraltech.test'),
    attendees: 4,
    payment_status: 'invoice',
    dontSendEmail: true,
  })
  expect(created.statusCode, created.body).toBe(201)
  ids.booking = created.json().bookingId
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

const template = {
  template_type: 'booking_confirmation_user',
  email_subject: 'For {{client_name}} on {{booking_date}}{{directions_link}}',
  email_content: '<p>{{client_name}} in {{room_name}}{{not_a_tag}}</p><p>{{booking_link}}</p>',
}

describe('preview', () => {
  it('renders with a booking of the organization, escaped, unknown tags dropped, links to PUBLIC_URL', async () => {
    const response = await preview(admin, { ...template, bookingId: ids.booking })
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json()
    expect(body.bookingId).toBe(ids.booking)
    expect(body.subject).toMatch(/^For Coral <b>Tech<\/b> on \d{2}-\d{2}-\d{4}$/)
    expect(body.html).toContain('<p>Coral &lt;b&gt;Tech&lt;/b&gt; in Harbour Room A</p>')
    expect(body.html).toContain(
      `<a href="${testConfig().publicUrl}/admin/book/invoice/${ids.booking}">View the booking</a>`,
    )
    expect(body.text).toContain('Coral <b>Tech</b> in Harbour Room A')
  })

  it('renders a sample made of the organization’s own details, and the default for an empty template', async () => {
    const sample = (await preview(admin, template)).json()
    expect(sample.bookingId).toBeNull()
    expect(sample.html).toContain('Sample Client Pty Ltd')
    const empty = (await preview(admin, { template_type: 'booking_refund_user' })).json()
    expect(empty.subject).toMatch(/^Refund on booking /)
    expect(empty.html).toContain('Harbour Workspaces')
    expect(empty.html).not.toContain('{{')
  })

  it("never renders another organization's booking", async () => {
    expect((await preview(summit, { ...template, bookingId: ids.booking })).statusCode).toBe(404)
    const crossed = await preview(superUser, {
      ...template,
      organization_id: ids.summit,
      bookingId: ids.booking,
    })
    expect(crossed.statusCode).toBe(404)
    const own = await preview(superUser, {
      ...template,
      organization_id: ids.harbour,
      bookingId: ids.booking,
    })
    expect(own.statusCode).toBe(200)
    expect((await preview(superUser, template)).json().message).toBe(messages.selectOrganization)
    expect((await preview(admin, { ...template, template_type: 'nope' })).statusCode).toBe(400)
  })
})

describe('send test', () => {
  it('sends the rendered template with its PDF to the signed-in user only', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n')
    const upload = await uploadFiles(t, '/api/email-template/attachment', admin, [
      { name: 'rules.pdf', body: pdf, type: 'application/pdf' },
    ])
    expect(upload.statusCode, upload.body).toBe(200)
    const response = await t.api(admin, 'POST', '/api/email-template/send-test', {
      ...template,
      bookingId: ids.booking,
      attachment_file: [upload.json().file[0].url],
      attachment_file_title: 'Rules',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().message).toBe(messages.testMailSent(logins.harbourAdmin))
    await t.mailer.flush()
    const [mail, ...others] = smtp.take()
    expect(others).toEqual([])
    expect(mail?.envelopeTo).toEqual([logins.harbourAdmin])
    expect(mail?.mail.subject).toContain('For Coral <b>Tech</b>')
    expect(mail?.mail.html).toContain('Coral &lt;b&gt;Tech&lt;/b&gt;')
    expect(mail?.mail.attachments.map((a) => a.filename)).toEqual(['Rules.pdf'])

    const outside = await t.api(admin, 'POST', '/api/email-template/send-test', {
      ...template,
      attachment_file: ['https://elsewhere.test/x.pdf'],
    })
    expect(outside.json().message).toBe(messages.onlyPdf)
  })

  it('sends a test byte for byte as a real send of the saved template: cleaned, styled inline, subject plain text', async () => {
    const edited = {
      template_type: 'booking_reschedule_user',
      email_subject: 'Moved: {{room_name}} <script>alert(1)</script>',
      email_content:
        '<p class="ql-align-center">Hello {{client_name}}</p><script>alert(1)</script>' +
        '<p onclick="steal()" class="ql-indent-2"><a href="javascript:alert(1)">Click</a> ' +
        '<span class="ql-size-large ql-font-serif">Big</span></p>' +
        '<form action="https://elsewhere.test"><input name="password"></form>',
    }
    const sent = await t.api(admin, 'POST', '/api/email-template/send-test', {
      ...edited,
      bookingId: ids.booking,
    })
    expect(sent.statusCode, sent.body).toBe(200)
    await t.mailer.flush()
    const [test] = smtp.take()
    const html = test?.mail.html || ''
    for (const raw of ['<script', 'alert(1)', 'onclick', 'javascript:', '<form', '<input'])
      expect(html).not.toContain(raw)
    expect(html).toContain('<p class="ql-align-center" style="text-align: center;">Hello Coral')
    expect(html).toContain('class="ql-indent-2" style="padding-left: 6em;"')
    expect(html).toContain('style="font-size: 1.5em; font-family: Georgia')
    expect(test?.mail.subject).toBe('Moved: Harbour Room A')

    const refused = await t.api(admin, 'POST', '/api/email-template', edited)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors).toEqual({ email_subject: messages.emailSubjectPlainText })
    const saved = await t.api(admin, 'POST', '/api/email-template', {
      ...edited,
      email_subject: 'Moved: {{room_name}}',
    })
    expect(saved.statusCode, saved.body).toBe(201)
    // A subject stored before subjects were plain text is sent without its markup.
    await t.database.db
      .update(emailTemplates)
      .set({ emailSubject: edited.email_subject })
      .where(eq(emailTemplates.id, saved.json().id))
    await t.database.db
      .update(organizations)
      .set({
        useEmailTemplate: true,
        features: sql`${organizations.features} || '{"email_template": true}'::jsonb`,
      })
      .where(eq(organizations.id, ids.harbour))
    const date = addDays(sydneyToday, 321)
    const moved = await t.api(admin, 'PUT', `/api/userbooking/${ids.booking}`, {
      code: 'RESCHEDULE_BOOKING',
      newMeetingRoomId: await idByName(t, spaces, 'Harbour Room A'),
      newStartTime: `${date} 10:00`,
      newEndTime: `${date} 12:00`,
    })
    expect(moved.statusCode, moved.body).toBe(200)
    await t.mailer.flush()
    const real = smtp.take().find((m) => m.envelopeTo.includes('carlos@coraltech.test'))
    expect(real?.mail.subject).toBe(test?.mail.subject)
    expect(real?.mail.html).toBe(test?.mail.html)
    expect(real?.mail.text).toBe(test?.mail.text)
  })
})
