import { printable } from '../../platform/pdf.ts'
import type { CalendarSheet, CalendarSheetRow } from './calendar.service.ts'

/**
 * The calendar's Export PDF (spec 2 §7 pdf=2&onlyBooked=1): the shown range a day at a time, a
 * one-line row per booking. Drawn with pdfkit, as the run sheet is (one long table; react-pdf's
 * layout of long tables is slow). Rows have one height, so pages are known before drawing.
 */
const colors = { text: '#1f2937', muted: '#6b7280', line: '#d1d5db', head: '#f3f4f6', accent: '#0E3E6C' }
const MARGIN = 28
const FOOTER_SPACE = 40
const ROW_HEIGHT = 15
const HEADING_HEIGHT = 31
const GAP = 8

const columns: { key: keyof CalendarSheetRow; title: string; width: number }[] = [
  { key: 'time', title: 'Time', width: 120 },
  { key: 'space', title: 'Space', width: 110 },
  { key: 'location', title: 'Location', width: 110 },
  { key: 'client', title: 'Client', width: 120 },
  { key: 'booker', title: 'Booker', width: 100 },
  { key: 'status', title: 'Status', width: 55 },
  { key: 'reference', title: 'Booking Id', width: 75 },
  { key: 'total', title: 'Total', width: 95 },
]

const t = (text: string) => printable(text)

export async function renderCalendarPdf(sheet: CalendarSheet): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit')
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: FOOTER_SPACE },
    info: { Title: t(`Booking Calendar ${sheet.period}`), Creator: 'Spaceboard', Producer: 'Spaceboard' },
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
  const scale = tableWidth / columns.reduce((sum, c) => sum + c.width, 0)
  let x = MARGIN
  const layout = columns.map((c) => {
    const placed = { ...c, x, width: c.width * scale }
    x += placed.width
    return placed
  })
  const write = (text: string, left: number, top: number, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(t(text), left, top, options)
  const oneLine = (width: number) => ({
    width: width - 6,
    height: ROW_HEIGHT - 4,
    ellipsis: true,
    lineBreak: false,
  })

  // Pages first (every row is one line), so each footer knows the count.
  type Item = {
    day: CalendarSheet['days'][number]
    row: CalendarSheetRow
    heading: 'first' | 'continued' | null
  }
  const pages: Item[][] = [[]]
  let top = MARGIN + 36
  for (const day of sheet.days) {
    day.rows.forEach((row, index) => {
      let heading: Item['heading'] = index === 0 ? 'first' : null
      const needed = ROW_HEIGHT + (heading ? GAP + HEADING_HEIGHT : 0)
      if (top + needed > bottom) {
        pages.push([])
        top = MARGIN
        heading = index === 0 ? 'first' : 'continued'
      }
      if (heading) top += GAP + HEADING_HEIGHT
      top += ROW_HEIGHT
      pages[pages.length - 1]?.push({ day, row, heading })
    })
  }

  let y = MARGIN
  doc.font('Helvetica-Bold').fontSize(16).fillColor(colors.accent)
  write('Booking Calendar', MARGIN, y)
  doc.font('Helvetica').fontSize(9).fillColor(colors.text)
  write(`${sheet.organizationName} - ${sheet.period}`, MARGIN, y + 20)
  doc.fillColor(colors.muted)
  const right = { width: 260, align: 'right' as const }
  write(`Printed ${sheet.generatedAt}`, pageWidth - MARGIN - 260, y, right)
  write(
    `${sheet.total.toLocaleString('en-US')} booking${sheet.total === 1 ? '' : 's'}`,
    pageWidth - MARGIN - 260,
    y + 11,
    right,
  )
  y += 36
  if (sheet.days.length === 0) {
    doc.fontSize(10).fillColor(colors.muted)
    write('No bookings in this range.', MARGIN, y + 20)
  }

  const heading = (day: Item['day'], continued: boolean) => {
    y += GAP
    doc.font('Helvetica-Bold').fontSize(10).fillColor(colors.accent)
    write(`${day.date}${continued ? ' (continued)' : ''}`, MARGIN, y, { width: tableWidth - 150 })
    doc.font('Helvetica').fontSize(8).fillColor(colors.muted)
    write(`${day.rows.length} booking${day.rows.length === 1 ? '' : 's'}`, pageWidth - MARGIN - 150, y + 1, {
      width: 150,
      align: 'right',
    })
    y += 14
    doc
      .moveTo(MARGIN, y)
      .lineTo(pageWidth - MARGIN, y)
      .lineWidth(1)
      .strokeColor(colors.accent)
      .stroke()
    y += 2
    doc.rect(MARGIN, y, tableWidth, ROW_HEIGHT).fill(colors.head)
    doc.font('Helvetica-Bold').fontSize(8).fillColor(colors.text)
    for (const c of layout) write(c.title, c.x + 3, y + 4, oneLine(c.width))
    y += ROW_HEIGHT
  }
  const line = (row: CalendarSheetRow) => {
    doc.font('Helvetica').fontSize(8).fillColor(colors.text)
    for (const c of layout) write(row[c.key], c.x + 3, y + 4, oneLine(c.width))
    y += ROW_HEIGHT
    doc
      .moveTo(MARGIN, y)
      .lineTo(pageWidth - MARGIN, y)
      .lineWidth(0.5)
      .strokeColor(colors.line)
      .stroke()
  }
  pages.forEach((items, index) => {
    if (index > 0) {
      doc.addPage()
      y = MARGIN
    }
    for (const item of items) {
      if (item.heading) heading(item.day, item.heading === 'continued')
      line(item.row)
    }
    doc.page.margins.bottom = 0
    doc.font('Helvetica').fontSize(7).fillColor(colors.muted)
    write(
      `Booking Calendar ${sheet.period} - Page ${index + 1} of ${pages.length}`,
      MARGIN,
      doc.page.height - 24,
      {
        width: tableWidth,
        align: 'center',
        lineBreak: false,
      },
    )
  })
  doc.end()
  await ended
  return Buffer.concat(chunks)
}
