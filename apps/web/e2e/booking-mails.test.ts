import type { AddressInfo } from 'node:net'
import { addDays, wallClock } from '@spaceboard/domain'
import type { Page } from 'playwright-core'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { logins, setupE2eApp, shot } from './support.ts'

/** A mail server that takes the booker's mail and refuses the location's, for good (550). */
const delivered: string[] = []
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (address.address.endsWith('@harbour.example')) {
      const refused = new Error('mailbox unavailable') as Error & { responseCode: number }
      refused.responseCode = 550
      return callback(refused)
    }
    delivered.push(address.address)
    callback()
  },
  onData(stream, _session, callback) {
    stream.resume()
    stream.on('end', () => callback())
  },
})
let smtpUrl = ''
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())))

const app = setupE2eApp(() => ({ smtpUrl }))

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path)
  expect(response.status(), path).toBe(200)
  return (await response.json()) as T
}

describe('E-mails of View Booking', () => {
  test('a new booking shows its mails: the booker’s sent, the location’s failed with the reason', async () => {
    const page = await app.signedInPage(logins.harbourAdmin)
    const centers = await getJson<Array<{ id: number; name: string }>>(page, '/api/center?all=1')
    const center = centers.find((c) => c.name === 'Circular Quay')
    const spaces = await getJson<Array<{ id: number; name: string }>>(
      page,
      `/api/meetingroom?all=1&centerId=${center?.id}`,
    )
    const clients = await getJson<Array<{ id: number; name: string }>>(page, '/api/client?all=1')
    const client = clients.find((c) => c.name === 'Coral Tech')
    const users = await getJson<Array<{ id: number; email: string }>>(
      page,
      `/api/user?all=1&clientId=${client?.id}`,
    )
    const created = await page.request.post('/api/userbooking', {
      data: {
        center_id: center?.id,
        meeting_room_id: spaces.find((s) => s.name === 'Harbour Room B')?.id,
        booking_date: addDays(wallClock(new Date(), 'Australia/Sydney').date, 260),
        start_time: '09:00',
        end_time: '10:00',
        client_id: client?.id,
        user_id: users[0]?.id,
        attendees: 2,
        payment_status: 'invoice',
        confirm_preparation_time: true,
      },
    })
    expect(created.status(), await created.text()).toBe(201)
    const { bookingId } = (await created.json()) as { bookingId: number }

    await page.goto(`/admin/book/invoice/${bookingId}`)
    const panel = page.getByRole('region', { name: 'E-mails' })
    await expect.poll(() => panel.getByText('Sent', { exact: true }).count(), { timeout: 15_000 }).toBe(1)
    await expect.poll(() => panel.getByText('Failed', { exact: true }).count(), { timeout: 15_000 }).toBe(1)
    // Harbour screens its bookings: a new one is a tentative request until it is confirmed.
    await expect.poll(() => panel.getByText('Booking Request (User)').count()).toBe(1)
    await expect.poll(() => panel.getByText('Booking Request (Center)').count()).toBe(1)
    await expect.poll(() => panel.getByText(/mailbox unavailable/).count()).toBe(1)
    await expect.poll(() => panel.getByText(users[0]?.email ?? '?').count()).toBe(1)
    expect(delivered).toContain(users[0]?.email)
    await shot(page, 'booking-mails')
    await page.context().close()
  })
})
