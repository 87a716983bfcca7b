import { RUN_SHEET_CELL_CHARACTERS } from '@spaceboard/domain'
import { printable } from '../../platform/pdf.ts'
import type { RunSheet, RunSheetBooking, RunSheetGroup } from './booking-list.service.ts'

/**
 * The bookings list's PDF export, the front desk's Run Sheet (spec 2 §7 pdf=true; spec 0): per
 * location and day, a row per booking with its time, space, client, booker, attendees, status,
 * notes, special requirements and amenities. Landscape A4 so the free-text columns have room; a
 * location's day starts with its heading, a booking row never splits across pages, and a day that
 * runs onto the next page repeats its heading.
 *
 * Drawn with pdfkit directly rather than @react-pdf/renderer (the confirmation's): a run sheet is
 * one long table, and react-pdf's flexbox layout of it grew faster than its rows (200 bookings:
 * 6.6 s and 170 MB of heap). Measured rows cost pdfkit well under a millisecond each.
 */
const colors = {
  text: '#1f2937',
  muted: '#6b7280',
  line: '#d1d5db',
  head: '#f3f4f6',
  accent: '#0E3E6C',
}

const MARGIN = 28
const FOOTER_SPACE = 40
const FONT_SIZE = 8
const CELL_PADDING = 3
/** A row whose free text would be taller than this is cut with an ellipsis (its booking shows the rest). */
const MAX_ROW_HEIGHT = 130

type ColumnKey =
  | 'time'
  | 'space'
  | 'client'
  | 'booker'
  | 'attendees'
  | 'status'
  | 'notes'
  | 'special'
  | 'amenities'
const columns: { key: ColumnKey; title: string; width?: number }[] = [
  { key: 'time', title: 'Time', width: 92 },
  { key: 'space', title: 'Space', width: 88 },
  { key: 'client', title: 'Client', width: 92 },
  { key: 'booker', title: 'Booker', width: 78 },
  { key: 'attendees', title: 'Attendees', width: 48 },
  { key: 'status', title: 'Status', width: 54 },
  { key: 'notes', title: 'Notes' },
  { key: 'special', title: 'Special Requirements' },
  { key: 'amenities', title: 'Amenities' },
]

const t = (text: string | number | null | undefined) => printable(String(text ?? ''))

/**
 * A cell's text as printed: cut to RUN_SHEET_CELL_CHARACTERS, and with a soft hyphen in every 20
 * characters without a space (pdfkit breaks such a run a character at a time, measuring the rest
 * of it again for every line: three 1,000-character ones cost 35 ms a row; cut and broken, 300 cost
 * 7 ms, so 2,500 such rows still print in well under the render's time limit).
 */
function cell(text: string): string {
  const cut =
    text.length > RUN_SHEET_CELL_CHARACTERS ? `${text.slice(0, RUN_SHEET_CELL_CHARACTERS - 1)}…` : text
  return t(cut).replace(/\S{20}(?=\S)/g, '$&\u00ad')
}

