import { and, eq, isNotNull, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingAmenities, bookings, packageSpaces, spaces } from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'
import { organizationForm } from '../organizations/form.ts'
import { pngImage, uploadFiles } from '../upload.ts'

// Issue 15 item 19: the booking answer's packageAssociatedMeetingrooms and amenity fields; the
// confirmation PDF shows the organization's logo like the page.

let t: TestApp
let superCookie: string
beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
})
afterAll(() => t.close())

type Json = Record<string, unknown>
const view = async (id: number) => (await t.api(superCookie, 'GET', `/api/userbooking/${id}`)).json() as Json

describe('the booking answer', () => {
  it('names the spaces of its package deal', async () => {
    const [booking] = await t.database.db
      .select({ id: bookings.id, organizationId: bookings.organizationId, packageId: bookings.packageId })
      .from(bookings)
      .where(isNotNull(bookings.packageId))
      .limit(1)
    if (!booking?.packageId) throw new Error('the seed has no package booking')
    const expected = await t.database.db
      .select({ id: spaces.id, name: spaces.name })
      .from(packageSpaces)
      .innerJoin(spaces, eq(spaces.id, packageSpaces.spaceId))
      .where(
        and(
          eq(packageSpaces.organizationId, booking.organizationId),
          eq(packageSpaces.packageId, booking.packageId),
        ),
      )
    const answer = await view(booking.id)
    expect(expected.length).toBeGreaterThan(0)
    expect(answer.packageAssociatedMeetingrooms).toEqual(
      expect.arrayContaining(expected.map((space) => expect.objectContaining(space))),
    )
    expect((answer.packageAssociatedMeetingrooms as unknown[]).length).toBe(expected.length)
    // A booking without a package: an empty list.
    const [plain] = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(sql`${bookings.packageId} is null`)
      .limit(1)
    expect((await view(plain?.id as number)).packageAssociatedMeetingrooms).toEqual([])
  })

  it("gives each amenity its codes and its refund's tax and total", async () => {
    // A charged amenity of a live booking with nothing refunded yet: the demo seed refunds some, and
    // which ones depends on the day it runs.
    const candidates = await t.database.db
      .select({ id: bookingAmenities.id, bookingId: bookingAmenities.bookingId })
      .from(bookingAmenities)
      .innerJoin(bookings, eq(bookings.id, bookingAmenities.bookingId))
      .where(
        and(
          eq(bookingAmenities.notCharged, false),
          sql`${bookings.status} <> 'cancelled'`,
          sql`${bookingAmenities.totalAmount} >= 10`,
        ),
      )
      .limit(50)
    let row: (typeof candidates)[number] | undefined
    for (const candidate of candidates) {
      const shown = ((await view(candidate.bookingId)).bookedAmenities as Json[]).find(
        (a) => a.id === candidate.id,
      )
      if (Number(shown?.refunded_amount) === 0) {
        row = candidate
        break
      }
    }
    if (!row) throw new Error('the seed has no charged amenity without a refund')
    await t.database.db
      .update(bookingAmenities)
      .set({ accountCode: '4100', inventoryItemCode: 'COF-1' })
      .where(eq(bookingAmenities.id, row.id))
    const refund = await t.api(superCookie, 'PUT', `/api/userbooking/${row.bookingId}`, {
      code: 'partial',
      amenityPartialRefund: [{ booking_amenity_id: row.id, amount: '5.00', reason: 'Late' }],
    })
    const answer = await view(row.bookingId)
    const amenity = (answer.bookedAmenities as Json[]).find((a) => a.id === row.id)
    expect(amenity).toMatchObject({ account_code: '4100', inventory_item_code: 'COF-1' })
    const refunded = Number(amenity?.refunded_amount)
    const tax = Math.round(refunded * Number(answer.tax_percentage)) / 100
    expect(refund.statusCode, refund.body).toBe(200)
    expect(refunded).toBeGreaterThanOrEqual(5)
    expect(amenity?.refunded_tax).toBe(tax.toFixed(2))
    expect(amenity?.refunded_total_amount).toBe((refunded + tax).toFixed(2))
  })
})

describe('the confirmation PDF', () => {
  it.each(['png', 'jpeg'] as const)(
    "shows the organization's uploaded %s logo, as the page does",
    async (format) => {
      const admin = await t.signIn(logins.harbourAdmin)
      const body =
        format === 'png'
          ? await pngImage(100, 100)
          : await sharp(await pngImage(100, 100))
              .jpeg()
              .toBuffer()
      const uploaded = await uploadFiles(t, '/api/organization/logo', admin, [
        { name: `logo.${format === 'png' ? 'png' : 'jpg'}`, body, type: `image/${format}` },
      ])
      expect(uploaded.statusCode).toBe(200)
      const logo = JSON.stringify(uploaded.json()).match(/\/uploads\/[A-Za-z0-9_-]+\.(png|jpg)/)?.[0]
      if (!logo) throw new Error(`no upload URL in ${uploaded.body}`)
      const form = await organizationForm(t, admin, 1)
      expect((await t.api(admin, 'PUT', '/api/organization/1', { ...form, logo })).statusCode).toBe(200)

      const [booking] = await t.database.db
        .select({ id: bookings.id })
        .from(bookings)
        .where(eq(bookings.organizationId, 1))
        .limit(1)
      const answer = await view(booking?.id as number)
      expect(answer.orgLogo).toBe(logo)
      const pdf = await t.api(admin, 'GET', `/api/userbooking?invoice_pdf=true&invoice_id=${booking?.id}`)
      expect(pdf.statusCode).toBe(200)
      expect(pdf.rawPayload.toString('latin1')).toMatch(/\/Subtype\s*\/Image/)
    },
  )
})
