import type { App } from '../../app.ts'
import * as repo from './amenities.repository.ts'

/** Amenities of the platform, for the organization form's "Amenities Available". */
export function amenityRoutes(app: App) {
  app.get(
    '/api/amenity',
    { config: { access: 'amenities.read' }, schema: { tags: ['amenities'] } },
    (request) => request.signedIn(({ tx }) => repo.listAllAmenities(tx)),
  )
}
