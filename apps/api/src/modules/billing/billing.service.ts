import {
  type BillingQuery,
  type BookingListQuery,
  billingCurrency,
  billingDate,
  billingPaymentMethod,
  billingSheetHeaders,
  bookingListFilterErrors,
  type Cents,
  centsToDecimal,
  chargeLineQuantity,
  exactLine,
  formatQuantity,
  type IsoDate,
  invoiceDueDate,
  type MarkExported,
  type MoneyEvent,
  messages,
  priceMoneyLines,
  roomLineQuantity,
  toBasisPoints,
  toCents,
  wallClock,
} from '@spaceboard/domain'
import type { Actor, Ctx } from '../../platform/context.ts'
import { badRequest, notFound } from '../../platform/errors.ts'
import { organizationForRead, organizationForWrite } from '../../platform/tenancy.ts'
import * as repo from './billing.repository.ts'

type Filters = Pick<BookingListQuery, 'start_date' | 'end_date' | 'org_id' | 'business_center_id'> & {
  search?: string | undefined
}

/** The bookings list's filter rules (spec 2 §5) for the billing list, its export and marking. */
export function filterFor(actor: Actor, query: Filters): repo.BillingFilter {
  const errors = bookingListFilterErrors(query, actor.type === 'super')
  const first = Object.values(errors)[0]
  if (first) throw badRequest(first, errors)
  return {
    organizationId: organizationForRead(actor, query.org_id),
    centerId: query.business_center_id,
    startDate: query.start_date,
    endDate: query.end_date,
    search: query.search ?? '',
  }
}

/** GET /api/mh-billing-sheet?org: the 31 headers, the organization's names where it renamed them. */
export async function billingSheet(ctx: Ctx, org: number | undefined) {
  const organizationId = organizationForWrite(ctx.actor, org, messages.selectOrganizationForFilter)
  const organization = await repo.billingOrganization(ctx.tx, organizationId)
  if (!organization) throw notFound()
  return { org_id: organizationId, columns: billingSheetHeaders(organization.columns) }
}

/**
 * MARK_EXPORTED on PUT /api/userbooking/{id}: a new marked export holding every line of the list's
 * filter (within toMarkExported when given) that no export holds yet, in one transaction. The
 * filter must be a date range, so a missing one never marks an organization's whole history; the
 * path's booking must be one of the marked organization's (404 otherwise, as for any booking).
 * The file of the export is then read with exportId; later lines wait for the next export.
 */
export async function markExported(ctx: Ctx, bookingId: number, op: MarkExported) {
  const filter = filterFor(ctx.actor, op)
  if (!filter.startDate || !filter.endDate) {
    const message = messages.markExportedRangeRequired
    throw badRequest(message, {
      ...(filter.startDate ? {} : { start_date: message }),
      ...(filter.endDate ? {} : { end_date: message }),
    })
  }
  const organizationId = organizationForWrite(ctx.actor, op.org_id, messages.selectOrganizationForFilter)
  if ((await repo.bookingOrganizationId(ctx.tx, bookingId)) !== organizationId) throw notFound()
  const created = await repo.createExport(ctx.tx, organizationId, ctx.actor.userId)
  const lines = await repo.markLines(
    ctx.tx,
    { ...filter, organizationId },
    op.toMarkExported,
    created.id,
    created.exportedAt,
  )
  return { status: true, exportId: created.id, lines }
}

interface LineFacts extends MoneyEvent {
  /** The row's own facts: its description, quantity and codes. */
  description: string
  quantity: number
  accountCode: string
  inventoryCode: string
  exported: boolean
}

