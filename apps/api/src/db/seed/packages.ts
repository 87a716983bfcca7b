import { and, eq, gte, inArray } from 'drizzle-orm'
import type { Tx } from '../client.ts'
import { centers, packageCenters, packageSpaces, packages, spaces } from '../schema/index.ts'

interface DemoPackage {
  organization: string
  name: string
  minAttendees: number
  rate: string
  centers: string[]
  type: 'duration' | 'fixed'
  durationMinutes?: number
  startTime?: string
  endTime?: string
  services: string
}

const demoPackages: DemoPackage[] = [
  {
    organization: 'Harbour Workspaces',
    name: 'Half Day Workshop',
    minAttendees: 10,
    rate: '45.00',
    centers: ['Circular Quay', 'Parramatta'],
    type: 'duration',
    durationMinutes: 240,
    services: 'Room, projector, morning tea and a facilitator kit.',
  },
  {
    organization: 'Harbour Workspaces',
    name: 'Breakfast Briefing',
    minAttendees: 6,
    rate: '25.00',
    centers: ['Circular Quay'],
    type: 'fixed',
    startTime: '07:30',
    endTime: '09:30',
    services: 'Hot breakfast, barista coffee and a screen.',
  },
  {
    organization: 'Summit Business Centres',
    name: 'Team Day',
    minAttendees: 5,
    rate: '60.00',
    centers: ['Denver Downtown'],
    type: 'duration',
    durationMinutes: 480,
    services: 'All-day room, lunch and refreshments.',
  },
  {
    organization: 'Lagoon Coworking',
    name: 'Lunch and Learn',
    minAttendees: 4,
    rate: '18.00',
    centers: ['Marina Bay'],
    type: 'fixed',
    startTime: '12:00',
    endTime: '13:30',
    services: 'Lunch boxes and a presentation screen.',
  },
]

/** Package deals of both types, mapped to the demo spaces that seat their minimum attendees. */
export async function seedDemoPackages(tx: Tx, organizationIds: ReadonlyMap<string, number>) {
  for (const demo of demoPackages) {
    const organizationId = organizationIds.get(demo.organization)
    if (!organizationId) continue
    const centerRows = await tx
      .select({ id: centers.id })
      .from(centers)
      .where(and(eq(centers.organizationId, organizationId), inArray(centers.name, demo.centers)))
    const centerIds = centerRows.map((c) => c.id)
    if (centerIds.length === 0) continue
    const spaceRows = await tx
      .select({ id: spaces.id })
      .from(spaces)
      .where(
        and(
          eq(spaces.organizationId, organizationId),
          inArray(spaces.centerId, centerIds),
          gte(spaces.capacity, demo.minAttendees),
        ),
      )
    const [pkg] = await tx
      .insert(packages)
      .values({
        organizationId,
        name: demo.name,
        minAttendees: demo.minAttendees,
        type: demo.type,
        durationMinutes: demo.durationMinutes ?? null,
        startTime: demo.startTime ?? null,
        endTime: demo.endTime ?? null,
        services: demo.services,
        rate: demo.rate,
      })
      .returning({ id: packages.id })
    if (!pkg) continue
    await tx
      .insert(packageCenters)
      .values(centerIds.map((centerId) => ({ organizationId, packageId: pkg.id, centerId })))
    if (spaceRows.length) {
      await tx
        .insert(packageSpaces)
        .values(spaceRows.map((s) => ({ organizationId, packageId: pkg.id, spaceId: s.id })))
    }
  }
}
