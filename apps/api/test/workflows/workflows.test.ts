import { addDays, centerDateTime, workflowMessages, zonedInstant } from '@spaceboard/domain'
import { and, eq, notInArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bookingWorkflowLogs,
  centers,
  clients,
  emailTemplates,
  mailOutbox,
  organizations,
  spaces,
  workflowSends,
} from '../../src/db/schema/index.ts'
import { leaseDueSends } from '../../src/modules/workflows/workflow-sends.repository.ts'
import { idByName, sydneyToday, userIdByEmail } from '../bookings/fixtures.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

let t: TestApp
let superCookie: string
let admin: string
let csr: string
let summit: string
const ids = { harbour: 0, summit: 0, quay: 0, roomA: 0, wellness: 0, summitCenter: 0, coral: 0, carlos: 0 }
let offset = 200

/** A fresh day per booking, far past the demo seed's bookings, clear of the holiday blackouts. */
function nextDay() {
  let date = addDays(sydneyToday, offset++)
  while (['12-24', '12-25', '12-26', '12-27', '12-31', '01-01', '01-02'].includes(date.slice(5)))
    date = addDays(sydneyToday, offset++)
  return date
}

async function book(overrides: Record<string, unknown> = {}) {
  const response = await t.api(admin, 'POST', '/api/userbooking', {
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
  })
  expect(response.statusCode, response.body).toBe(201)
  return (response.json() as { bookingId: number }).bookingId
}

const workflow = (change: Record<string, unknown> = {}) => ({
  name: 'Reminder',
  action_type: 'Send Email',
  email_template_type: 'booking_reminder_3_days_before',
  time_value: 1,
  time_unit: 'Days',
  direction: 'Before',
  event_variable: 'event_date',
  ...change,
})

async function createWorkflow(change: Record<string, unknown> = {}, cookie = admin) {
  const response = await t.api(cookie, 'POST', '/api/workflow', workflow(change))
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as { id: number; message: string; organization_id: number }
}

async function sendsOf(bookingId: number) {
  return t.database.db
    .select({
      workflowId: workflowSends.workflowId,
      state: workflowSends.state,
      dueAt: workflowSends.dueAt,
    })
    .from(workflowSends)
    .where(eq(workflowSends.bookingId, bookingId))
}

