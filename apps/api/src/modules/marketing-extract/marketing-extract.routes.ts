import {
  type MarketingExtractRow,
  marketingExtractColumns,
  marketingExtractFilename,
  marketingMessages,
  marketingQuerySchema,
} from '@spaceboard/domain'
import type { App, AppDeps } from '../../platform/app.ts'
import { notFound } from '../../platform/errors.ts'
import { streamJsonData } from '../../platform/json-stream.ts'
import { streamWorkbook } from '../../platform/xlsx.ts'
import * as service from './marketing-extract.service.ts'

const tags = ['marketing-extract']

/** People read per statement: small rows, so a few thousand stay well under a megabyte. */
export const EXTRACT_BATCH = 2000

export function marketingExtractRoutes(app: App, { heavyWork }: AppDeps) {
  /**
   * The direct marketing extract (spec 3 §7): `{ success, data }` with the clients and bookers who
   * booked in the range; with export=xlsx the same rows as the "Marketing Extract" workbook, or a
   * 404 "No record found." when there are none. Both are written while they are read.
   */
  app.get(
    '/api/marketing',
    {
      config: { access: 'marketing.read' },
      schema: {
        tags,
        summary: 'Direct marketing extract',
        description:
          'The clients and bookers who booked between `startDate` and `endDate`: `{success, data: [{ClientID, ClientName, FirstName, LastName, Email}]}`. `export=xlsx` (ours) for the workbook, 404 "No record found." when empty. The organization needs `direct_marketing`.',
        querystring: marketingQuerySchema,
      },
    },
    async (request, reply) => {
      const query = request.query
      const filter = await request.signedIn((ctx) => service.extractFilter(ctx, query))
      const batches = service.extractBatches((work) => request.signedIn(work), filter, EXTRACT_BATCH)
      if (query.export !== 'xlsx')
        return heavyWork.withSlot(filter.organizationId, () => streamJsonData(reply, batches))

      const first = await batches.next()
      if (first.done) throw notFound(marketingMessages.noRecord)
      const cells = (rows: MarketingExtractRow[]) =>
        rows.map((row) => marketingExtractColumns.map((column) => row[column]))
      async function* all() {
        yield cells(first.value as MarketingExtractRow[])
        for await (const rows of batches) yield cells(rows)
      }
      return heavyWork.withSlot(filter.organizationId, () =>
        streamWorkbook(
          reply,
          marketingExtractFilename(filter.startDate, filter.endDate),
          marketingExtractColumns,
          all(),
        ),
      )
    },
  )
}
