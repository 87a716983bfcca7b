import { and, eq } from 'drizzle-orm'
import type { Tx } from '../client.ts'
import { centerRegions, centerRevenueTargets, centers, countries, regions } from '../schema/index.ts'

interface DemoCenter {
  organization: string
  name: string
  siteId: string
  timezoneId: string
  country: string
  street: string
  city: string
  state: string
  postcode: string
  lat: string
  lon: string
  regions: string[]
  monthlyTarget: number
  openTime?: string
  closeTime?: string
}

/**
 * Centers on three continents: Sydney (daylight saving in the southern hemisphere), Denver and London
 * (northern), Singapore (none).
 */
const demoCenters: DemoCenter[] = [
  {
    organization: 'Harbour Workspaces',
    name: 'Circular Quay',
    siteId: 'HW-CQ',
    timezoneId: 'Australia/Sydney',
    country: 'AU',
    street: '1 Macquarie Place',
    city: 'Sydney',
    state: 'New South Wales',
    postcode: '2000',
    lat: '-33.862400',
    lon: '151.210500',
    regions: ['Sydney CBD'],
    monthlyTarget: 25000,
  },
  {
    organization: 'Harbour Workspaces',
    name: 'Parramatta',
    siteId: 'HW-PA',
    timezoneId: 'Australia/Sydney',
    country: 'AU',
    street: '10 Smith Street',
    city: 'Parramatta',
    state: 'New South Wales',
    postcode: '2150',
    lat: '-33.815000',
    lon: '151.001100',
    regions: ['New South Wales'],
    monthlyTarget: 12000,
    openTime: '08:00',
    closeTime: '18:00',
  },
  {
    organization: 'Summit Business Centres',
    name: 'Denver Downtown',
    siteId: 'SB-DEN',
    timezoneId: 'America/Denver',
    country: 'US',
    street: '1700 Lincoln Street',
    city: 'Denver',
    state: 'Colorado',
    postcode: '80203',
    lat: '39.743900',
    lon: '-104.986500',
    regions: ['Denver Downtown'],
    monthlyTarget: 18000,
  },
  {
    organization: 'Summit Business Centres',
    name: 'London Bridge',
    siteId: 'SB-LON',
    timezoneId: 'Europe/London',
    country: 'GB',
    street: '32 London Bridge Street',
    city: 'London',
    state: 'Greater London',
    postcode: 'SE1 9SG',
    lat: '51.504500',
    lon: '-0.086500',
    regions: ['London'],
    monthlyTarget: 20000,
  },
  {
    organization: 'Lagoon Coworking',
    name: 'Marina Bay',
    siteId: 'LC-MB',
    timezoneId: 'Asia/Singapore',
    country: 'SG',
    street: '10 Marina Boulevard',
    city: 'Singapore',
    state: 'Singapore',
    postcode: '018983',
    lat: '1.279900',
    lon: '103.854400',
    regions: ['Singapore'],
    monthlyTarget: 15000,
  },
]

/** Demo centers with regions, taxes and this year's monthly revenue targets. */
export async function seedDemoCenters(tx: Tx, organizationIds: ReadonlyMap<string, number>) {
  const countryRows = await tx.select({ id: countries.id, code: countries.code }).from(countries)
  const year = new Date().getUTCFullYear()
  for (const demo of demoCenters) {
    const organizationId = organizationIds.get(demo.organization)
    const countryId = countryRows.find((c) => c.code === demo.country)?.id
    if (!organizationId || !countryId) continue
    const domain = demo.organization.split(' ')[0]?.toLowerCase() ?? 'center'
    const [center] = await tx
      .insert(centers)
      .values({
        organizationId,
        name: demo.name,
        siteId: demo.siteId,
        bookingConfirmEmail: `bookings@${domain}.example`,
        bookingConfirmEmails: `frontdesk@${domain}.example,manager@${domain}.example`,
        contactEmail: `hello@${domain}.example`,
        contactNumber: '+61 2 9000 1000',
        street: demo.street,
        city: demo.city,
        state: demo.state,
        postcode: demo.postcode,
        countryId,
        timezoneId: demo.timezoneId,
        openTime: demo.openTime ?? '09:00',
        closeTime: demo.closeTime ?? '20:00',
        lat: demo.lat,
        lon: demo.lon,
        taxesLabel: demo.country === 'AU' ? 'GST' : demo.country === 'GB' ? 'VAT' : 'Sales tax',
        taxesPercent: demo.country === 'AU' ? '10.00' : demo.country === 'GB' ? '20.00' : '8.25',
      })
      .returning({ id: centers.id })
    if (!center) continue
    for (const name of demo.regions) {
      const [region] = await tx
        .select({ id: regions.id })
        .from(regions)
        .where(and(eq(regions.organizationId, organizationId), eq(regions.name, name)))
      if (region)
        await tx.insert(centerRegions).values({ organizationId, centerId: center.id, regionId: region.id })
    }
    await tx.insert(centerRevenueTargets).values(
      Array.from({ length: 12 }, (_, i) => ({
        organizationId,
        centerId: center.id,
        year,
        monthId: i + 1,
        revenue: `${demo.monthlyTarget + i * 500}.00`,
      })),
    )
  }
}