function eventsOf(b: repo.BillingBooking): LineFacts[] {
  const booking = b.booking
  const exportOf = (kind: string, id: number) =>
    b.exported.find((e) => e.lineKind === kind && e.lineId === id)
  const base = (kind: LineFacts['kind'], id: number, createdAt: Date) => {
    const mark = exportOf(kind, id)
    return { kind, id, createdAt, exportId: mark?.exportId ?? null, exported: mark !== undefined }
  }
  const isPackage = booking.packageId !== null
  const roomAccount = isPackage ? (booking.packageAccountCode ?? '') : (booking.roomAccountCode ?? '')
  const roomInventory = isPackage ? (booking.packageInventoryCode ?? '') : (booking.roomInventoryCode ?? '')
  const roomName = isPackage && booking.packageName ? booking.packageName : booking.spaceName
  const roomPart = Math.max(
    0,
    toCents(booking.roomAmountAfterDiscount) -
      toCents(booking.voucherDiscount) -
      toCents(booking.additionalDiscountAmount),
  )
  const events: LineFacts[] = [
    {
      ...base('room', booking.id, booking.createdAt),
      amount: roomPart,
      description: roomName,
      quantity: roomLineQuantity({
        isPackage,
        attendees: booking.attendees,
        roomMinutes: booking.roomMinutes,
      }),
      accountCode: roomAccount,
      inventoryCode: roomInventory,
    },
  ]
  for (const refund of b.roomRefunds)
    events.push({
      ...base('room-refund', refund.id, refund.createdAt),
      amount: toCents(refund.amount),
      description: `Room Refund: ${booking.spaceName}${refund.reason ? ` - ${refund.reason}` : ''}`,
      quantity: 1,
      accountCode: roomAccount,
      inventoryCode: roomInventory,
    })
  for (const amenity of b.amenities) {
    events.push({
      ...base('amenity', amenity.id, booking.createdAt),
      amount: toCents(amenity.totalAmount),
      description: amenity.name,
      quantity: Number(amenity.quantity),
      accountCode: amenity.accountCode,
      inventoryCode: amenity.inventoryItemCode,
    })
    for (const refund of amenity.refunds)
      events.push({
        ...base('amenity-refund', refund.id, refund.createdAt),
        amount: toCents(refund.amount),
        description: `Amenity Refund: ${amenity.name}${refund.reason ? ` - ${refund.reason}` : ''}`,
        quantity: 1,
        accountCode: amenity.accountCode,
        inventoryCode: amenity.inventoryItemCode,
      })
  }
  for (const charge of b.charges) {
    const name = charge.name ? `Additional Charge: ${charge.name}` : 'Additional Charge'
    events.push({
      ...base('charge', charge.id, charge.createdAt),
      amount: toCents(charge.amount),
      description: `${name}${charge.reason ? ` - ${charge.reason}` : ''}`,
      quantity: chargeLineQuantity(charge.minutes),
      accountCode: charge.accountCode,
      inventoryCode: charge.inventoryItemCode,
    })
    for (const refund of charge.refunds)
      events.push({
        ...base('charge-refund', refund.id, refund.createdAt),
        amount: toCents(refund.amount),
        description: `Refund: ${name}${refund.reason ? ` - ${refund.reason}` : ''}`,
        quantity: 1,
        accountCode: charge.accountCode,
        inventoryCode: charge.inventoryItemCode,
      })
  }
  const cancelled = toCents(booking.cancellationRefundAmount)
  if (booking.status === 'cancelled' && cancelled > 0)
    events.push({
      ...base('cancellation', booking.id, booking.cancelledAt ?? booking.createdAt),
      amount: cancelled,
      description: `Cancellation Refund (${booking.cancellationRefundPercent ?? '0.00'}%): ${roomName}`,
      quantity: 1,
      accountCode: roomAccount,
      inventoryCode: roomInventory,
    })
  return events
}

export interface BillingExportOptions {
  monthlyBilling: boolean
  /** Only the lines of this marked export; every line of the bookings when absent. */
  exportId?: number | undefined
}

const refundKinds = new Set(['room-refund', 'amenity-refund', 'charge-refund', 'cancellation'])

/**
 * The export rows of a booking (spec 2 §4, §9), in billingSheetColumns order: one per money line,
 * amounts from priceMoneyLines so the lines of a booking add up to its net amount.
 */
