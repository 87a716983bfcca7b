import type { App, AppDeps } from '../../platform/app.ts'

/** Settings the web app needs before sign-in. */
export function appConfigRoutes(app: App, { config }: AppDeps) {
  app.get(
    '/api/config',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Settings the web app needs',
        description: 'The pricing page URL the profile links to.',
        'x-spec-path': 'none',
        tags: ['config'],
      },
    },
    async () => ({
      pricingUrl: config.pricingUrl,
      mapTileUrl: config.mapTileUrl,
      organizationDefaults: config.organizationDefaults,
    }),
  )
}
