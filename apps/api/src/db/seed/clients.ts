import { eq } from 'drizzle-orm'
import type { Tx } from '../client.ts'
import { clientClientTypes, clients, clientTypes, users } from '../schema/index.ts'

interface DemoClient {
  organization: string
  name: string
  externalClientId: string
  paymentMethod: 'invoice' | 'credit_card'
  internal: string
  additional: string
  gratisMinutes: number
  city: string
  bookers: ReadonlyArray<readonly [first: string, last: string, email: string]>
}

const demoClients: DemoClient[] = [
  {
    organization: 'Harbour Workspaces',
    name: 'Acme Consulting',
    externalClientId: 'ACME001',
    paymentMethod: 'invoice',
    internal: '10.00',
    additional: '5.00',
    gratisMinutes: 120,
    city: 'Sydney',
    bookers: [
      ['Alice', 'Nguyen', 'alice@acme.test'],
      ['Arjun', 'Mehta', 'arjun@acme.test'],
    ],
  },
  {
    organization: 'Harbour Workspaces',
    name: 'Blue Ocean Legal',
    externalClientId: 'BOL002',
    paymentMethod: 'credit_card',
    internal: '0.00',
    additional: '0.00',
    gratisMinutes: 60,
    city: 'Sydney',
    bookers: [['Bella', 'Rossi', 'bella@blueocean.test']],
  },
  {
    organization: 'Harbour Workspaces',
    name: 'Coral Tech',
    externalClientId: 'CT003',
    paymentMethod: 'invoice',
    internal: '15.00',
    additional: '0.00',
    gratisMinutes: 0,
    city: 'Parramatta',
    bookers: [['Carlos', 'Diaz', 'carlos@coraltech.test']],
  },
  {
    organization: 'Summit Business Centres',
    name: 'Denver Design Co',
    externalClientId: 'DDC100',
    paymentMethod: 'invoice',
    internal: '5.00',
    additional: '2.50',
    gratisMinutes: 45,
    city: 'Denver',
    bookers: [['Dana', 'Lee', 'dana@denverdesign.test']],
  },
  {
    organization: 'Lagoon Coworking',
    name: 'Marina Startups',
    externalClientId: 'MS01',
    paymentMethod: 'credit_card',
    internal: '0.00',
    additional: '0.00',
    gratisMinutes: 30,
    city: 'Singapore',
    bookers: [['Mei', 'Tan', 'mei@marina.test']],
  },
]

/**
 * Clients of each demo organization with discounts and gratis minutes, and basic users who book for
 * them. Their gratis log is written by the demo bookings that use the minutes (seed/bookings.ts).
 */
export async function seedDemoClients(
  tx: Tx,
  organizationIds: ReadonlyMap<string, number>,
  passwordHash: string,
) {
  const [standard] = await tx
    .select({ id: clientTypes.id })
    .from(clientTypes)
    .where(eq(clientTypes.name, 'Standard'))
  for (const demo of demoClients) {
    const organizationId = organizationIds.get(demo.organization)
    if (!organizationId) continue
    const [client] = await tx
      .insert(clients)
      .values({
        organizationId,
        name: demo.name,
        externalClientId: demo.externalClientId,
        paymentMethod: demo.paymentMethod,
        internalPercentDiscountRate: demo.internal,
        additionalDiscountRate: demo.additional,
        totalMinutes: demo.gratisMinutes,
        city: demo.city,
        contactEmail: `accounts@${demo.bookers[0]?.[2].split('@')[1] ?? 'example.test'}`,
        contactNumber: '+61 2 9111 2222',
      })
      .returning({ id: clients.id })
    if (!client) continue
    if (standard)
      await tx
        .insert(clientClientTypes)
        .values({ organizationId, clientId: client.id, clientTypeId: standard.id })
    await tx.insert(users).values(
      demo.bookers.map(([firstName, lastName, email]) => ({
        organizationId,
        clientId: client.id,
        type: 'basic',
        firstName,
        lastName,
        email,
        companyName: demo.name,
        passwordHash,
      })),
    )
  }
}
