import type { ReportType } from '@spaceboard/domain'
import type { ReportBuilder } from '../report-builder.ts'
import { averagePerBooking } from './average-per-booking.ts'
import { bcIndustryBenchmarking } from './bc-industry-benchmarking.ts'
import { bookByOrganization } from './book-by-organization.ts'
import { centerRevenueTarget } from './center-revenue-target.ts'
import { clientTypeRevenue } from './client-type-revenue.ts'
import { dayOfTheWeek } from './day-of-the-week.ts'
import { gratisUsage } from './gratis-usage.ts'
import { leadTime } from './lead-time.ts'
import { superIndustryBenchmarking } from './super-industry-benchmarking.ts'
import { timeOfTheDay } from './time-of-the-day.ts'
import { topClients } from './top-clients.ts'
import { voucherUsage } from './voucher-usage.ts'

// The builders' type lives apart (report-builder.ts): a builder importing it from here would make a circle.
export type { ReportBody, ReportBuilder } from '../report-builder.ts'

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
  bookByOrganization,
  bcIndustryBenchmarking,
  superIndustryBenchmarking,
}