function cellText(booking: RunSheetBooking, key: ColumnKey): string {
  switch (key) {
    case 'time':
      return booking.time
    case 'space':
      return booking.space
    case 'client':
      return booking.client
    case 'booker':
      return booking.booker
    case 'attendees':
      return String(booking.attendees)
    case 'status':
      return booking.status
    case 'notes':
      return booking.notes
    case 'special':
      return booking.specialRequirement
    case 'amenities':
      return booking.amenities.join('\n')
  }
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`

export async function renderRunSheetPdf(sheet: RunSheet): Promise<Buffer> {
  // Loaded with the first run sheet only: the server's idle memory stays low.
  const { default: PDFDocument } = await import('pdfkit')
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: FOOTER_SPACE },
    info: { Title: t(`Run Sheet ${sheet.period}`), Creator: 'Spaceboard', Producer: 'Spaceboard' },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve)
    doc.on('error', reject)
  })

  const pageWidth = doc.page.width
  const bottom = doc.page.height - FOOTER_SPACE
  const tableWidth = pageWidth - 2 * MARGIN
  const fixed = columns.reduce((sum, c) => sum + (c.width ?? 0), 0)
  const flexWidth = (tableWidth - fixed) / columns.filter((c) => !c.width).length
  const layout = columns.map((c, i) => ({
    ...c,
    width: c.width ?? flexWidth,
    x: MARGIN + columns.slice(0, i).reduce((sum, p) => sum + (p.width ?? flexWidth), 0),
  }))
  let y = MARGIN

  const write = (text: string, x: number, top: number, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(t(text), x, top, { lineBreak: true, ...options })

  // Heading of the sheet.
  doc.font('Helvetica-Bold').fontSize(16).fillColor(colors.accent)
  write('Run Sheet', MARGIN, y)
  doc.font('Helvetica').fontSize(FONT_SIZE).fillColor(colors.text)
  write(sheet.period, MARGIN, y + 20)
  const partText =
    sheet.parts > 1
      ? `Bookings ${sheet.first.toLocaleString('en-US')}-${(sheet.first + sheet.total - 1).toLocaleString('en-US')} of ${sheet.matching.toLocaleString('en-US')}, part ${sheet.part} of ${sheet.parts}`
      : plural(sheet.total, 'booking')
  const rightColumn = { width: 260, align: 'right' as const }
  doc.fillColor(colors.muted)
  write(`Printed ${sheet.generatedAt}`, pageWidth - MARGIN - 260, y, rightColumn)
  write(partText, pageWidth - MARGIN - 260, y + 11, rightColumn)
  y += 32
  if (sheet.search) {
    doc.fontSize(7)
    write(`Search: ${sheet.search}`, MARGIN, y, { width: tableWidth, height: 30, ellipsis: true })
    y += 10
  }

  if (sheet.groups.length === 0) {
    doc.fontSize(10).fillColor(colors.muted)
    write('No bookings match the filter.', MARGIN, y + 24)
  }

  const rowHeight = (booking: RunSheetBooking) => {
    doc.font('Helvetica').fontSize(FONT_SIZE)
    let height = 0
    for (const c of layout) {
      const inner = c.width - 2 * CELL_PADDING
      let h = doc.heightOfString(cell(cellText(booking, c.key)) || ' ', { width: inner })
      if (c.key === 'time') h += 9
      height = Math.max(height, h)
    }
    return Math.min(height, MAX_ROW_HEIGHT) + 2 * CELL_PADDING
  }

  const groupHeading = (group: RunSheetGroup, continued: boolean) => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor(colors.accent)
    write(`${group.centerName} - ${group.day}${continued ? ' (continued)' : ''}`, MARGIN, y, {
      width: tableWidth - 200,
      height: 12,
      ellipsis: true,
    })
    const count = `${group.organizationName ? `${group.organizationName} - ` : ''}${plural(group.bookings.length, 'booking')}`
    write(count, pageWidth - MARGIN - 200, y, { width: 200, align: 'right', height: 12, ellipsis: true })
    y += 13
    doc
      .moveTo(MARGIN, y)
      .lineTo(pageWidth - MARGIN, y)
      .lineWidth(1)
      .strokeColor(colors.accent)
      .stroke()
    y += 2
    doc.rect(MARGIN, y, tableWidth, 14).fill(colors.head)
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE).fillColor(colors.text)
    for (const c of layout) write(c.title, c.x + CELL_PADDING, y + 3, { width: c.width - 2 * CELL_PADDING })
    y += 14
  }
  const HEADING_HEIGHT = 29
  const GROUP_GAP = 10

  const bookingRow = (booking: RunSheetBooking, height: number) => {
    doc.font('Helvetica').fontSize(FONT_SIZE).fillColor(colors.text)
    const inner = height - 2 * CELL_PADDING
    for (const c of layout) {
      const width = c.width - 2 * CELL_PADDING
      const text = cell(cellText(booking, c.key))
      if (c.key === 'time') {
        write(text, c.x + CELL_PADDING, y + CELL_PADDING, { width })
        doc.fontSize(7).fillColor(colors.muted)
        write(booking.reference, c.x + CELL_PADDING, doc.y, { width })
        doc.fontSize(FONT_SIZE).fillColor(colors.text)
      } else if (text) {
        write(text, c.x + CELL_PADDING, y + CELL_PADDING, { width, height: inner, ellipsis: true })
      }
    }
    y += height
    doc
      .moveTo(MARGIN, y)
      .lineTo(pageWidth - MARGIN, y)
      .lineWidth(0.5)
      .strokeColor(colors.line)
      .stroke()
  }

  // Lay the table out first, so every page's footer knows the page count while the pages are
  // written out one by one (pdfkit flushes a finished page: memory stays one page's worth).
  type Item = {
    group: RunSheetGroup
    booking: RunSheetBooking
    height: number
    heading: 'first' | 'continued' | null
  }
  const pages: Item[][] = [[]]
  let top = y
  for (const group of sheet.groups) {
    group.bookings.forEach((booking, index) => {
      const height = rowHeight(booking)
      // A day's heading, its column titles and its first booking stay together.
      const needed = height + (index === 0 ? GROUP_GAP + HEADING_HEIGHT : 0)
      let heading: Item['heading'] = index === 0 ? 'first' : null
      if (top + needed > bottom) {
        pages.push([])
        top = MARGIN
        heading = index === 0 ? 'first' : 'continued'
      }
      if (heading === 'first') top += GROUP_GAP
      if (heading) top += HEADING_HEIGHT
      top += height
      pages[pages.length - 1]?.push({ group, booking, height, heading })
    })
  }

  const footer = (page: number) => {
    doc.page.margins.bottom = 0
    doc.font('Helvetica').fontSize(7).fillColor(colors.muted)
    write(`Run Sheet ${sheet.period} - Page ${page} of ${pages.length}`, MARGIN, doc.page.height - 24, {
      width: tableWidth,
      align: 'center',
      lineBreak: false,
    })
  }
  pages.forEach((items, index) => {
    if (index > 0) {
      doc.addPage()
      y = MARGIN
    }
    for (const item of items) {
      if (item.heading === 'first') y += GROUP_GAP
      if (item.heading) groupHeading(item.group, item.heading === 'continued')
      bookingRow(item.booking, item.height)
    }
    footer(index + 1)
  })
  doc.end()
  await ended
  return Buffer.concat(chunks)
}
