import { type Placeholder, type SQL, sql } from 'drizzle-orm'
import { regions } from '../db/schema/index.ts'

/**
 * A region and all its descendants, as a subquery of ids: a region means itself and everything
 * below it wherever regions filter (issue 42 item 7). The tree is walked in the database, within
 * the organization, so a filter never needs a kept closure to stay in step with moves.
 */
export function regionAndDescendants(
  organizationId: number | Placeholder | SQL,
  regionId: number | Placeholder | SQL,
): SQL {
  return sql`(
    with recursive subtree(id) as (
      select ${regions.id} from ${regions}
      where ${regions.organizationId} = ${organizationId} and ${regions.id} = ${regionId}
      union
      select child.id from ${regions} child join subtree on child.parent_id = subtree.id
      where child.organization_id = ${organizationId}
    )
    select id from subtree
  )`
}
