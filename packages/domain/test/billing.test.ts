import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  billingCurrency,
  billingDate,
  billingPaymentMethod,
  billingSheetHeaders,
  bookingCommission,
  bookingTotals,
  cancellationCommission,
  commissionOf,
  commissionReportErrors,
  exactLine,
  invoiceDueDate,
  type MoneyEvent,
  messages,
  moneyLineKinds,
  priceMoneyLines,
} from '../src/index.ts'

describe('billing export rules (spec 2 §9)', () => {
  it('writes dates MM/DD/YYYY for mm/dd organizations, else DD/MM/YYYY; due 14 days later', () => {
    expect(billingDate('2026-03-09', 'mm/dd')).toBe('03/09/2026')
    expect(billingDate('2026-03-09', 'dd/mm')).toBe('09/03/2026')
    expect(invoiceDueDate('2026-12-25')).toBe('2027-01-08')
  })

  it('prices a line so that quantity × unit = amount: the quantity when it divides, else one of the amount', () => {
    expect(exactLine(2, 9000)).toEqual({ quantity: 2, unit: 4500 })
    expect(exactLine(1.5, 6750)).toEqual({ quantity: 1.5, unit: 4500 })
    expect(exactLine(3, 3463)).toEqual({ quantity: 1, unit: 3463 })
    expect(exactLine(1, -1250)).toEqual({ quantity: 1, unit: -1250 })
    expect(exactLine(0, 500)).toEqual({ quantity: 1, unit: 500 })
    expect(exactLine(0, 0)).toEqual({ quantity: 0, unit: 0 })
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4000 }),
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        (h, a) => {
          const line = exactLine(h / 100, a)
          expect(Math.round(line.quantity * 100) * line.unit).toBe(a * 100)
        },
      ),
    )
  })

  it("derives commission half-up in cents and gives back a cancellation's percent of what is left", () => {
    // 12.5 % of 90.00, of a 45.00 charge and of a 10.01 refund.
    expect([commissionOf(9000, 1250), commissionOf(4500, 1250), commissionOf(1001, 1250)]).toEqual([
      1125, 563, 125,
    ])
    expect(cancellationCommission(1125 + 563 - 125, 5000)).toBe(782)
    expect(bookingCommission({ room: 1125, roomCharges: 563, refunds: 125, cancellation: 782 })).toBe(781)
  })

  it('uppercases the currency (USD by default); Credit Card only with a transaction id; renamed headers', () => {
    expect([billingCurrency('aud'), billingCurrency(''), billingCurrency(null)]).toEqual([
      'AUD',
      'USD',
      'USD',
    ])
    expect([billingPaymentMethod('txn_1'), billingPaymentMethod(' ')]).toEqual(['Credit Card', 'Invoice'])
    const headers = billingSheetHeaders({ InvoiceNumber: 'Invoice No', Exported: '  ' })
    expect([headers.length, headers[8], headers[30]]).toEqual([31, 'Invoice No', 'Exported'])
  })

  it("answers the commission report's messages", () => {
    expect(commissionReportErrors({}, true)).toEqual({
      start_date: messages.selectStartDate,
      end_date: messages.selectEndDate,
      org_id: messages.selectOrganizationForFilter,
    })
    expect(commissionReportErrors({ start_date: '2026-02-01', end_date: '2026-01-01' }, false)).toEqual({
      start_date: messages.startBeforeEnd,
    })
  })
})

describe('priceMoneyLines', () => {
  const event = fc.record({
    kind: fc.constantFrom(...moneyLineKinds.filter((k) => k !== 'cancellation')),
    amount: fc.integer({ min: 0, max: 500_000 }),
    createdAt: fc.integer({ min: 0, max: 1000 }).map((n) => new Date(1_800_000_000_000 + n * 60_000)),
    exportId: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  })

  it('gives lines that add up to the booking total to the cent, however they are split over exports', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 12 }), fc.integer({ min: 0, max: 2500 }), (raw, tax) => {
        // Refunds never exceed what they refund, so the subtotal never floors at 0.
        const room = raw.find((e) => e.kind === 'room')?.amount ?? 0
        const events: MoneyEvent[] = raw.map((e, id) => ({
          ...e,
          id,
          amount: e.kind.endsWith('refund') ? 0 : e.amount,
        }))
        if (!events.some((e) => e.kind === 'room'))
          events.push({ kind: 'room', id: 99, amount: room, createdAt: new Date(0), exportId: null })
        const lines = priceMoneyLines(events, tax)
        const totals = bookingTotals({
          roomSubTotal: events.filter((e) => e.kind === 'room').reduce((s, e) => s + e.amount, 0),
          roomRefunds: [],
          amenities: events
            .filter((e) => e.kind === 'amenity')
            .map((e) => ({ totalAmount: e.amount, refunds: [] })),
          additionalCharges: events
            .filter((e) => e.kind === 'charge')
            .map((e) => ({ amount: e.amount, refunds: [] })),
          tax,
        })
        expect(lines.reduce((s, l) => s + l.amount + l.tax, 0)).toBe(totals.netAmount)
        expect(lines).toHaveLength(events.length)
      }),
    )
  })

  it("keeps an exported line's figures when later lines arrive", () => {
    const base = (
      kind: MoneyEvent['kind'],
      id: number,
      amount: number,
      exportId: number | null,
    ): MoneyEvent => ({
      kind,
      id,
      amount,
      createdAt: new Date(1_800_000_000_000 + id),
      exportId,
    })
    const before = priceMoneyLines([base('room', 1, 3333, 1), base('amenity', 2, 1111, 1)], 1000)
    const after = priceMoneyLines(
      [
        base('room', 1, 3333, 1),
        base('amenity', 2, 1111, 1),
        base('room-refund', 3, 555, null),
        base('charge', 4, 777, null),
      ],
      1000,
    )
    expect(after.slice(0, 2)).toEqual(before)
    // A cancellation's refund is tax included: split back into amount and tax.
    expect(priceMoneyLines([base('cancellation', 5, 1100, null)], 1000)[0]).toMatchObject({
      amount: -1000,
      tax: -100,
    })
  })
})
