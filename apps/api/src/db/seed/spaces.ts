import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import type { Tx } from '../client.ts'
import {
  centers,
  organizationAmenities,
  spaceAmenities,
  spaceChildren,
  spacePhotos,
  spaceRates,
  spaces,
} from '../schema/index.ts'

interface DemoSpace {
  name: string
  type: string
  capacity: number
  rates: Partial<Record<'hour' | 'halfday' | 'day', string>>
  /** [pre, post] preparation minutes */
  makeup?: [number, number]
  active?: boolean
  /** Names of the spaces it combines. */
  combines?: string[]
}

const harbourQuay: DemoSpace[] = [
  {
    name: 'Harbour Room A',
    type: 'meetingroom',
    capacity: 8,
    rates: { hour: '45.00', halfday: '160.00', day: '300.00' },
    makeup: [0, 15],
  },
  {
    name: 'Harbour Room B',
    type: 'meetingroom',
    capacity: 8,
    rates: { hour: '45.00', halfday: '160.00', day: '300.00' },
    makeup: [0, 15],
  },
  {
    name: 'Harbour Room AB',
    type: 'meetingroom',
    capacity: 16,
    rates: { hour: '85.00', day: '560.00' },
    combines: ['Harbour Room A', 'Harbour Room B'],
  },
  {
    name: 'Opera Boardroom',
    type: 'boardroom',
    capacity: 14,
    rates: { hour: '95.00', day: '650.00' },
    makeup: [15, 15],
  },
  { name: 'Quay Hot Desk', type: 'hotdesk', capacity: 1, rates: { hour: '12.00', day: '49.00' } },
  { name: 'Wellness Room', type: 'consultation_treatment_room', capacity: 2, rates: { hour: '30.00' } },
  {
    name: 'Rooftop Lounge',
    type: 'recreation',
    capacity: 40,
    rates: { halfday: '400.00' },
    makeup: [30, 30],
  },
]

const harbourParramatta: DemoSpace[] = [
  {
    name: 'Training One',
    type: 'trainingroom',
    capacity: 20,
    rates: { hour: '60.00', day: '420.00' },
    makeup: [15, 30],
  },
  {
    name: 'Training Two',
    type: 'trainingroom',
    capacity: 20,
    rates: { hour: '60.00', day: '420.00' },
    makeup: [15, 30],
  },
  {
    name: 'Training Suite',
    type: 'trainingroom',
    capacity: 40,
    rates: { day: '800.00' },
    combines: ['Training One', 'Training Two'],
  },
  { name: 'River Office', type: 'casual_day_office', capacity: 4, rates: { day: '180.00' } },
  {
    name: 'Auditorium',
    type: 'seminar_conference_room',
    capacity: 120,
    rates: { halfday: '900.00', day: '1600.00' },
    makeup: [60, 60],
  },
  { name: 'Community Hall', type: 'community', capacity: 60, rates: { hour: '70.00' } },
  { name: 'Chef Kitchen', type: 'kitchen', capacity: 10, rates: { hour: '55.00' } },
]

const demoSpaces: Record<string, DemoSpace[]> = {
  'Circular Quay': harbourQuay,
  Parramatta: harbourParramatta,
  // Summit is on the free plan with 3 licensed spaces: Denver uses them; London is being set up.
  'Denver Downtown': [
    { name: 'Rockies Room', type: 'meetingroom', capacity: 6, rates: { hour: '40.00', halfday: '140.00' } },
    { name: 'Plains Room', type: 'meetingroom', capacity: 6, rates: { hour: '40.00', halfday: '140.00' } },
    {
      name: 'Rockies Plains',
      type: 'meetingroom',
      capacity: 12,
      rates: { hour: '75.00' },
      combines: ['Rockies Room', 'Plains Room'],
    },
  ],
  'London Bridge': [
    { name: 'Thames One', type: 'boardroom', capacity: 10, rates: { hour: '70.00' }, active: false },
    { name: 'Thames Two', type: 'boardroom', capacity: 10, rates: { hour: '70.00' }, active: false },
    {
      name: 'Thames Suite',
      type: 'boardroom',
      capacity: 20,
      rates: { hour: '130.00' },
      active: false,
      combines: ['Thames One', 'Thames Two'],
    },
  ],
  'Marina Bay': [
    { name: 'Lagoon Pod 1', type: 'meetingroom', capacity: 4, rates: { hour: '30.00' } },
    { name: 'Lagoon Pod 2', type: 'meetingroom', capacity: 4, rates: { hour: '30.00' } },
    {
      name: 'Lagoon Pods',
      type: 'meetingroom',
      capacity: 8,
      rates: { hour: '55.00' },
      combines: ['Lagoon Pod 1', 'Lagoon Pod 2'],
    },
    { name: 'Marina Desk', type: 'hotdesk', capacity: 1, rates: { day: '35.00' } },
  ],
}

const palette = ['#0E3E6C', '#019949', '#b20021', '#F06627', '#d2ce5d', '#e40613', '#ff1e68']

const pngsByColour = new Map<string, Buffer>()

