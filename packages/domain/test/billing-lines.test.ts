import { describe, expect, it } from 'vitest'
import {
  billingLines,
  billingTotalKinds,
  bookingDetailRows,
  bookingNotes,
  bookingWhen,
  currencySymbol,
  directionsUrl,
  formatMoney,
  paymentDetailRows,
} from '../src/index.ts'
import { bookingConfirmationFixture } from './fixtures/booking-confirmation.ts'

describe('currency', () => {
  it('shows the spec’s symbols, the code for others and two decimals', () => {
    expect(currencySymbol('aud')).toBe('A$')
    expect(currencySymbol('USD')).toBe('$')
    expect(currencySymbol('eur')).toBe('€')
    expect(currencySymbol('gbp')).toBe('£')
    expect(currencySymbol('inr')).toBe('₹')
    expect(currencySymbol('try')).toBe('₺')
    expect(currencySymbol('thb')).toBe('฿')
    expect(currencySymbol('zar')).toBe('R')
    expect(currencySymbol('cad')).toBe('CAD ')
    expect(currencySymbol('')).toBe('$')
    expect(formatMoney('1234.5', 'aud')).toBe('A$1,234.50')
    expect(formatMoney(-1000, 'usd')).toBe('-$10.00')
    expect(formatMoney('0', 'gbp')).toBe('£0.00')
    expect(formatMoney(123456789, 'inr', 'INR ')).toBe('INR 1,234,567.89')
  })
})

