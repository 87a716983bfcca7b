import { asc } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { amenities } from '../../db/schema/index.ts'

export function listAllAmenities(tx: Tx) {
  return tx
    .select({ id: amenities.id, name: amenities.name, category: amenities.category, icon: amenities.icon })
    .from(amenities)
    .orderBy(asc(amenities.name), asc(amenities.id))
}
