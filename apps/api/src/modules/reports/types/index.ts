import type { ReportType } from '@spaceboard/domain'
import type { ReportBuilder } from '../report-builder.ts'
import { bcIndustryBenchmarking } from './bc-industry-benchmarking.ts'
import { bookByOrganization } from './book-by-organization.ts'
import { superIndustryBenchmarking } from './super-industry-benchmarking.ts'

// The builders' type lives apart (report-builder.ts): a builder importing it from here would make a circle.
export type { ReportBody, ReportBuilder } from '../report-builder.ts'

/** Each report type's builder, one file per type in this folder. */
export const reportBuilders: Partial<Record<ReportType, ReportBuilder>> = {
  bookByOrganization,
  bcIndustryBenchmarking,
  superIndustryBenchmarking,
}