/**
 * An 800×500 PNG of one colour, written by hand: loading sharp for these would cost the first start
 * about half a second and keep its native library (tens of MB) in the server for good. Made once
 * per colour and with zlib's fastest level (6 KB instead of 2 KB): at its default level, deflating
 * a photo for each demo space cost the first start 130 ms.
 */
function solidPng(hex: string) {
  let png = pngsByColour.get(hex)
  if (!png) {
    png = encodeSolidPng(hex)
    pngsByColour.set(hex, png)
  }
  return png
}

function encodeSolidPng(hex: string) {
  const width = 800
  const height = 500
  const rgb = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16))
  // Each row: filter byte 0, then the pixels.
  const row = Buffer.alloc(1 + width * 3)
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3)
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const frame = Buffer.alloc(8 + data.length + 4)
    frame.writeUInt32BE(data.length, 0)
    body.copy(frame, 4)
    frame.writeUInt32BE(crc32(body), 8 + data.length)
    return frame
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)), { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A photo for a demo space, written into the upload folder (only when the app has one). */
function demoPhoto(dataDir: string, index: number) {
  const dir = path.join(dataDir, 'uploads')
  mkdirSync(dir, { recursive: true })
  const name = `${randomBytes(18).toString('base64url')}.png`
  writeFileSync(path.join(dir, name), solidPng(palette[index % palette.length] ?? '#0E3E6C'))
  return `/uploads/${name}`
}

/**
 * Spaces of every type with rates, amenities, photos and preparation times, and one combined space
 * per center. Each table in one statement rather than five statements per space (this step took
 * 0.15–0.19 s of a first start on the embedded database).
 */
export async function seedDemoSpaces(tx: Tx, dataDir?: string) {
  const centerRows = await tx
    .select({ id: centers.id, name: centers.name, organizationId: centers.organizationId })
    .from(centers)
  const offeredRows = await tx
    .select({ organizationId: organizationAmenities.organizationId, id: organizationAmenities.amenityId })
    .from(organizationAmenities)
    .orderBy(organizationAmenities.organizationId, organizationAmenities.amenityId)
  const offered = (organizationId: number) =>
    offeredRows.filter((row) => row.organizationId === organizationId).slice(0, 3)
  const planned = centerRows.flatMap((center) =>
    (demoSpaces[center.name] ?? []).map((demo, index) => ({ center, demo, index })),
  )
  if (!planned.length) return
  const made = await tx
    .insert(spaces)
    .values(
      planned.map(({ center, demo, index }) => ({
        organizationId: center.organizationId,
        centerId: center.id,
        name: demo.name,
        capacity: demo.capacity,
        minimumDurationMinutes: demo.rates.hour ? 60 : demo.rates.halfday ? 240 : 480,
        maximumDurationMinutes: 720,
        startTime: '07:00',
        endTime: '21:00',
        description: `${demo.name}: a ${demo.type.replaceAll('_', ' ')} for up to ${demo.capacity} people.`,
        roomType: demo.type,
        isActive: demo.active ?? true,
        preMakeupMinutes: demo.makeup?.[0] ?? 0,
        postMakeupMinutes: demo.makeup?.[1] ?? 0,
        displayOrder: index + 1,
        siteAccessInstructions: 'Collect your access card from reception on level 1.',
      })),
    )
    .returning({ id: spaces.id, centerId: spaces.centerId, name: spaces.name })
  const idOf = (centerId: number, name: string) =>
    made.find((space) => space.centerId === centerId && space.name === name)?.id
  const rates: (typeof spaceRates.$inferInsert)[] = []
  const amenities: (typeof spaceAmenities.$inferInsert)[] = []
  const photos: (typeof spacePhotos.$inferInsert)[] = []
  const children: (typeof spaceChildren.$inferInsert)[] = []
  for (const [photoIndex, { center, demo }] of planned.entries()) {
    const spaceId = idOf(center.id, demo.name)
    if (spaceId === undefined) continue
    const organizationId = center.organizationId
    for (const [unit, amount] of Object.entries(demo.rates))
      rates.push({ organizationId, spaceId, unit, amount })
    for (const [i, amenity] of offered(organizationId).entries())
      amenities.push({
        organizationId,
        spaceId,
        amenityId: amenity.id,
        chargeType: (['flat', 'attendee', 'hour'] as const)[i % 3] ?? 'flat',
        amount: ['25.00', '12.50', '10.00'][i % 3] ?? '10.00',
      })
    if (dataDir) photos.push({ organizationId, spaceId, url: demoPhoto(dataDir, photoIndex) })
    for (const childName of demo.combines ?? []) {
      const childId = idOf(center.id, childName)
      if (childId !== undefined) children.push({ organizationId, parentId: spaceId, childId })
    }
  }
  await tx.insert(spaceRates).values(rates)
  if (amenities.length) await tx.insert(spaceAmenities).values(amenities)
  if (photos.length) await tx.insert(spacePhotos).values(photos)
  if (children.length) await tx.insert(spaceChildren).values(children)
}
