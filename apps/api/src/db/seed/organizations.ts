import { DEFAULT_TAX, defaultPrefixes, spaceTypes } from '@spaceboard/domain'
import type { Tx } from '../client.ts'
import {
  amenities,
  countries,
  globalRegions,
  organizationAmenities,
  organizationBlackoutPeriods,
  organizationRoomTypes,
  organizations,
} from '../schema/index.ts'

/** Amenities of the platform (reference data): organizations pick from them. */
export const defaultAmenities = [
  ['Projector', 'Audio Visual'],
  ['Video conferencing', 'Audio Visual'],
  ['Whiteboard', 'Other'],
  ['Flip chart', 'Other'],
  ['Wi-Fi', 'Telecom'],
  ['Coffee and tea', 'Refreshments / Catering'],
  ['Lunch platter', 'Refreshments / Catering'],
  ['Parking', 'Other'],
] as const

const demoOrganizations = [
  {
    name: 'Harbour Workspaces',
    mhPlan: 'pro',
    licensedSpaces: 25,
    country: 'AU',
    region: 'APAC',
    city: 'Sydney',
    state: 'New South Wales',
    postcode: '2000',
    street: '1 Circular Quay',
    currencyCode: 'aud',
    domain: 'harbour',
    // The pro plan shows every feature a new user can try here; calendar booking and Microsoft 365
    // need the organization's own Google or Microsoft account, so they stay off.
    features: {
      blackout_period: true,
      recurring_booking: true,
      user_screen_booking: true,
      email_template: true,
      industry_benchmarking_report: true,
      direct_marketing: true,
      basic_user_cancel: true,
      user_weekend_bookings: true,
      user_export_ics: true,
    },
    spaceTypes: spaceTypes.map((t) => t.key),
  },
  {
    name: 'Summit Business Centres',
    mhPlan: 'free',
    licensedSpaces: 3,
    timeFormat: 'mm/dd',
    country: 'US',
    region: 'NA',
    city: 'Denver',
    state: 'Colorado',
    postcode: '80202',
    street: '1700 Lincoln Street',
    currencyCode: 'usd',
    domain: 'summit',
    features: {},
    spaceTypes: ['meetingroom', 'boardroom'],
  },
  {
    name: 'Lagoon Coworking',
    mhPlan: 'core',
    licensedSpaces: 8,
    country: 'SG',
    region: 'APAC',
    city: 'Singapore',
    state: 'Singapore',
    postcode: '018989',
    street: '10 Marina Boulevard',
    currencyCode: 'sgd',
    domain: 'lagoon',
    features: { blackout_period: true },
    spaceTypes: ['meetingroom', 'hotdesk', 'community', 'kitchen'],
  },
] as const

export async function seedAmenities(tx: Tx) {
  await tx.insert(amenities).values(defaultAmenities.map(([name, category]) => ({ name, category })))
}

/** The demo organizations with every field the organization form needs; answers their ids by name. */
export async function seedOrganizations(tx: Tx) {
  const countryRows = await tx.select({ id: countries.id, code: countries.code }).from(countries)
  const regionRows = await tx.select({ id: globalRegions.id, code: globalRegions.code }).from(globalRegions)
  const amenityRows = await tx.select({ id: amenities.id }).from(amenities)
  const ids = new Map<string, number>()
  for (const org of demoOrganizations) {
    const [row] = await tx
      .insert(organizations)
      .values({
        name: org.name,
        mhPlan: org.mhPlan,
        licensedSpaces: org.licensedSpaces,
        timeFormat: 'timeFormat' in org ? org.timeFormat : 'dd/mm',
        mhUrl: `https://${org.domain}.spaceboard.example`,
        orgUrl: `www.${org.domain}.example`,
        companyRegistrationNumber: `REG-${org.domain.toUpperCase()}-001`,
        ...defaultPrefixesColumns(org.name),
        street: org.street,
        city: org.city,
        state: org.state,
        postcode: org.postcode,
        countryId: countryRows.find((c) => c.code === org.country)?.id ?? null,
        organizationRegionId: regionRows.find((r) => r.code === org.region)?.id ?? null,
        currencyCode: org.currencyCode,
        contactNumber: '+61 2 9000 0000',
        contactEmail: `hello@${org.domain}.example`,
        website: `https://www.${org.domain}.example`,
        contactUsEmail: `contact@${org.domain}.example`,
        bookingEmail: `bookings@${org.domain}.example`,
        senderEmail: `no-reply@${org.domain}.example`,
        taxesLabel: DEFAULT_TAX.label,
        taxesPercent: String(DEFAULT_TAX.percent),
        features: org.features,
      })
      .returning({ id: organizations.id })
    if (!row) continue
    ids.set(org.name, row.id)
    await tx.insert(organizationRoomTypes).values(
      org.spaceTypes.map((roomType) => ({
        organizationId: row.id,
        roomType,
        accountCode: '200',
        code: spaceTypes.find((t) => t.key === roomType)?.codeField.toUpperCase() ?? '',
      })),
    )
    await tx
      .insert(organizationAmenities)
      .values(
        amenityRows.slice(0, 5).map((a) => ({ organizationId: row.id, amenityId: a.id, accountCode: '210' })),
      )
  }
  const harbour = ids.get('Harbour Workspaces')
  if (harbour) {
    await tx.insert(organizationBlackoutPeriods).values([
      { organizationId: harbour, startDate: '2026-12-25', endDate: '2026-12-26' },
      { organizationId: harbour, startDate: '2027-01-01', endDate: '2027-01-01' },
    ])
  }
  return ids
}

function defaultPrefixesColumns(name: string) {
  const { booking_prefix, refund_prefix } = defaultPrefixes(name)
  return { bookingPrefix: booking_prefix, refundPrefix: refund_prefix }
}
