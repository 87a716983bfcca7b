import { describe, expect, it } from 'vitest'
import { bookingConfirmationFixture } from '../../../../packages/domain/test/fixtures/booking-confirmation.ts'
import { renderConfirmationPdf } from '../../src/modules/bookings/confirmation-pdf.ts'
import { pdfContent } from '../pdf-text.ts'

/** A 2 × 1 PNG, as an organization's logo. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAEElEQVR4nGPgk/L5z8DAAAAPcALnGm6nGwAAAABJRU5ErkJggg==',
  'base64',
)

describe('booking confirmation PDF', () => {
  it('shows the header, every billing line with its amount, payment, location and notes', async () => {
    const pdf = await renderConfirmationPdf(bookingConfirmationFixture(), png)
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const { lines, links, title } = await pdfContent(pdf)
    expect(title).toBe('Booking Confirmation MH-HAR1042')

    const text = lines.join('\n')
    // Header: the logo, organization, its address, registration number, the recurring marker.
    expect(pdf.toString('latin1')).toMatch(/\/Subtype\s*\/Image/)
    for (const expected of [
      'Harbour Workspaces',
      'Booking Confirmation',
      '200 George Street',
      'Sydney, NSW 2000',
      'Australia',
      'MH-HAR1042',
      'Company Registration No: ABN 51 824 753 556',
      'Recurring Booking',
    ]) {
      expect(text).toContain(expected)
    }
    // Booking Details (two columns: each line has a pair of each).
    for (const expected of [
      'Booked On 01-05-2026 10:14 AM',
      'Booking Reference MH-HAR1042',
      'External Client Id EXT-7781',
      'Client Name Acme Legal',
      'Booking Date/Time 12-05-2026 10:00 AM - 12:30 PM (2.5',
      'Space Name Harbour Boardroom',
      'Location/Center Harbour Central',
      'Booking Status Confirmed',
      'Booked By Hannah Admin',
    ]) {
      expect(text).toContain(expected)
    }

    // Billing Details: every kind of line, quantity, unit price and amount on its row.
    expect(lines).toEqual(
      expect.arrayContaining([
        'Description Quantity Unit Price Amount',
        // 1.5 chargeable hours do not divide an amended A$140.00 to the cent: one of A$140.00 (issue 42).
        'Harbour Boardroom 1 A$140.00 A$140.00',
        '6 Attendees',
        'Amended By Hannah Admin',
        'Original Amount A$150.00',
        'Gratis Minutes 60 min',
        '60 minutes free of charge',
        '2.5 hours booked, 1.5 charged',
        'Refunded 15 minutes',
        'Discount (Internal 10.00%) -A$14.00',
        'Voucher WELCOME10 (10.00%) -A$12.60',
        'Additional Discount 5.00% -A$5.67',
        'Room Refund: Harbour Boardroom -A$7.73',
        'Projector not working',
        'Coffee 6 A$4.50 A$27.00',
        'Amenity Refund: Coffee -A$4.50',
        'Projector 1 A$20.00 A$20.00',
        'Additional Charge: Extra cleaning 1 A$30.00 A$30.00',
        'Room left messy',
        'Refund: Additional Charge: Extra cleaning -A$10.00',
        'Sub Total A$162.50',
        'GST (10.00%) A$16.25',
        'Grand Total A$178.75',
      ]),
    )

    // Payment, location with the directions link, notes.
    expect(lines).toEqual(
      expect.arrayContaining([
        'Payment Status Paid',
        'Payment Method Credit Card',
        'Transaction ID ch_3PZk9A2eZvKYlo2C',
        'Bank Account Details Harbour Workspaces Pty Ltd',
        'BSB 062-000',
        'Account 1234 5678',
        'Location Details',
        '1 Circular Quay, Sydney, NSW 2000, Australia',
        'Get Directions',
        'Notes',
        'Notes Client brings own laptop.',
        'Special Requirements Wheelchair access',
        'General Notes Invoice sent to accounts.',
      ]),
    )
    expect(links).toEqual(['https://www.google.com/maps/dir/?api=1&destination=-33.8611,151.2108'])
  })

  it('leaves out what a plain booking does not have; symbols Helvetica cannot print become the code', async () => {
    const booking = bookingConfirmationFixture({
      currency: 'inr',
      recurringId: null,
      externalClientId: '',
      status: 'tentative',
      payment_status: 'invoice',
      payment_method: 'Invoice',
      is_paid: 0,
      transaction_id: '',
      room_rate_modified: false,
      gratis_minutes: 0,
      internalDiscount: '0.00',
      voucher_code: '',
      additional_discount_amount: '0.00',
      partialRoomRefunds: [],
      bookedAmenities: [],
      additionalCharges: [],
      room_amount: '233.33',
      room_minutes: 150,
      sub_total: '233.33',
      tax_amount: '0.00',
      net_amount: '233.33',
      notes: '',
      special_requirement: '',
      post_booking_notes: '',
      lat: null,
      lon: null,
    })
    const { lines, links } = await pdfContent(await renderConfirmationPdf(booking, null))
    const text = lines.join('\n')
    for (const absent of [
      'Recurring Booking',
      'External Client Id',
      'Transaction ID',
      'Gratis',
      'Discount',
      'Voucher',
      'Refund',
      'GST',
      'Notes',
      'Special Requirements',
      'Amended By',
    ]) {
      expect(text).not.toContain(absent)
    }
    expect(lines).toEqual(
      expect.arrayContaining([
        // 2.5 × INR 93.33 is 233.325, not 233.33: one of INR 233.33, so the line reads true.
        'Harbour Boardroom 1 INR 233.33 INR 233.33',
        'Sub Total INR 233.33',
        'Grand Total INR 233.33',
        'Payment Status Unpaid',
        'Payment Method Invoice',
      ]),
    )
    expect(text).toContain('Booking Status tentative')
    expect(links).toEqual([
      'https://www.google.com/maps/dir/?api=1&destination=Harbour%20Central%2C%201%20Circular%20Quay%2C%20Sydney%2C%20NSW%202000%2C%20Australia',
    ])
  })

  it('a logo that is not an image, or a damaged one, is left out rather than failing the confirmation', async () => {
    const pdf = await renderConfirmationPdf(bookingConfirmationFixture(), Buffer.from('not an image'))
    expect(pdf.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/)
    expect((await pdfContent(pdf)).lines).toContain('Grand Total A$178.75')
    const damaged = await renderConfirmationPdf(bookingConfirmationFixture(), png.subarray(0, 30))
    expect((await pdfContent(damaged)).lines).toContain('Grand Total A$178.75')
  })
})
