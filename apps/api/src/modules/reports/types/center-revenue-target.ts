import {
  financialYears,
  reportMessages,
  reportMoney,
  revenueVariance,
  targetMonths,
  toCents,
} from '@spaceboard/domain'
import { badRequest } from '../../../platform/errors.ts'
import type { ReportBuilder } from '../report-builder.ts'
import * as repo from '../revenue.repository.ts'

interface Figures {
  targetCents: number
  actualCents: number
}

const money = ({ targetCents, actualCents }: Figures) => ({
  target: reportMoney(targetCents),
  actual: reportMoney(actualCents),
  variance: reportMoney(revenueVariance(actualCents, targetCents)),
})
const add = (a: Figures, b: Figures): Figures => ({
  targetCents: a.targetCents + b.targetCents,
  actualCents: a.actualCents + b.actualCents,
})
const none: Figures = { targetCents: 0, actualCents: 0 }

/**
 * Center Revenue Target: each location's monthly revenue targets (center_revenue_targets, a calendar
 * year and month as the location's Finance panel stores them; a month without one counts 0) against
 * the actual revenue of its counted bookings, months by the location's zone; variance = actual −
 * target. Monthly: every month of the chosen financial year, `data` [{ Key, center_id,
 * yearly_budget, yearly_total, variance, KeyData: [{ day (yyyy-MM), label, revenue (target),
 * total (actual), variance }] }]. Yearly: the financial years before, of and after the chosen one,
 * [{ Key, center_id, last_yearly_budget, last_yearly_total, last_variance, yearly_budget,
 * yearly_total, variance, next_yearly_budget, next_yearly_total, next_variance }]. Archived
 * locations appear only with a target or revenue in the period.
 */
