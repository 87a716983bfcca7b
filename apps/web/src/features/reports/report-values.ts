import { formatCents, formatMoney, type ReportCell, type ReportValueKind, toCents } from '@spaceboard/domain'

const decimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

/**
 * A report value as the screen shows it, by its column's kind: money (an amount in the currency's
 * units) with the currency's symbol and two decimals, percent, hours and days to two decimals,
 * counts grouped by thousands; no value reads as a dash. Without a currency (the super industry
 * benchmarking spans organizations) an amount is shown without a symbol.
 */
export function formatReportValue(
  value: ReportCell | undefined,
  kind: ReportValueKind,
  currency: string,
): string {
  if (value === null || value === undefined || value === '') return '—'
  const number = typeof value === 'number' ? value : Number(value)
  if (kind === 'text' || !Number.isFinite(number)) return String(value)
  switch (kind) {
    case 'money':
      return currency ? formatMoney(toCents(number), currency) : formatCents(toCents(number))
    case 'percent':
      return `${decimals.format(number)}%`
    case 'hours':
      return `${decimals.format(number)} h`
    case 'days':
      return `${decimals.format(number)} ${number === 1 ? 'day' : 'days'}`
    case 'count':
      return decimals.format(number)
  }
}

/** The currency of a row: its own `currency_code` when it has one (a row per organization), else the report's. */
export function rowCurrency(row: Record<string, ReportCell>, reportCurrency: string): string {
  const own = row.currency_code
  return typeof own === 'string' && own ? own : reportCurrency
}
