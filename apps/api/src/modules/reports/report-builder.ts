import type { ReportResult } from '@spaceboard/domain'
import type { Ctx } from '../../platform/context.ts'
import type { ReportInput } from './report-input.ts'

/** What a report type builds; the service adds the envelope (type, label, organization, period, filters). */
export type ReportBody = Pick<ReportResult, 'data' | 'tables' | 'charts'>
export type ReportBuilder = (ctx: Ctx, input: ReportInput) => Promise<ReportBody>