export const centerRevenueTarget: ReportBuilder = async (ctx, input) => {
  const organization = input.organization
  if (!organization) throw badRequest(reportMessages.selectOrganizationFirst)
  const years =
    input.duration === 'monthly'
      ? financialYears(input.year, organization.monthId, 0, 0)
      : financialYears(input.year, organization.monthId, -1, 1)
  const from = years[0]?.from ?? input.period.from
  const to = years.at(-1)?.to ?? input.period.to
  const months = targetMonths(from, to)
  const centers = await repo.reportCenters(ctx.tx, organization.id, input.centerId)
  const [actuals, targets] = await Promise.all([
    repo.revenuePerCenterMonth(ctx.tx, input, organization.id, from, to),
    repo.revenueTargets(
      ctx.tx,
      organization.id,
      centers.map((center) => center.id),
      months,
    ),
  ])
  // Figures per location and month (yyyy-MM).
  const figures = new Map<number, Map<string, Figures>>()
  const of = (centerId: number, month: string) => {
    const perMonth = figures.get(centerId) ?? new Map<string, Figures>()
    figures.set(centerId, perMonth)
    const current = perMonth.get(month) ?? { ...none }
    perMonth.set(month, current)
    return current
  }
  for (const actual of actuals) of(actual.centerId, actual.month).actualCents += actual.revenueCents
  for (const target of targets)
    of(target.centerId, `${target.year}-${String(target.month).padStart(2, '0')}`).targetCents += toCents(
      target.revenue,
    )
  const shown = centers.filter((center) => !center.archived || figures.has(center.id))
  const monthOf = (centerId: number, month: string) => figures.get(centerId)?.get(month) ?? none
  const sumOf = (centerId: number, year: { from: string; to: string }) =>
    targetMonths(year.from, year.to).reduce((sum, month) => add(sum, monthOf(centerId, month.key)), none)

  if (input.duration === 'monthly') {
    const year = years[0] ?? { from, to, label: input.period.label }
    const labels = new Map(input.period.buckets.map((bucket) => [bucket.key, bucket.label]))
    const data = shown.map((center) => {
      const whole = money(sumOf(center.id, year))
      return {
        Key: center.name,
        center_id: center.id,
        yearly_budget: whole.target,
        yearly_total: whole.actual,
        variance: whole.variance,
        KeyData: months.map((month) => {
          const figures = money(monthOf(center.id, month.key))
          return {
            day: month.key,
            label: labels.get(month.key) ?? month.key,
            revenue: figures.target,
            total: figures.actual,
            variance: figures.variance,
          }
        }),
      }
    })
    const monthRows = months.map((month) => ({
      month: labels.get(month.key) ?? month.key,
      ...money(shown.reduce((sum, center) => add(sum, monthOf(center.id, month.key)), none)),
    }))
    const yearTotal = shown.reduce((sum, center) => add(sum, sumOf(center.id, year)), none)
    const columns = [
      { key: 'target', title: 'Target', kind: 'money' as const },
      { key: 'actual', title: 'Actual', kind: 'money' as const },
      { key: 'variance', title: 'Variance', kind: 'money' as const },
    ]
    return {
      data,
      tables: [
        {
          title: `Target against actual revenue per month, ${year.label}`,
          columns: [{ key: 'month', title: 'Month', kind: 'text' }, ...columns],
          rows: [...monthRows, { month: 'Total', ...money(yearTotal) }],
        },
        {
          title: `Target against actual revenue per location, ${year.label}`,
          columns: [{ key: 'Key', title: 'Location', kind: 'text' }, ...columns],
          rows: data.map((row) => ({
            Key: row.Key,
            target: row.yearly_budget,
            actual: row.yearly_total,
            variance: row.variance,
          })),
        },
      ],
      charts: [
        {
          kind: 'column',
          title: `Target against actual revenue, ${year.label}`,
          data: monthRows.flatMap((row) => [
            { month: row.month, series: 'Target', value: row.target },
            { month: row.month, series: 'Actual', value: row.actual },
          ]),
          xField: 'month',
          yField: 'value',
          seriesField: 'series',
          valueKind: 'money',
        },
      ],
    }
  }

  const [previous, current, next] = years as [(typeof years)[0], (typeof years)[0], (typeof years)[0]]
  const data = shown.map((center) => {
    const last = money(sumOf(center.id, previous))
    const now = money(sumOf(center.id, current))
    const coming = money(sumOf(center.id, next))
    return {
      Key: center.name,
      center_id: center.id,
      last_yearly_budget: last.target,
      last_yearly_total: last.actual,
      last_variance: last.variance,
      yearly_budget: now.target,
      yearly_total: now.actual,
      variance: now.variance,
      next_yearly_budget: coming.target,
      next_yearly_total: coming.actual,
      next_variance: coming.variance,
    }
  })
  const totals = [previous, current, next].map((year) =>
    money(shown.reduce((sum, center) => add(sum, sumOf(center.id, year)), none)),
  )
  const [lastTotal, currentTotal, nextTotal] = totals as [
    ReturnType<typeof money>,
    ReturnType<typeof money>,
    ReturnType<typeof money>,
  ]
  const yearColumns = (prefix: string, label: string, variance: string) => [
    { key: `${prefix}yearly_budget`, title: `Target ${label}`, kind: 'money' as const },
    { key: `${prefix}yearly_total`, title: `Actual ${label}`, kind: 'money' as const },
    { key: variance, title: `Variance ${label}`, kind: 'money' as const },
  ]
  const title = `Target against actual revenue, ${previous.label} to ${next.label}`
  return {
    data,
    tables: [
      {
        title,
        columns: [
          { key: 'Key', title: 'Location', kind: 'text' },
          ...yearColumns('last_', previous.label, 'last_variance'),
          ...yearColumns('', current.label, 'variance'),
          ...yearColumns('next_', next.label, 'next_variance'),
        ],
        rows: [
          ...data.map(({ center_id: _id, ...row }) => row),
          {
            Key: 'Total',
            last_yearly_budget: lastTotal.target,
            last_yearly_total: lastTotal.actual,
            last_variance: lastTotal.variance,
            yearly_budget: currentTotal.target,
            yearly_total: currentTotal.actual,
            variance: currentTotal.variance,
            next_yearly_budget: nextTotal.target,
            next_yearly_total: nextTotal.actual,
            next_variance: nextTotal.variance,
          },
        ],
      },
    ],
    charts: [
      {
        kind: 'column',
        title,
        data: [previous, current, next].flatMap((year, index) => [
          { year: year.label, series: 'Target', value: totals[index]?.target ?? 0 },
          { year: year.label, series: 'Actual', value: totals[index]?.actual ?? 0 },
        ]),
        xField: 'year',
        yField: 'value',
        seriesField: 'series',
        valueKind: 'money',
      },
    ],
  }
}
