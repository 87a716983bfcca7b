import type { Tx } from '../client.ts'
import { vouchers } from '../schema/index.ts'

interface DemoVoucher {
  code: string
  type: 'percent' | 'fixed'
  value: string
  /** Validity as days from today (the seed's day, UTC). */
  fromDays: number
  toDays: number
}

/** The same three vouchers in each demo organization: two usable today, one that has expired. */
const demoVouchers: readonly DemoVoucher[] = [
  { code: 'WELCOME10', type: 'percent', value: '10.00', fromDays: -30, toDays: 335 },
  { code: 'SAVE25', type: 'fixed', value: '25.00', fromDays: -7, toDays: 90 },
  { code: 'SPRING15', type: 'percent', value: '15.00', fromDays: -120, toDays: -30 },
]

const demoOrganizations = ['Harbour Workspaces', 'Summit Business Centres', 'Lagoon Coworking']

/** YYYY-MM-DD of today (UTC) plus whole days. */
function dayFromToday(days: number, today: Date): string {
  const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days))
  return date.toISOString().slice(0, 10)
}

export async function seedDemoVouchers(
  tx: Tx,
  organizationIds: ReadonlyMap<string, number>,
  today: Date = new Date(),
) {
  for (const name of demoOrganizations) {
    const organizationId = organizationIds.get(name)
    if (!organizationId) continue
    await tx.insert(vouchers).values(
      demoVouchers.map((v) => ({
        organizationId,
        code: v.code,
        type: v.type,
        value: v.value,
        validFrom: dayFromToday(v.fromDays, today),
        validTo: dayFromToday(v.toDays, today),
        isActive: true,
      })),
    )
  }
}