describe('billing lines', () => {
  it('lists every kind of line with the API’s amounts, in the confirmation’s order', () => {
    const lines = billingLines(bookingConfirmationFixture())
    expect(lines.map((l) => [l.kind, l.description, l.quantity, l.unitPrice, l.amount])).toEqual([
      // 1.5 chargeable hours of an amended 140.00 do not divide it to the cent: one of 140.00.
      ['room', 'Harbour Boardroom', '1', 14000, 14000],
      ['gratis', 'Gratis Minutes', '60 min', undefined, null],
      ['discount', 'Discount (Internal 10.00%)', undefined, undefined, -1400],
      ['voucher', 'Voucher WELCOME10 (10.00%)', undefined, undefined, -1260],
      ['additional-discount', 'Additional Discount 5.00%', undefined, undefined, -567],
      ['room-refund', 'Room Refund: Harbour Boardroom', undefined, undefined, -773],
      ['amenity', 'Coffee', '6', 450, 2700],
      ['amenity-refund', 'Amenity Refund: Coffee', undefined, undefined, -450],
      ['amenity', 'Projector', '1', 2000, 2000],
      ['charge', 'Additional Charge: Extra cleaning', '1', 3000, 3000],
      ['charge-refund', 'Refund: Additional Charge: Extra cleaning', undefined, undefined, -1000],
      ['sub-total', 'Sub Total', undefined, undefined, 16250],
      ['tax', 'GST (10.00%)', undefined, undefined, 1625],
      ['grand-total', 'Grand Total', undefined, undefined, 17875],
    ])
    expect(lines[0]?.detail).toEqual(['6 Attendees', 'Amended By Hannah Admin', 'Original Amount A$150.00'])
    expect(lines[1]?.detail).toEqual([
      '60 minutes free of charge',
      '2.5 hours booked, 1.5 charged',
      'Refunded 15 minutes',
    ])
    expect(lines.find((l) => l.kind === 'room-refund')?.detail).toEqual(['Projector not working'])
    expect(lines.find((l) => l.kind === 'charge')?.detail).toEqual(['Room left messy'])
  })

  it('every line reads true: quantity × unit price = amount, gratis minutes leave the room’s chargeable hours (issue 15 item 5)', () => {
    // 3 hours at 45.00 an hour with 120 gratis minutes: 1 chargeable hour, 45.00.
    const gratis = billingLines(
      bookingConfirmationFixture({
        duration: 3,
        gratis_minutes: 120,
        refunded_gratis_minutes: 0,
        room_rate_modified: false,
        room_unit_amount: '45.00',
        room_amount: '45.00',
        room_minutes: 60,
      }),
    )
    expect(gratis[0]).toMatchObject({ kind: 'room', quantity: '1', unitPrice: 4500, amount: 4500 })
    for (const booking of [
      bookingConfirmationFixture(),
      bookingConfirmationFixture({ duration: 3, gratis_minutes: 0 }),
    ])
      for (const line of billingLines(booking))
        if (line.unitPrice !== undefined && line.quantity !== undefined)
          expect(Math.round(Number(line.quantity) * 100) * line.unitPrice).toBe((line.amount ?? 0) * 100)
  })

  it('after an extension the room keeps its hours and the extension its own: no hour on two lines (issue 42)', () => {
    // Booked 3 hours with 120 gratis minutes (1 charged, 45.00), then extended by an hour (45.00).
    const lines = billingLines(
      bookingConfirmationFixture({
        duration: 4,
        gratis_minutes: 120,
        refunded_gratis_minutes: 0,
        room_rate_modified: false,
        room_unit_amount: '45.00',
        room_amount: '45.00',
        room_minutes: 60,
        additionalCharges: [
          {
            id: 5,
            charge_type: 'room',
            chargedAmenityName: '',
            chargedRoomType: 'Meeting Room',
            amount: '45.00',
            reason: 'Reschedule/Extend',
            minutes: 60,
            additionalChargeRefunds: [],
          },
        ],
      }),
    )
    const counted = lines.filter((l) => l.kind === 'room' || l.kind === 'charge')
    expect(counted.map((l) => [l.kind, l.quantity, l.unitPrice, l.amount])).toEqual([
      ['room', '1', 4500, 4500],
      ['charge', '1', 4500, 4500],
    ])
    expect(lines.find((l) => l.kind === 'gratis')?.detail).toContain('4 hours booked, 2 charged')
    for (const line of lines)
      if (line.unitPrice !== undefined)
        expect(Math.round(Number(line.quantity) * 100) * line.unitPrice).toBe((line.amount ?? 0) * 100)
  })

  it('a cancelled booking shows its refund after the tax, who and when, and a Grand Total net of it (issue 15 item 4)', () => {
    const lines = billingLines(
      bookingConfirmationFixture({
        status: 'cancelled',
        net_amount: '119.17',
        cancellationRefund: {
          percent: '33.33',
          amount: '59.58',
          cancelledBy: 'Hannah Admin',
          cancelledAt: '2026-05-10T23:30:00.000Z',
        },
      }),
    )
    expect(lines.slice(-3).map((l) => [l.kind, l.description, l.amount])).toEqual([
      ['tax', 'GST (10.00%)', 1625],
      ['cancellation-refund', 'Cancellation Refund (33.33%)', -5958],
      ['grand-total', 'Grand Total', 11917],
    ])
    expect(lines.at(-2)?.detail).toEqual(['Cancelled by Hannah Admin on 11-05-2026 09:30 AM'])
    expect(billingTotalKinds).toContain('cancellation-refund')
  })

  it('the listed lines add up to the Sub Total the API answered', () => {
    const lines = billingLines(bookingConfirmationFixture())
    // The room's part is after its discounts; the rest is summed as listed.
    const listed = lines
      .filter((l) => !['sub-total', 'tax', 'grand-total', 'gratis'].includes(l.kind))
      .reduce((sum, l) => sum + (l.amount ?? 0), 0)
    expect(listed).toBe(16250)
  })

  it('a package booking names the package, counts attendees and leaves out what does not apply', () => {
    const lines = billingLines(
      bookingConfirmationFixture({
        organization_package_id: 3,
        packageName: 'Full Day Conference',
        room_rate_modified: false,
        room_unit_amount: '55.00',
        room_amount: '330.00',
        room_amount_after_discount: '330.00',
        gratis_minutes: 0,
        internalDiscount: '0.00',
        rate_level: 'standard',
        voucher_code: '',
        voucher_type: '',
        voucher_discount: '0.00',
        aditional_discount_rate: '0.00',
        additional_discount_rate: '0.00',
        additional_discount_amount: '0.00',
        partialRoomRefunds: [],
        bookedAmenities: [],
        additionalCharges: [],
        sub_total: '330.00',
        tax_amount: '0.00',
        net_amount: '330.00',
      }),
    )
    expect(lines.map((l) => l.kind)).toEqual(['room', 'sub-total', 'grand-total'])
    expect(lines[0]).toMatchObject({
      description: 'Full Day Conference',
      detail: ['Harbour Boardroom', '6 Attendees'],
      quantity: '6',
      unitPrice: 5500,
      amount: 33000,
    })
  })

  it('a fixed voucher shows its value in money; an amenity not charged counts 0', () => {
    const booking = bookingConfirmationFixture({
      voucher_code: 'SAVE25',
      voucher_type: 'fixed',
      voucher_value: '25.00',
    })
    booking.bookedAmenities = booking.bookedAmenities.map((a) =>
      a.name === 'Projector' ? { ...a, not_charged: true } : a,
    )
    const lines = billingLines(booking, { symbol: 'AUD ' })
    expect(lines.find((l) => l.kind === 'voucher')?.description).toBe('Voucher SAVE25 (Fixed AUD 25.00)')
    expect(lines.find((l) => l.description === 'Projector')).toMatchObject({
      amount: 0,
      detail: ['Not charged'],
    })
    expect(lines[0]?.detail).toContain('Original Amount AUD 150.00')
  })
})