async function logsOf(bookingId: number, cookie = admin) {
  const response = await t.api(cookie, 'GET', `/api/workflow-execution-log?booking_id=${bookingId}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { workflow_name: string; status: string; remarks: string }[]
}

async function deleteWorkflow(id: number) {
  const response = await t.api(admin, 'DELETE', `/api/workflow/${id}`)
  expect(response.statusCode, response.body).toBe(200)
}

/** Sydney wall time of a booking day as an instant. */
const sydney = (date: string, time: string) => zonedInstant(date, time, 'Australia/Sydney') as Date

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  admin = await t.signIn(logins.harbourAdmin)
  csr = await t.signIn(logins.harbourCsr)
  summit = await t.signIn(logins.summitAdmin)
  ids.harbour = await idByName(t, organizations, 'Harbour Workspaces')
  ids.summit = await idByName(t, organizations, 'Summit Business Centres')
  ids.quay = await idByName(t, centers, 'Circular Quay')
  ids.roomA = await idByName(t, spaces, 'Harbour Room A')
  ids.wellness = await idByName(t, spaces, 'Wellness Room')
  ids.coral = await idByName(t, clients, 'Coral Tech')
  ids.carlos = await userIdByEmail(t, 'carlos@coraltech.test')
  const [center] = await t.database.db
    .select({ id: centers.id })
    .from(centers)
    .where(eq(centers.organizationId, ids.summit))
    .limit(1)
  ids.summitCenter = center?.id ?? 0
  // The demo's own workflows would add sends to every booking here: this file counts its own.
  await t.database.db.execute(sql`update workflows set deleted_at = now()`)
  await t.database.db.execute(sql`update workflow_sends set state = 'cancelled' where state = 'pending'`)
})
afterAll(() => t.close())

describe('workflow calls', () => {
  it('creates, lists with Range, reads, updates and deletes with the spec texts', async () => {
    const created = await createWorkflow({ name: 'Access instructions', time_value: 2, time_unit: 'Hours' })
    expect(created.message).toBe(workflowMessages.created)
    expect(created.organization_id).toBe(ids.harbour)
    const list = await t.api(admin, 'GET', '/api/workflow?order=name', undefined, 'items=0-19')
    expect(list.statusCode, list.body).toBe(200)
    expect(list.headers['content-range']).toMatch(/^0-\d+\/\d+$/)
    const row = (
      list.json() as { id: number; locationName: string | null; emailTemplateType: string }[]
    ).find((w) => w.id === created.id)
    expect(row).toMatchObject({ locationName: null, emailTemplateType: 'booking_reminder_3_days_before' })

    const updated = await t.api(admin, 'PUT', `/api/workflow/${created.id}`, {
      ...workflow({ name: 'Access 1 hour', time_value: 1, time_unit: 'Hours' }),
      organization_id: ids.summit,
      center_id: ids.quay,
      meetingroom_id: ids.roomA,
    })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json()).toMatchObject({
      message: workflowMessages.updated,
      organization_id: ids.harbour,
      name: 'Access 1 hour',
      locationName: 'Circular Quay',
      spaceName: 'Harbour Room A',
    })
    const removed = await t.api(admin, 'DELETE', `/api/workflow/${created.id}`)
    expect(removed.json()).toEqual({ message: workflowMessages.deleted })
    expect((await t.api(admin, 'GET', `/api/workflow/${created.id}`)).statusCode).toBe(404)
  })

  it("answers bad input with the spec's messages, never a 500", async () => {
    const noOrganization = await t.api(
      superCookie,
      'POST',
      '/api/workflow',
      workflow({ organization_id: -1 }),
    )
    expect(noOrganization.statusCode).toBe(400)
    expect(noOrganization.json().errors.organization_id).toBe(workflowMessages.selectOrganization)
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', workflowMessages.enterName],
      [{ time_value: '' }, 'time_value', workflowMessages.enterTimeValue],
      [{ time_value: 61, time_unit: 'Minutes' }, 'time_value', 'Value must be less than or equal to 60'],
      [{ time_value: 25, time_unit: 'Hours' }, 'time_value', 'Value must be less than or equal to 24'],
      [{ event_variable: '' }, 'event_variable', workflowMessages.selectEventVariable],
      [{ center_id: ids.summitCenter }, 'center_id', workflowMessages.locationNotFound],
      [{ center_id: ids.quay, meetingroom_id: 999999 }, 'meetingroom_id', workflowMessages.spaceNotFound],
      [{ email_template_id: 999999 }, 'email_template_id', workflowMessages.templateNotOffered],
    ]
    for (const [change, field, message] of cases) {
      const response = await t.api(admin, 'POST', '/api/workflow', workflow(change))
      expect(response.statusCode, JSON.stringify(change)).toBe(400)
      expect(response.json().errors?.[field] ?? response.json().message, JSON.stringify(change)).toBe(message)
    }
  })

  it("keeps another organization's workflows, logs and bookings out of sight", async () => {
    const { id } = await createWorkflow({ name: 'Harbour only' })
    const bookingId = await book()
    for (const [method, url] of [
      ['GET', `/api/workflow/${id}`],
      ['PUT', `/api/workflow/${id}`],
      ['DELETE', `/api/workflow/${id}`],
      ['GET', `/api/workflow/logs/${id}`],
      ['GET', `/api/workflow-execution-log?booking_id=${bookingId}`],
    ] as const) {
      const response = await t.api(summit, method, url, method === 'PUT' ? workflow() : undefined)
      expect(response.statusCode, `${method} ${url}`).toBe(404)
    }
    const list = (await t.api(summit, 'GET', '/api/workflow')).json() as { organization_id: number }[]
    expect(list.every((w) => w.organization_id === ids.summit)).toBe(true)
    const all = (await t.api(superCookie, 'GET', '/api/workflow')).json() as { id: number }[]
    expect(all.some((w) => w.id === id)).toBe(true)
    // csr may see and keep workflows too: the spec restricts csr nowhere on them.
    expect((await t.api(csr, 'GET', `/api/workflow/${id}`)).statusCode).toBe(200)
    await deleteWorkflow(id)
  })

  it('tells whether a template is used by workflows, and a used template is not deleted', async () => {
    const [template] = await t.database.db
      .insert(emailTemplates)
      .values({
        organizationId: ids.harbour,
        templateType: 'access_instructions',
        emailSubject: 'Access to {{center_name}}',
        emailContent: '<p>Door code for {{room_name}}</p>',
      })
      .returning({ id: emailTemplates.id })
    const templateId = template?.id as number
    const unused = await t.api(admin, 'GET', `/api/email-template/check-workflow-usage/${templateId}`)
    expect(unused.json()).toEqual({ isUsed: false, workflowNames: [] })
    const { id } = await createWorkflow({ name: 'Door code', email_template_id: templateId })
    const used = await t.api(admin, 'GET', `/api/email-template/check-workflow-usage/${templateId}`)
    expect(used.json()).toEqual({ isUsed: true, workflowNames: ['Door code'] })
    expect(
      (await t.api(summit, 'GET', `/api/email-template/check-workflow-usage/${templateId}`)).statusCode,
    ).toBe(404)
    const refused = await t.api(admin, 'DELETE', `/api/email-template/${templateId}`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().workflowNames).toEqual(['Door code'])
    await deleteWorkflow(id)
    expect((await t.api(admin, 'DELETE', `/api/email-template/${templateId}`)).statusCode).toBe(200)
  })
})

describe('scheduling', () => {
  it('schedules on create at the due time in the location zone, moves on reschedule, cancels on cancel', async () => {
    const { id } = await createWorkflow({ name: 'Two days before', time_value: 2 })
    const bookingId = await book()
    const booking = (await t.api(admin, 'GET', `/api/userbooking/${bookingId}`)).json()
    const [send] = await sendsOf(bookingId)
    expect(send?.state).toBe('pending')
    expect(send?.dueAt.toISOString()).toBe(sydney(addDays(booking.start_date, -2), '10:00').toISOString())

    const day = nextDay()
    const moved = await t.api(admin, 'PUT', `/api/userbooking/${bookingId}`, {
      code: 'RESCHEDULE_BOOKING',
      newMeetingRoomId: ids.roomA,
      newStartTime: `${day} 14:00`,
      newEndTime: `${day} 15:00`,
    })
    expect(moved.statusCode, moved.body).toBe(200)
    expect((await sendsOf(bookingId))[0]?.dueAt.toISOString()).toBe(
      sydney(addDays(day, -2), '14:00').toISOString(),
    )

    const cancelled = await t.api(admin, 'PUT', `/api/userbooking/${bookingId}`, {
      code: 'full',
      refundPercent: '100',
      dontSendEmail: 1,
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect((await sendsOf(bookingId))[0]?.state).toBe('cancelled')
    expect(await logsOf(bookingId)).toMatchObject([{ workflow_name: 'Two days before', status: 'cancelled' }])
    await deleteWorkflow(id)
  })

  it('logs a send whose time has passed as skipped, with the reason, and sends nothing late', async () => {
    const { id } = await createWorkflow({ name: 'A year before', time_value: 365 })
    const bookingId = await book()
    const [send] = await sendsOf(bookingId)
    expect(send).toMatchObject({ state: 'done' })
    const [log] = await logsOf(bookingId)
    expect(log).toMatchObject({ workflow_name: 'A year before', status: 'skipped' })
    // The time it names is on the location's clock in the organization's order, as Executed At beside it.
    const due = centerDateTime(send?.dueAt.toISOString() ?? '', {
      timezone: 'Australia/Sydney',
      time_format: 'dd/mm',
    })
    expect(due).toMatch(/^\d\d-\d\d-\d{4} \d\d:\d\d [AP]M$/)
    expect(log?.remarks).toBe(`Skipped: its time (${due}) had already passed when it was scheduled`)
    await deleteWorkflow(id)
  })

  it('creating a workflow schedules the bookings it is due for and logs nothing for those whose time had passed', async () => {
    const bookingId = await book()
    const { id: late } = await createWorkflow({ name: 'Too late', time_value: 365 })
    const { id: due } = await createWorkflow({ name: 'In time', time_value: 2 })
    expect(await sendsOf(bookingId)).toEqual([expect.objectContaining({ workflowId: due, state: 'pending' })])
    expect(await logsOf(bookingId)).toEqual([])
    const logs = (await t.api(admin, 'GET', `/api/workflow/logs/${late}`)).json() as unknown[]
    expect(logs).toEqual([])
    await deleteWorkflow(late)
    await deleteWorkflow(due)
  })

  it('schedules nothing for a booking made with dontSendEmail: logged skipped, not revived by a reschedule', async () => {
    const { id } = await createWorkflow({ name: 'Quiet', time_value: 2 })
    const bookingId = await book({ dontSendEmail: 1 })
    expect(await sendsOf(bookingId)).toMatchObject([{ workflowId: id, state: 'done' }])
    expect(await logsOf(bookingId)).toMatchObject([
      {
        workflow_name: 'Quiet',
        status: 'skipped',
        remarks: 'Skipped: the booking was made with dontSendEmail',
      },
    ])
    const day = nextDay()
    const moved = await t.api(admin, 'PUT', `/api/userbooking/${bookingId}`, {
      code: 'RESCHEDULE_BOOKING',
      newMeetingRoomId: ids.roomA,
      newStartTime: `${day} 14:00`,
      newEndTime: `${day} 15:00`,
    })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(await sendsOf(bookingId)).toMatchObject([{ state: 'done' }])
    expect(await logsOf(bookingId)).toHaveLength(1)
    await deleteWorkflow(id)
  })

  it('moves pending sends when a workflow is edited, cancels them when it stops matching or is deleted', async () => {
    const { id } = await createWorkflow({ name: 'Edited', time_value: 1 })
    const bookingId = await book()
    const start = (await t.api(admin, 'GET', `/api/userbooking/${bookingId}`)).json().start_date
    const edit = async (change: Record<string, unknown>) => {
      const response = await t.api(
        admin,
        'PUT',
        `/api/workflow/${id}`,
        workflow({ name: 'Edited', ...change }),
      )
      expect(response.statusCode, response.body).toBe(200)
    }
    await edit({ time_value: 3, direction: 'Before' })
    expect((await sendsOf(bookingId))[0]?.dueAt.toISOString()).toBe(
      sydney(addDays(start, -3), '10:00').toISOString(),
    )
    await edit({ center_id: ids.quay, meetingroom_id: ids.wellness })
    expect((await sendsOf(bookingId))[0]?.state).toBe('cancelled')
    expect((await logsOf(bookingId)).at(-1)).toMatchObject({ status: 'cancelled' })

    const { id: other } = await createWorkflow({ name: 'Deleted one' })
    const second = await book()
    expect((await sendsOf(second)).find((s) => s.workflowId === other)?.state).toBe('pending')
    await deleteWorkflow(other)
    expect((await sendsOf(second)).find((s) => s.workflowId === other)?.state).toBe('cancelled')
    expect((await logsOf(second)).find((l) => l.workflow_name === 'Deleted one')?.status).toBe('cancelled')
    await deleteWorkflow(id)
  })
})

describe('the runner', () => {
  async function dueNow(bookingId: number) {
    await t.database.db
      .update(workflowSends)
      .set({ dueAt: sql`now() - interval '1 minute'` })
      .where(and(eq(workflowSends.bookingId, bookingId), eq(workflowSends.state, 'pending')))
  }
  const mailsOf = (bookingId: number) =>
    t.database.db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject, type: mailOutbox.mailType })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.bookingId, bookingId),
          // The booking's own mails (booked without dontSendEmail; tentative, as Harbour screens its bookings) are not the runner's.
          notInArray(mailOutbox.mailType, [
            'booking_confirmation_user',
            'booking_confirmation_center',
            'booking_request_user',
            'booking_request_center',
          ]),
        ),
      )

  it('sends a due send once through the outbox with the booking merge values, and logs it sent', async () => {
    const { id } = await createWorkflow({
      name: 'Thank you',
      email_template_type: 'thankyou_email_3_days_after',
    })
    const bookingId = await book()
    await dueNow(bookingId)
    await t.workflows.flush()
    await t.workflows.flush()
    const mails = await mailsOf(bookingId)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ to: 'carlos@coraltech.test', type: 'thankyou_email_3_days_after' })
    expect(await sendsOf(bookingId)).toMatchObject([{ state: 'done' }])
    expect(await logsOf(bookingId)).toMatchObject([{ workflow_name: 'Thank you', status: 'sent' }])
    const logs = (await t.api(admin, 'GET', `/api/workflow/logs/${id}`)).json() as { booking_id: number }[]
    expect(logs.filter((l) => l.booking_id === bookingId)).toMatchObject([{ status: 'sent' }])
    await deleteWorkflow(id)
  })

  it("sends a confirmations-only client's booker no workflow mail but a confirmation, and the location its mail", async () => {
    const made = await Promise.all([
      createWorkflow({ name: 'Thanks', email_template_type: 'thankyou_email_3_days_after' }),
      createWorkflow({ name: 'Confirm again', email_template_type: 'booking_confirmation_user' }),
      createWorkflow({ name: 'Desk copy', email_template_type: 'booking_confirmation_center' }),
    ])
    const setOnly = (value: boolean) =>
      t.database.db.update(clients).set({ sendConfirmationOnly: value }).where(eq(clients.id, ids.coral))
    try {
      await setOnly(true)
      const bookingId = await book()
      await dueNow(bookingId)
      await t.workflows.flush()
      const byName = Object.fromEntries((await logsOf(bookingId)).map((l) => [l.workflow_name, l]))
      expect(byName.Thanks).toMatchObject({
        status: 'skipped',
        remarks: 'Skipped: the client receives confirmation e-mails only',
      })
      expect(byName['Confirm again']).toMatchObject({
        status: 'sent',
        remarks: 'Sent to carlos@coraltech.test',
      })
      // A "(Center)" mail goes where the booking's own centre mails go: the location's address and its CC list.
      const [center] = await t.database.db
        .select({ to: centers.bookingConfirmEmail, cc: centers.bookingConfirmEmails })
        .from(centers)
        .where(eq(centers.id, ids.quay))
      expect(center?.cc).toContain(',')
      expect(byName['Desk copy']).toMatchObject({
        status: 'sent',
        remarks: `Sent to ${[center?.to, ...(center?.cc.split(',') ?? [])].join(', ')}`,
      })
      const [desk] = await t.database.db
        .select({ to: mailOutbox.to, cc: mailOutbox.cc })
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.bookingId, bookingId), eq(mailOutbox.mailType, 'booking_confirmation_center')),
        )
        .orderBy(sql`${mailOutbox.id} desc`)
        .limit(1)
      expect(desk).toEqual({ to: center?.to, cc: center?.cc })
      expect(
        (
          await t.database.db
            .select({ type: mailOutbox.mailType })
            .from(mailOutbox)
            .where(
              and(
                eq(mailOutbox.bookingId, bookingId),
                eq(mailOutbox.mailType, 'thankyou_email_3_days_after'),
              ),
            )
        ).length,
      ).toBe(0)
    } finally {
      await setOnly(false)
      for (const { id } of made) await deleteWorkflow(id)
    }
  })

  it('leaves a send leased by a process that died until its lease runs out, then sends it once', async () => {
    const { id } = await createWorkflow({ name: 'Crash' })
    const bookingId = await book()
    await dueNow(bookingId)
    // A process leases the send and dies before sending it.
    const leased = await t.database.db.transaction((tx) => leaseDueSends(tx, 10, 120))
    expect(leased).toHaveLength(1)
    await t.workflows.flush()
    expect(await mailsOf(bookingId)).toHaveLength(0)
    await t.database.db
      .update(workflowSends)
      .set({ leasedUntil: sql`now() - interval '1 second'` })
      .where(eq(workflowSends.bookingId, bookingId))
    await t.workflows.flush()
    await t.workflows.flush()
    expect(await mailsOf(bookingId)).toHaveLength(1)
    const sent = await t.database.db
      .select({ status: bookingWorkflowLogs.status })
      .from(bookingWorkflowLogs)
      .where(eq(bookingWorkflowLogs.bookingId, bookingId))
    expect(sent).toEqual([{ status: 'sent' }])
    await deleteWorkflow(id)
  })
})
