import { profileUpdateSchema } from '@spaceboard/domain'
import type { App } from '../../platform/app.ts'
import * as service from './profile.service.ts'

export function profileRoutes(app: App) {
  app.get('/api/profile', { config: { access: 'profile.read' }, schema: { tags: ['profile'] } }, (request) =>
    request.signedIn((ctx) => service.getProfile(ctx)),
  )

  app.put(
    '/api/profile',
    { config: { access: 'profile.update' }, schema: { tags: ['profile'], body: profileUpdateSchema } },
    (request) => request.signedIn((ctx) => service.updateProfile(ctx, request.body)),
  )
}
