import {
  REPORT_SHEET_NAME,
  type ReportResult,
  type ReportTable,
  reportNumberFormats,
} from '@spaceboard/domain'
import type ExcelJS from 'exceljs'
import { safeCell } from '../../platform/xlsx.ts'

export interface WorkbookHeader {
  createdBy: string
  createdAt: string
}

function writeTable(sheet: ExcelJS.Worksheet, table: ReportTable) {
  sheet.addRow([safeCell(table.title)]).font = { bold: true }
  sheet.addRow(table.columns.map((column) => safeCell(column.title))).font = { bold: true }
  for (const values of table.rows) {
    const row = sheet.addRow(
      table.columns.map((column) => {
        const value = values[column.key]
        if (value === null || value === undefined) return null
        if (column.kind === 'text' || typeof value !== 'number') return safeCell(value)
        return column.kind === 'percent' ? value / 100 : value
      }),
    )
    table.columns.forEach((column, index) => {
      const format = reportNumberFormats[column.kind]
      if (format) row.getCell(index + 1).numFmt = format
    })
  }
}

/**
 * A report as a workbook (spec 3 §9): one sheet named Report; header rows "Created by", "Created
 * at" and every filter (label, value), the currency when the report has money, a blank row, then
 * each table with its title, its column titles and its rows, numbers formatted by column kind. The
 * file carries no author. The tables are aggregates (at most a few hundred rows), so the workbook
 * is built in memory.
 */
export async function reportWorkbook(report: ReportResult, header: WorkbookHeader): Promise<Buffer> {
  // Loaded with the first report exported, not with the server: evaluating exceljs (and archiver,
  // which it requires) took 60–90 ms of every start and stayed in its memory.
  const { default: excel } = await import('exceljs')
  const workbook = new excel.Workbook()
  // exceljs writes "ExcelJS" as the author of a workbook without one; the report's has none.
  // Its writer fills them in while preparing the model (XLSX.prepareModel, not in its typings).
  const xlsx = workbook.xlsx as unknown as {
    prepareModel(model: Record<string, unknown>, options: unknown): void
  }
  const prepareModel = xlsx.prepareModel.bind(xlsx)
  xlsx.prepareModel = (model, options) => {
    prepareModel(model, options)
    model.creator = undefined
    model.lastModifiedBy = undefined
  }
  const sheet = workbook.addWorksheet(REPORT_SHEET_NAME)
  sheet.getColumn(1).width = 30
  for (let column = 2; column <= 8; column++) sheet.getColumn(column).width = 20
  sheet.addRow(['Created by', safeCell(header.createdBy)])
  sheet.addRow(['Created at', safeCell(header.createdAt)])
  for (const filter of report.filters) sheet.addRow([safeCell(filter.label), safeCell(filter.value)])
  if (report.currency_code) sheet.addRow(['Currency', report.currency_code.toUpperCase()])
  for (const table of report.tables) {
    sheet.addRow([])
    writeTable(sheet, table)
  }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