export function bookingRows(
  b: repo.BillingBooking,
  org: repo.BillingOrganization,
  options: BillingExportOptions,
): unknown[][] {
  const booking = b.booking
  const day = (instant: Date): IsoDate => wallClock(instant, booking.timezone).date
  const date = (iso: IsoDate) => billingDate(iso, org.timeFormat)
  const bookingDay = day(booking.startTime)
  const reference = `${booking.bookingPrefix}${booking.id}`
  // The cancellation's notes (spec 2 §4): when, and the part refunded.
  const cancellationNote =
    booking.status === 'cancelled'
      ? ` - Cancelled${booking.cancelledAt ? ` on ${date(day(booking.cancelledAt))}` : ''}, ${booking.cancellationRefundPercent ?? '0.00'}% refunded`
      : ''
  const priced = priceMoneyLines(eventsOf(b), toBasisPoints(booking.taxPercentage))
  const monthEnd = (iso: IsoDate): IsoDate => {
    const [y = 0, m = 1] = iso.split('-').map(Number)
    return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10) as IsoDate
  }
  let refundSequence = 0
  const rows: unknown[][] = []
  for (const line of priced) {
    const event = line.event
    const isRefund = refundKinds.has(event.kind)
    if (isRefund) refundSequence += 1
    if (options.exportId !== undefined && event.exportId !== options.exportId) continue
    const eventDay = event.kind === 'room' || event.kind === 'amenity' ? bookingDay : day(event.createdAt)
    let invoiceNumber = reference
    let invoiceDay = eventDay
    if (isRefund) invoiceNumber = `${org.refundPrefix}${booking.id}-${refundSequence}`
    else if (options.monthlyBilling) {
      // One invoice a client a month (spec 2 §9): the booking's month, dated its last day, under
      // the organization's Invoice Numbering (required with monthly billing), else its booking prefix.
      const series = org.invoiceNumbering || org.bookingPrefix
      invoiceNumber = `${series}${bookingDay.slice(0, 7).replace('-', '')}-${booking.clientId}`
      invoiceDay = monthEnd(bookingDay)
    }
    const amount: Cents = line.amount
    const counted = exactLine(event.quantity, amount)
    rows.push([
      booking.clientName,
      booking.externalClientId,
      booking.clientEmail || booking.userEmail,
      booking.clientStreet,
      booking.clientCity,
      booking.clientState,
      booking.clientPostcode,
      booking.clientCountry ?? '',
      invoiceNumber,
      `${reference}${cancellationNote}`,
      date(invoiceDay),
      date(invoiceDueDate(invoiceDay)),
      event.inventoryCode,
      event.description,
      formatQuantity(counted.quantity),
      centsToDecimal(counted.unit),
      event.kind === 'room'
        ? centsToDecimal(
            toCents(booking.internalDiscount) +
              toCents(booking.voucherDiscount) +
              toCents(booking.additionalDiscountAmount),
          )
        : '0.00',
      event.accountCode,
      booking.taxLabel || org.taxesType,
      booking.taxPercentage,
      centsToDecimal(line.tax),
      centsToDecimal(amount + line.tax),
      billingCurrency(booking.currency),
      billingPaymentMethod(booking.transactionId),
      booking.centerId,
      booking.centerName,
      booking.spaceName,
      date(bookingDay),
      `${booking.userFirstName} ${booking.userLastName}`.trim(),
      booking.roomType,
      event.exported ? 'Yes' : 'No',
    ])
  }
  return rows
}

/** The organization whose export this is: a marked one's own, else the filter's (super may span them). */
export async function exportOrganization(ctx: Ctx, query: BillingQuery) {
  if (query.exportId !== undefined) {
    const found = await repo.findExport(ctx.tx, query.exportId)
    if (!found || (ctx.actor.type !== 'super' && found.organizationId !== ctx.actor.organizationId))
      throw notFound()
    return found.organizationId
  }
  return organizationForRead(ctx.actor, query.org_id)
}

/**
 * The export's rows a batch of bookings at a time (each batch its own short read), so memory
 * stays flat and the server keeps answering whatever the range.
 */
export async function* exportBatches(
  run: <T>(work: (ctx: Ctx) => Promise<T>) => Promise<T>,
  filter: repo.BillingFilter,
  options: { monthlyBilling?: boolean | undefined; exportId?: number | undefined },
  batchSize: number,
): AsyncGenerator<unknown[][]> {
  let after = 0
  const organizations = new Map<number, repo.BillingOrganization>()
  for (;;) {
    const from = after
    const batch = await run(async ({ tx }) => {
      const ids =
        options.exportId !== undefined && filter.organizationId !== null
          ? await repo.exportBookingIds(tx, filter.organizationId, options.exportId, from, batchSize)
          : (await repo.filteredBookingIds(tx, filter, from, batchSize)).map((r) => r.id)
      const bookings = await repo.billingBookings(tx, ids)
      for (const b of bookings) {
        if (organizations.has(b.booking.organizationId)) continue
        const org = await repo.billingOrganization(tx, b.booking.organizationId)
        if (org) organizations.set(org.id, org)
      }
      return { ids, bookings }
    })
    if (batch.ids.length === 0) return
    after = batch.ids[batch.ids.length - 1] as number
    yield batch.bookings.flatMap((b) => {
      const org = organizations.get(b.booking.organizationId)
      if (!org) return []
      return bookingRows(b, org, { ...options, monthlyBilling: options.monthlyBilling ?? org.monthlyBilling })
    })
    if (batch.ids.length < batchSize) return
  }
}

/** The headers of the file: the organization's names, or the defaults across organizations. */
export async function exportHeaders(ctx: Ctx, organizationId: number | null) {
  if (organizationId === null) return billingSheetHeaders({})
  const org = await repo.billingOrganization(ctx.tx, organizationId)
  return billingSheetHeaders(org?.columns ?? {})
}
