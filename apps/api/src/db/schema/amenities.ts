import { integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core'
import { organizations } from './organizations.ts'
import { createdAt, updatedAt } from './shared.ts'

/** Amenities (facilities) of the platform; an organization picks the ones it offers. */
export const amenities = pgTable('amenities', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  category: text('category').notNull().default(''),
  icon: text('icon'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const organizationAmenities = pgTable(
  'organization_amenities',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    amenityId: integer('amenity_id')
      .notNull()
      .references(() => amenities.id),
    code: text('code').notNull().default(''),
    accountCode: text('account_code').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.amenityId] })],
)
