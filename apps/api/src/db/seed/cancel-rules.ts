import type { Tx } from '../client.ts'
import { cancelRules } from '../schema/index.ts'

/** [min_day, max_day, max_attendee, refund_percent] per demo organization. */
const demoRules: Record<string, ReadonlyArray<readonly [number, number, number, string]>> = {
  'Harbour Workspaces': [
    [0, 1, 20, '0.00'],
    [2, 6, 20, '50.00'],
    [2, 6, 100, '25.00'],
    [7, 365, 100, '100.00'],
  ],
  'Summit Business Centres': [
    [0, 2, 50, '0.00'],
    [3, 30, 50, '100.00'],
  ],
  'Lagoon Coworking': [[1, 14, 30, '80.00']],
}

export async function seedDemoCancelRules(tx: Tx, organizationIds: ReadonlyMap<string, number>) {
  for (const [name, rules] of Object.entries(demoRules)) {
    const organizationId = organizationIds.get(name)
    if (!organizationId) continue
    await tx.insert(cancelRules).values(
      rules.map(([minDay, maxDay, maxAttendee, refundPercent]) => ({
        organizationId,
        minDay,
        maxDay,
        maxAttendee,
        refundPercent,
      })),
    )
  }
}
