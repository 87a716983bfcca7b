import {
  type BillingLine,
  type BookingConfirmation,
  billingLines,
  billingTotalKinds,
  bookingDetailRows,
  bookingNotes,
  currencySymbol,
  directionsUrl,
  formatMoney,
  locationAddress,
  organizationAddressLines,
  paymentDetailRows,
} from '@spaceboard/domain'
import type { ReactElement, ReactNode } from 'react'
import { printable } from '../../platform/pdf.ts'

/**
 * The booking confirmation as a PDF (spec 2 §2 View Confirmation): the same content as the page,
 * from the same domain helpers (billingLines, bookingDetailRows …), without the workflow and
 * rescheduling logs. Written with React.createElement so the API needs no JSX build step.
 */

/** A currency symbol Helvetica cannot print (₹, ₺, ฿) becomes the code: INR 12.00. */
function pdfCurrencySymbol(currency: string): string {
  const symbol = currencySymbol(currency)
  return printable(symbol) === symbol ? symbol : `${(currency || 'usd').toUpperCase()} `
}

const colors = {
  text: '#1f2937',
  muted: '#6b7280',
  line: '#e5e7eb',
  head: '#f3f4f6',
  accent: '#0E3E6C',
  negative: '#b20021',
}

function imageFormat(image: Buffer): 'png' | 'jpg' | null {
  if (image.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png'
  if (image[0] === 0xff && image[1] === 0xd8) return 'jpg'
  return null
}

export async function renderConfirmationPdf(
  booking: BookingConfirmation,
  logo: Buffer | null,
): Promise<Buffer> {
  // Loaded with the first confirmation only: the server's idle memory stays low (as archiver, sharp).
  const [{ createElement: h }, pdf] = await Promise.all([import('react'), import('@react-pdf/renderer')])
  const { Document, Image, Link, Page, StyleSheet, Text, View, renderToBuffer } = pdf

  const symbol = pdfCurrencySymbol(booking.currency)
  const money = (cents: number) => formatMoney(cents, booking.currency, symbol)
  const t = (text: string | number | null | undefined) => printable(String(text ?? ''))

  const s = StyleSheet.create({
    page: { padding: 36, paddingBottom: 48, fontFamily: 'Helvetica', fontSize: 9, color: colors.text },
    header: {
      flexDirection: 'row',
      justifyContent: 'space-between',
      alignItems: 'flex-start',
      marginBottom: 16,
    },
    org: { flexDirection: 'row', alignItems: 'flex-start', maxWidth: 330 },
    logo: { maxWidth: 120, maxHeight: 56, marginRight: 12, objectFit: 'contain' },
    orgName: { fontFamily: 'Helvetica-Bold', fontSize: 13, marginBottom: 2 },
    muted: { color: colors.muted },
    titleBox: { alignItems: 'flex-end' },
    title: { fontFamily: 'Helvetica-Bold', fontSize: 16, color: colors.accent, lineHeight: 1.2 },
    reference: { fontSize: 11, marginTop: 4 },
    recurring: {
      marginTop: 6,
      paddingVertical: 2,
      paddingHorizontal: 6,
      borderRadius: 3,
      backgroundColor: '#e6f4ff',
      color: colors.accent,
      fontFamily: 'Helvetica-Bold',
      fontSize: 8,
    },
    section: { marginTop: 14 },
    sectionTitle: {
      fontFamily: 'Helvetica-Bold',
      fontSize: 11,
      color: colors.accent,
      marginBottom: 6,
      paddingBottom: 3,
      borderBottomWidth: 1,
      borderBottomColor: colors.accent,
    },
    row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: colors.line, paddingVertical: 3 },
    grid: { flexDirection: 'row', flexWrap: 'wrap', justifyContent: 'space-between' },
    gridCell: { width: '49%' },
    label: { width: 105, fontFamily: 'Helvetica-Bold', color: colors.muted },
    value: { flex: 1 },
    tableHead: {
      flexDirection: 'row',
      backgroundColor: colors.head,
      paddingVertical: 5,
      fontFamily: 'Helvetica-Bold',
    },
    cellDescription: { flex: 1, paddingHorizontal: 6 },
    cellQuantity: { width: 60, paddingHorizontal: 6, textAlign: 'right' },
    cellUnit: { width: 80, paddingHorizontal: 6, textAlign: 'right' },
    cellAmount: { width: 90, paddingHorizontal: 6, textAlign: 'right' },
    detail: { color: colors.muted, fontSize: 8 },
    negative: { color: colors.negative },
    totalRow: { flexDirection: 'row', paddingVertical: 4 },
    totalLabel: { flex: 1, textAlign: 'right', paddingHorizontal: 6, fontFamily: 'Helvetica-Bold' },
    grandTotal: { borderTopWidth: 1, borderTopColor: colors.text, fontSize: 11 },
    link: { color: colors.accent, textDecoration: 'underline', marginTop: 4 },
    footer: {
      position: 'absolute',
      bottom: 20,
      left: 36,
      right: 36,
      fontSize: 7,
      color: colors.muted,
      textAlign: 'center',
    },
  })

  const section = (title: string, ...children: ReactNode[]) =>
    h(View, { style: s.section, wrap: false }, h(Text, { style: s.sectionTitle }, title), ...children)

  const rows = (items: { key: string; label: string; value: string }[]) =>
    items.map((item) =>
      h(
        View,
        { key: item.key, style: s.row },
        h(Text, { style: s.label }, t(item.label)),
        h(Text, { style: s.value }, t(item.value)),
      ),
    )

  const twoColumns = (items: { key: string; label: string; value: string }[]) => {
    const half = Math.ceil(items.length / 2)
    return [items.slice(0, half), items.slice(half)].map((column, i) =>
      h(View, { key: i, style: s.gridCell }, ...rows(column)),
    )
  }

  const lines = billingLines(booking, { symbol })
  const billingRow = (line: BillingLine, index: number) => {
    if (billingTotalKinds.includes(line.kind)) {
      const grand = line.kind === 'grand-total'
      return h(
        View,
        { key: index, style: grand ? [s.totalRow, s.grandTotal] : s.totalRow },
        h(
          View,
          { style: s.totalLabel },
          h(Text, null, t(line.description)),
          ...(line.detail ?? []).map((d, i) => h(Text, { key: i, style: s.detail }, t(d))),
        ),
        h(
          Text,
          {
            style: [
              s.cellAmount,
              { fontFamily: 'Helvetica-Bold' },
              ...(line.amount !== null && line.amount < 0 ? [s.negative] : []),
            ],
          },
          line.amount === null ? '' : money(line.amount),
        ),
      )
    }
    const negative = line.amount !== null && line.amount < 0
    return h(
      View,
      { key: index, style: s.row, wrap: false },
      h(
        View,
        { style: s.cellDescription },
        h(Text, null, t(line.description)),
        ...(line.detail ?? []).map((d, i) => h(Text, { key: i, style: s.detail }, t(d))),
      ),
      h(Text, { style: s.cellQuantity }, t(line.quantity ?? '')),
      h(Text, { style: s.cellUnit }, line.unitPrice === undefined ? '' : money(line.unitPrice)),
      h(
        Text,
        { style: negative ? [s.cellAmount, s.negative] : s.cellAmount },
        line.amount === null ? '' : money(line.amount),
      ),
    )
  }

  const format = logo ? imageFormat(logo) : null
  const header = (withLogo: boolean) =>
    h(
      View,
      { style: s.header },
      h(
        View,
        { style: s.org },
        withLogo && logo && format ? h(Image, { style: s.logo, src: { data: logo, format } }) : null,
        h(
          View,
          null,
          h(Text, { style: s.orgName }, t(booking.organizationName)),
          ...organizationAddressLines(booking).map((line, i) => h(Text, { key: i, style: s.muted }, t(line))),
          booking.company_registration_number
            ? h(
                Text,
                { style: s.muted },
                t(`Company Registration No: ${booking.company_registration_number}`),
              )
            : null,
        ),
      ),
      h(
        View,
        { style: s.titleBox },
        h(Text, { style: s.title }, 'Booking Confirmation'),
        h(Text, { style: s.reference }, t(booking.reference)),
        booking.recurringId ? h(Text, { style: s.recurring }, 'Recurring Booking') : null,
      ),
    )

  const billing = h(
    View,
    { style: s.section },
    h(Text, { style: s.sectionTitle }, 'Billing Details'),
    h(
      View,
      { style: s.tableHead, fixed: false },
      h(Text, { style: s.cellDescription }, 'Description'),
      h(Text, { style: s.cellQuantity }, 'Quantity'),
      h(Text, { style: s.cellUnit }, 'Unit Price'),
      h(Text, { style: s.cellAmount }, 'Amount'),
    ),
    ...lines.filter((l) => !billingTotalKinds.includes(l.kind)).map(billingRow),
    // Sub Total, tax and Grand Total stay together on one page.
    h(View, { wrap: false }, ...lines.filter((l) => billingTotalKinds.includes(l.kind)).map(billingRow)),
  )

  const url = directionsUrl(booking)
  const location = section(
    'Location Details',
    h(Text, { style: { fontFamily: 'Helvetica-Bold' } }, t(booking.centerName)),
    h(Text, null, t(locationAddress(booking))),
    h(Link, { src: url, style: s.link }, 'Get Directions'),
  )

  const notes = bookingNotes(booking)
  const document = (withLogo: boolean) =>
    h(
      Document,
      {
        title: t(`Booking Confirmation ${booking.reference}`),
        author: t(booking.organizationName),
        creator: 'Spaceboard',
        producer: 'Spaceboard',
      },
      h(
        Page,
        { size: 'A4', style: s.page },
        h(
          View,
          null,
          header(withLogo),
          // Two columns, read down the first then the second, so a usual booking fits on one page.
          section('Booking Details', h(View, { style: s.grid }, ...twoColumns(bookingDetailRows(booking)))),
          billing,
          section('Payment Details', ...rows(paymentDetailRows(booking))),
          location,
          // Notes, Special Requirements and General Notes: a row each, only those with text.
          notes.length ? section('Notes', ...rows(notes)) : null,
        ),
        h(Text, {
          style: s.footer,
          fixed: true,
          render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
            t(`${booking.reference} - Page ${pageNumber} of ${totalPages}`),
        }),
      ),
    ) as ReactElement<Parameters<typeof renderToBuffer>[0]['props']>

  if (!format) return renderToBuffer(document(false))
  try {
    return await renderToBuffer(document(true))
  } catch {
    // A logo file that is damaged past its header: the confirmation still goes out, without it.
    return renderToBuffer(document(false))
  }
}
