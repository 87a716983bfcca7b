import type { ReportResult } from '@spaceboard/domain'
import type { Ctx } from '../../platform/context.ts'
import type { ReportInput } from './report-input.ts'
import type { ReportMemos } from './report-memo.ts'

/** What a report type builds; the service adds the envelope (type, label, organization, period, filters). */
export type ReportBody = Pick<ReportResult, 'data' | 'tables' | 'charts' | 'notes'>
export type ReportBuilder = (ctx: Ctx, input: ReportInput, memos: ReportMemos) => Promise<ReportBody>
