import { financialYears, reportMessages, reportMoney } from '@spaceboard/domain'
import { badRequest } from '../../../platform/errors.ts'
import type { ReportBuilder } from '../report-builder.ts'
import * as repo from '../revenue.repository.ts'

/** The yearly fields of the chosen financial year and the three before it (spec 3 §9), newest first. */
const yearFields = [
  'yearly_total',
  'last_yearly_total',
  'second_last_yearly_total',
  'third_last_yearly_total',
] as const

/**
 * Top 20 Clients by revenue (TOP_CLIENTS order: revenue, name, id). Monthly, the month's clients:
 * `data` [{ id, name, total, totalBooking }]. Yearly, the financial year's clients with their
 * revenue in it and in the three financial years before: [{ id, name, totalBooking, yearly_total,
 * last_yearly_total, second_last_yearly_total, third_last_yearly_total }].
 */
export const topClients: ReportBuilder = async (ctx, input) => {
  const organization = input.organization
  if (!organization) throw badRequest(reportMessages.selectOrganizationFirst)
  if (input.duration === 'monthly') {
    const rows = await repo.topClientsOfPeriod(ctx.tx, input, organization.id)
    const data = rows.map((row) => ({
      id: row.id,
      name: row.name,
      total: reportMoney(row.revenueCents),
      totalBooking: row.bookings,
    }))
    const title = `Top 20 clients, ${input.period.label}`
    return {
      data,
      tables: [
        {
          title,
          columns: [
            { key: 'rank', title: 'Rank', kind: 'count' },
            { key: 'name', title: 'Client', kind: 'text' },
            { key: 'totalBooking', title: 'Bookings', kind: 'count' },
            { key: 'total', title: 'Revenue', kind: 'money' },
          ],
          rows: data.map(({ id: _id, ...row }, index) => ({ rank: index + 1, ...row })),
        },
      ],
      charts: [
        {
          kind: 'bar',
          title,
          data: data.map(({ name, total }) => ({ name, total })),
          xField: 'name',
          yField: 'total',
          valueKind: 'money',
        },
      ],
    }
  }

  const years = financialYears(input.year, organization.monthId, -3, 0)
  const rows = await repo.topClientsOfYears(ctx.tx, input, organization.id, years)
  const newestFirst = [...years].reverse()
  const data = rows.map((row) => {
    const totals = [...row.totalsCents].reverse()
    return {
      id: row.id,
      name: row.name,
      totalBooking: row.bookings,
      ...Object.fromEntries(yearFields.map((field, index) => [field, reportMoney(totals[index] ?? 0)])),
    } as { id: number; name: string; totalBooking: number } & Record<(typeof yearFields)[number], number>
  })
  const current = years.at(-1)?.label ?? ''
  const title = `Top 20 clients, ${current} and the three years before`
  return {
    data,
    tables: [
      {
        title,
        columns: [
          { key: 'rank', title: 'Rank', kind: 'count' },
          { key: 'name', title: 'Client', kind: 'text' },
          { key: 'totalBooking', title: `Bookings ${current}`, kind: 'count' },
          ...yearFields.map((field, index) => ({
            key: field,
            title: newestFirst[index]?.label ?? field,
            kind: 'money' as const,
          })),
        ],
        rows: data.map(({ id: _id, ...row }, index) => ({ rank: index + 1, ...row })),
      },
    ],
    charts: [
      {
        kind: 'column',
        title,
        data: data.flatMap((row) =>
          years.map((year, index) => ({
            name: row.name,
            year: year.label,
            total: row[yearFields[years.length - 1 - index] ?? 'yearly_total'],
          })),
        ),
        xField: 'name',
        yField: 'total',
        seriesField: 'year',
        valueKind: 'money',
      },
    ],
  }
}
