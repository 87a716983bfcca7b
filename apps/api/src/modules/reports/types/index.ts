import type { ReportResult, ReportType } from '@spaceboard/domain'
import type { Ctx } from '../../../platform/context.ts'
import type { ReportInput } from '../report-input.ts'
import { averagePerBooking } from './averagePerBooking.ts'
import { centerRevenueTarget } from './centerRevenueTarget.ts'
import { clientTypeRevenue } from './clientTypeRevenue.ts'
import { dayOfTheWeek } from './day-of-the-week.ts'
import { gratisUsage } from './gratis-usage.ts'
import { leadTime } from './lead-time.ts'
import { timeOfTheDay } from './time-of-the-day.ts'
import { topClients } from './topClients.ts'
import { voucherUsage } from './voucher-usage.ts'

/** What a report type builds; the service adds the envelope (type, label, organization, period, filters). */
export type ReportBody = Pick<ReportResult, 'data' | 'tables' | 'charts'>
export type ReportBuilder = (ctx: Ctx, input: ReportInput) => Promise<ReportBody>

/** Each report type's builder, one file per type in this folder. */
export const reportBuilders: Partial<Record<ReportType, ReportBuilder>> = {
  clientTypeRevenue,
  averagePerBooking,
  centerRevenueTarget,
  topClients,
  leadTime,
  dayOfTheWeek,
  timeOfTheDay,
  gratisUsage,
  voucherUsage,
}