describe('confirmation texts', () => {
  it('shows the center’s wall clock in the organization’s date order', () => {
    const booking = bookingConfirmationFixture()
    expect(bookingWhen(booking)).toBe('12-05-2026 10:00 AM - 12:30 PM (2.5 Hours)')
    expect(bookingWhen({ ...booking, time_format: 'mm/dd', duration: 1, end_wall: '11:00' })).toBe(
      '05-12-2026 10:00 AM - 11:00 AM (1 Hour)',
    )
    const rows = Object.fromEntries(bookingDetailRows(booking).map((r) => [r.label, r.value]))
    expect(rows).toEqual({
      'Booked On': '01-05-2026 10:14 AM',
      'Booking Reference': 'MH-HAR1042',
      'External Client Id': 'EXT-7781',
      'Client Name': 'Acme Legal',
      'Booking Date/Time': '12-05-2026 10:00 AM - 12:30 PM (2.5 Hours)',
      'Space Name': 'Harbour Boardroom',
      'Location/Center': 'Harbour Central',
      'Location Address': '1 Circular Quay, Sydney, NSW 2000, Australia',
      'Booking Status': 'Confirmed',
      'Booked By': 'Hannah Admin',
    })
    const noExternal = bookingDetailRows({ ...booking, externalClientId: '', status: 'tentative' })
    expect(noExternal.map((r) => r.label)).not.toContain('External Client Id')
    expect(noExternal.find((r) => r.key === 'status')?.value).toBe('tentative')
  })

  it('payment details, notes and directions', () => {
    const booking = bookingConfirmationFixture()
    expect(paymentDetailRows(booking).map((r) => [r.label, r.value])).toEqual([
      ['Payment Status', 'Paid'],
      ['Payment Method', 'Credit Card'],
      ['Transaction ID', 'ch_3PZk9A2eZvKYlo2C'],
      ['Bank Account Details', 'Harbour Workspaces Pty Ltd\nBSB 062-000\nAccount 1234 5678'],
    ])
    const invoice = paymentDetailRows({
      ...booking,
      payment_status: 'invoice',
      payment_method: 'Invoice',
      is_paid: 0,
    })
    expect(invoice.map((r) => r.value).slice(0, 2)).toEqual(['Unpaid', 'Invoice'])
    expect(invoice.map((r) => r.label)).not.toContain('Transaction ID')
    expect(bookingNotes({ ...booking, special_requirement: '  ' }).map((n) => n.label)).toEqual([
      'Notes',
      'General Notes',
    ])
    expect(directionsUrl(booking)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=-33.8611,151.2108',
    )
    expect(directionsUrl({ ...booking, lat: null, lon: null })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=Harbour%20Central%2C%201%20Circular%20Quay%2C%20Sydney%2C%20NSW%202000%2C%20Australia',
    )
  })
})
