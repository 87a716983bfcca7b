import type { ReactElement } from 'react'
import { printable } from '../../platform/pdf.ts'
import type { RunSheet, RunSheetBooking, RunSheetGroup } from './booking-list.service.ts'

/**
 * The bookings list's PDF export, the front desk's Run Sheet (spec 2 §7 pdf=true; spec 0): per
 * location and day, a row per booking with its time, space, client, booker, attendees, status,
 * notes, special requirements and amenities. Landscape A4 so the free-text columns have room;
 * a location's day starts with its heading and a booking row never splits across pages.
 */
const colors = {
  text: '#1f2937',
  muted: '#6b7280',
  line: '#d1d5db',
  head: '#f3f4f6',
  accent: '#0E3E6C',
}

const columns: { key: string; title: string; width?: number; flex?: number }[] = [
  { key: 'time', title: 'Time', width: 92 },
  { key: 'space', title: 'Space', width: 88 },
  { key: 'client', title: 'Client', width: 92 },
  { key: 'booker', title: 'Booker', width: 78 },
  { key: 'attendees', title: 'Attendees', width: 48 },
  { key: 'status', title: 'Status', width: 54 },
  { key: 'notes', title: 'Notes', flex: 1 },
  { key: 'special', title: 'Special Requirements', flex: 1 },
  { key: 'amenities', title: 'Amenities', flex: 1 },
]

export async function renderRunSheetPdf(sheet: RunSheet): Promise<Buffer> {
  // Loaded with the first PDF only, as for the confirmation: the server's idle memory stays low.
  const [{ createElement: h }, pdf] = await Promise.all([import('react'), import('@react-pdf/renderer')])
  const { Document, Page, StyleSheet, Text, View, renderToBuffer } = pdf
  const t = (text: string | number | null | undefined) => printable(String(text ?? ''))

  const s = StyleSheet.create({
    page: { padding: 28, paddingBottom: 40, fontFamily: 'Helvetica', fontSize: 8, color: colors.text },
    header: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 10 },
    title: { fontFamily: 'Helvetica-Bold', fontSize: 16, color: colors.accent },
    meta: { color: colors.muted, textAlign: 'right' },
    group: { marginTop: 10 },
    groupTitle: {
      flexDirection: 'row',
      justifyContent: 'space-between',
      fontFamily: 'Helvetica-Bold',
      fontSize: 10,
      color: colors.accent,
      paddingBottom: 3,
      marginBottom: 2,
      borderBottomWidth: 1,
      borderBottomColor: colors.accent,
    },
    tableHead: {
      flexDirection: 'row',
      backgroundColor: colors.head,
      fontFamily: 'Helvetica-Bold',
      paddingVertical: 3,
    },
    row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: colors.line, paddingVertical: 3 },
    cell: { paddingHorizontal: 3 },
    muted: { color: colors.muted, fontSize: 7 },
    empty: { marginTop: 24, color: colors.muted, fontSize: 10 },
    footer: {
      position: 'absolute',
      bottom: 16,
      left: 28,
      right: 28,
      fontSize: 7,
      color: colors.muted,
      textAlign: 'center',
    },
  })

  const cellStyle = (c: (typeof columns)[number]) =>
    c.width ? [s.cell, { width: c.width }] : [s.cell, { flex: c.flex ?? 1 }]

  const cellContent = (booking: RunSheetBooking, key: string) => {
    switch (key) {
      case 'time':
        return [
          h(Text, { key: 'time' }, t(booking.time)),
          h(Text, { key: 'ref', style: s.muted }, t(booking.reference)),
        ]
      case 'space':
        return [h(Text, { key: 'v' }, t(booking.space))]
      case 'client':
        return [h(Text, { key: 'v' }, t(booking.client))]
      case 'booker':
        return [h(Text, { key: 'v' }, t(booking.booker))]
      case 'attendees':
        return [h(Text, { key: 'v' }, t(booking.attendees))]
      case 'status':
        return [h(Text, { key: 'v' }, t(booking.status))]
      case 'notes':
        return [h(Text, { key: 'v' }, t(booking.notes))]
      case 'special':
        return [h(Text, { key: 'v' }, t(booking.specialRequirement))]
      default:
        return booking.amenities.map((a, i) => h(Text, { key: i }, t(a)))
    }
  }

  const bookingRow = (booking: RunSheetBooking, index: number) =>
    h(
      View,
      { key: index, style: s.row, wrap: false },
      ...columns.map((c) => h(View, { key: c.key, style: cellStyle(c) }, ...cellContent(booking, c.key))),
    )

  const tableHead = h(
    View,
    { style: s.tableHead },
    ...columns.map((c) => h(Text, { key: c.key, style: cellStyle(c) }, c.title)),
  )

  const group = (g: RunSheetGroup, index: number) =>
    h(
      View,
      { key: index, style: s.group },
      // The location's heading, the column titles and the first booking stay together.
      h(
        View,
        { wrap: false },
        h(
          View,
          { style: s.groupTitle },
          h(Text, null, t(`${g.centerName} - ${g.day}`)),
          h(
            Text,
            null,
            t(
              `${g.organizationName ? `${g.organizationName} - ` : ''}${g.bookings.length} booking${g.bookings.length === 1 ? '' : 's'}`,
            ),
          ),
        ),
        tableHead,
        g.bookings[0] ? bookingRow(g.bookings[0], 0) : null,
      ),
      ...g.bookings.slice(1).map((b, i) => bookingRow(b, i + 1)),
    )

  const document = h(
    Document,
    { title: t(`Run Sheet ${sheet.period}`), creator: 'Spaceboard', producer: 'Spaceboard' },
    h(
      Page,
      { size: 'A4', orientation: 'landscape', style: s.page },
      h(
        View,
        { style: s.header },
        h(
          View,
          null,
          h(Text, { style: s.title }, 'Run Sheet'),
          h(Text, null, t(sheet.period)),
          sheet.search ? h(Text, { style: s.muted }, t(`Search: ${sheet.search}`)) : null,
        ),
        h(
          View,
          null,
          h(Text, { style: s.meta }, t(`Printed ${sheet.generatedAt}`)),
          h(Text, { style: s.meta }, t(`${sheet.total} booking${sheet.total === 1 ? '' : 's'}`)),
        ),
      ),
      ...(sheet.groups.length
        ? sheet.groups.map(group)
        : [h(Text, { key: 'empty', style: s.empty }, 'No bookings match the filter.')]),
      h(Text, {
        style: s.footer,
        fixed: true,
        render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
          t(`Run Sheet ${sheet.period} - Page ${pageNumber} of ${totalPages}`),
      }),
    ),
  ) as ReactElement<Parameters<typeof renderToBuffer>[0]['props']>
  return renderToBuffer(document)
}
