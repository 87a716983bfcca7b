import { z } from 'zod'
import { messages } from '../messages.ts'
import { type FeatureFlag, featureNotEnabledMessage } from '../organizations/constants.ts'
import { isoDateSchema } from '../time.ts'

/** The direct marketing extract's texts (spec 3 §5, §8: verbatim, without the commission report's full stops). */
export const marketingMessages = {
  selectStartDate: 'Select start date',
  selectEndDate: 'Select end date',
  startBeforeEnd: 'Start date should be less than end date',
  selectOrganization: 'Select organization',
  noRecord: 'No record found.',
  // Ours: the spec is silent on these
  notAvailable: featureNotEnabledMessage('direct_marketing'),
  location: 'Choose a location of this organization.',
} as const

/** The extract's rows (spec 3 §3 Marketing extract): the workbook's columns and the JSON answer's keys. */
export const marketingExtractColumns = ['ClientID', 'ClientName', 'FirstName', 'LastName', 'Email'] as const

export interface MarketingExtractRow {
  ClientID: number
  ClientName: string
  FirstName: string
  LastName: string
  Email: string
}

/** The workbook's name: "Marketing Extract 2026-01-01 2026-01-31.xlsx". */
export function marketingExtractFilename(startDate: string, endDate: string): string {
  return `Marketing Extract ${startDate} ${endDate}.xlsx`
}

/**
 * Who may take the extract (spec 3 §2, §6): super for any organization; an admin only when their
 * organization has the direct_marketing feature. The permission ('marketing.read') says which roles.
 */
export function marketingExtractAllowed(
  isSuper: boolean,
  features: Partial<Record<FeatureFlag, boolean>> | null | undefined,
): boolean {
  return isSuper || Boolean(features?.direct_marketing)
}

const empty = (v: unknown) => (v === '' || v === null ? undefined : v)

/**
 * GET /api/marketing?startDate&endDate&organization_id&center_id (spec 3 §7), with export=xlsx for
 * the workbook. Missing dates and the organization are the spec's messages (marketingExtractErrors);
 * a date that is not a real yyyy-MM-dd one is refused here.
 */
export const marketingQuerySchema = z.object({
  startDate: z.preprocess(empty, isoDateSchema(messages.filterDateFormat).optional()),
  endDate: z.preprocess(empty, isoDateSchema(messages.filterDateFormat).optional()),
  organization_id: z.preprocess(empty, z.coerce.number().int().positive().max(2_147_483_647).optional()),
  center_id: z.preprocess(
    empty,
    z
      .union([z.literal('All'), z.coerce.number().int().positive().max(2_147_483_647)], {
        error: () => marketingMessages.location,
      })
      .default('All'),
  ),
  export: z.enum(['xlsx']).optional(),
})
export type MarketingQuery = z.output<typeof marketingQuerySchema>

export interface MarketingExtractFilters {
  startDate?: string | undefined
  endDate?: string | undefined
  organization_id?: number | undefined
}

/** What is wrong with the extract's filters (spec 3 §5), by field, in the order the screen checks them. */
export function marketingExtractErrors(
  filters: MarketingExtractFilters,
  isSuper: boolean,
): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!filters.startDate) errors.startDate = marketingMessages.selectStartDate
  if (!filters.endDate) errors.endDate = marketingMessages.selectEndDate
  if (filters.startDate && filters.endDate && filters.startDate > filters.endDate)
    errors.startDate = marketingMessages.startBeforeEnd
  if (isSuper && !filters.organization_id) errors.organization_id = marketingMessages.selectOrganization
  return errors
}
