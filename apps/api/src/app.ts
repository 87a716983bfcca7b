import { existsSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import fastifyRateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import { SERVED_SIGN_IN_PAGE } from '@spaceboard/domain/served-page'
import Fastify, { type FastifyReply } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import helmet from 'helmet'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { amenityRoutes } from './modules/amenities/amenities.routes.ts'
import { appConfigRoutes } from './modules/app-config/app-config.routes.ts'
import { authRoutes } from './modules/auth/auth.routes.ts'
import { openSessions } from './modules/auth/auth.service.ts'
import { billingRoutes } from './modules/billing/billing.routes.ts'
import { bookingMailRoutes } from './modules/booking-mails/booking-mails.routes.ts'
import { bookingMailAttachments } from './modules/booking-mails/mail-attachments.ts'
import { bookingOperationRoutes } from './modules/bookings/booking-operations.routes.ts'
import { bookingRoutes } from './modules/bookings/bookings.routes.ts'
import { calendarRoutes } from './modules/calendar/calendar.routes.ts'
import { CalendarAnswers, forgetOnWrites } from './modules/calendar/calendar-answers.ts'
import { CalendarEvents } from './modules/calendar/calendar-events.ts'
import { cancelRuleRoutes } from './modules/cancel-rules/cancel-rules.routes.ts'
import { centerRoutes } from './modules/centers/centers.routes.ts'
import { clientTypeRoutes } from './modules/client-types/client-types.routes.ts'
import { clientRoutes } from './modules/clients/clients.routes.ts'
import { countryRoutes } from './modules/countries/countries.routes.ts'
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts'
import { emailTemplateRoutes } from './modules/email-templates/email-templates.routes.ts'
import { globalRegionRoutes } from './modules/global-regions/global-regions.routes.ts'
import { healthRoutes } from './modules/health/health.routes.ts'
import { geocodeRoutes } from './modules/lookups/geocode.routes.ts'
import { lookupRoutes } from './modules/lookups/lookups.routes.ts'
import { marketingExtractRoutes } from './modules/marketing-extract/marketing-extract.routes.ts'
import { organizationRoutes } from './modules/organizations/organizations.routes.ts'
import { packageRoutes } from './modules/packages/packages.routes.ts'
import { preferenceRoutes } from './modules/preferences/preferences.routes.ts'
import { profileRoutes } from './modules/profile/profile.routes.ts'
import { regionRoutes } from './modules/regions/regions.routes.ts'
import { reportRoutes } from './modules/reports/reports.routes.ts'
import { settingRoutes } from './modules/settings/settings.routes.ts'
import { spaceRoutes } from './modules/spaces/spaces.routes.ts'
import { userRoutes } from './modules/users/users.routes.ts'
import { voucherRoutes } from './modules/vouchers/vouchers.routes.ts'
import { workflowRoutes } from './modules/workflows/workflows.routes.ts'
import { createWorkflowRunner, type WorkflowRunner } from './modules/workflows/workflows.runner.ts'
import type { App, AppDeps } from './platform/app.ts'
import { type RouteAccessEntry, registerAuth } from './platform/auth.ts'
import { BackgroundWork } from './platform/background.ts'
import { ANSWER_ENCODINGS, BROTLI_OPTIONS } from './platform/compression.ts'
import { createContextRunner } from './platform/context.ts'
import { registerErrorHandling } from './platform/errors.ts'
import { registerSentFields } from './platform/field-access.ts'
import { defaultHeavyWorkOptions, HeavyWork, type HeavyWorkOptions } from './platform/heavy-work.ts'
import { registerContentRange } from './platform/list.ts'
import { createMailer, type Mailer } from './platform/mail.ts'
import { documentTransform } from './platform/openapi.ts'
import { takesBody } from './platform/route-hooks.ts'
import { registerSameOriginCheck } from './platform/same-origin.ts'
import { createSecretBox } from './platform/secrets.ts'
import { serverRender } from './platform/server-render.ts'
import { registerMultipart, registerUploads } from './platform/uploads.ts'

export interface BuiltApp {
  app: App
  /** Every API route with the access it declares (snapshot-tested). */
  routeAccess: RouteAccessEntry[]
  mailer: Mailer
  /** Sends the due workflow e-mails (tests flush it). */
  workflows: WorkflowRunner
  /** Work started by requests and not awaited by them (tests await its idle()). */
  background: BackgroundWork
  /** The calendar's answers kept between requests (tests wait for what it has heard). */
  calendarAnswers: CalendarAnswers
}

const DOCS_PREFIX = '/api/docs'

export function contentSecurityPolicy(config: Config) {
  const tileOrigin = new URL(config.mapTileUrl.replace(/\{[a-z]\}/g, 'a')).origin
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // antd writes its CSS-in-JS into <style> elements.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', tileOrigin],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: null,
  }
}

/**
 * helmet's security headers for this configuration, read once from its middleware: none depends on
 * the request (the policy's directives are fixed strings), so each answer gets the same list set
 * instead of eleven middlewares run in turn (@fastify/helmet even builds them again per request,
 * parsing the policy each time): 5–7 % of the bookings list's server CPU in npm run bench overhead.
 */
function securityHeaders(config: Config): [name: string, value: string][] {
  const headers: [string, string][] = []
  const middleware = helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
    // HSTS only where the app is served over https: on http a browser ignores it, and on a
    // localhost address it would pin every other local app to https.
    strictTransportSecurity: config.publicUrl.startsWith('https://') ? undefined : false,
  })
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    // X-Powered-By, which Fastify never sets.
    removeHeader: () => {},
  }
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error
  })
  return headers
}

/** The render worker: its TypeScript source under tests and `npm run dev`, its bundle beside the server's. */
const renderWorkerFile = new URL(
  import.meta.url.endsWith('.ts') ? './render-worker.ts' : './render-worker.mjs',
  import.meta.url,
)

export async function buildApp(
  config: Config,
  database: Database,
  options: {
    heavyWork?: Partial<HeavyWorkOptions>
    /** How often the calendar's live streams are checked and kept open (tests shorten it). */
    liveHeartbeatMs?: number
    /** Tests send due workflow e-mails when they flush, not on the runner's own clock. */
    workflowPoll?: boolean
  } = {},
): Promise<BuiltApp> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // The router's own refusals (an undecodable URL, an over-long parameter) answer in the error contract too.
    frameworkErrors: (error, _request, reply) => {
      const response: FastifyReply = reply
      response.code(error.statusCode ?? 400).send({ message: 'The address is not valid.' })
    },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  // First registered, so closing waits for it before the mailer and the workers stop.
  const background = new BackgroundWork((error) => app.log.error({ err: error }, 'background work failed'))
  app.addHook('onClose', () => background.idle())
  const heavyWork = new HeavyWork(
    { ...defaultHeavyWorkOptions(renderWorkerFile), ...options.heavyWork },
    (error) => app.log.error({ err: error }, 'a heavy-work worker failed'),
  )
  const mailer = createMailer(
    database,
    config.smtpUrl,
    config.mailFrom,
    (error) => app.log.error({ err: error }, 'mail delivery failed'),
    bookingMailAttachments(database, config.dataDir, heavyWork),
  )
  // Registered first, run first: the mailer finishes its batch (which may render a PDF) before the pool stops.
  // Closed before the mailer: its last batch queues mail.
  const workflows = createWorkflowRunner(
    database,
    { mailer, publicUrl: config.publicUrl },
    (error) => app.log.error({ err: error }, 'workflow sends failed'),
    { poll: options.workflowPoll ?? true },
  )
  app.addHook('onClose', () => workflows.close())
  app.addHook('onClose', () => mailer.close())
  app.addHook('onClose', () => heavyWork.close())
  const calendarAnswers = new CalendarAnswers(database, (error) =>
    app.log.error({ err: error }, 'calendar answers could not hear changes'),
  )
  app.addHook('onRoute', forgetOnWrites(calendarAnswers))
  app.addHook('preClose', () => calendarAnswers.close())
  const deps: AppDeps = {
    config,
    mailer,
    secrets: createSecretBox(config.appSecret),
    heavyWork,
    background,
    calendarAnswers,
  }

  registerErrorHandling(app)
  registerSentFields(app)
  await app.register(fastifyCookie)
  // JSON (and other compressible) answers over 1 KB, in the best encoding the browser accepts
  // (brotli at quality 2, else gzip: platform/compression.ts). Already-compressed streams (xlsx,
  // PDF) pass untouched; the web app's files come pre-compressed from the build (registerWeb), and
  // so do the calendar's kept answers (calendar-answers.ts).
  // An answer up to 1 MB is compressed in one synchronous call (brotli 4: about 3 ms for 1 MB). The
  // plugin's default on two cores is 8 KB, above which it streams the answer through zlib in
  // chunks, hop by hop: the calendar's 217 KB month then answered 45 requests a second instead of 63
  // (npm run bench calendar, as a browser asks).
  // A request body is decompressed only where a route takes one: the plugin's hook would otherwise
  // be a step of every GET. (Before the plugin, so that its onRoute hook sees the setting.)
  app.addHook('onRoute', (route) => {
    if (!takesBody(route)) route.decompress = false
  })
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ANSWER_ENCODINGS,
    syncThreshold: 1024 * 1024,
    brotliOptions: BROTLI_OPTIONS,
  })
  registerContentRange(app)
  const headers = securityHeaders(config)
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value)
    done()
  })
  registerSameOriginCheck(app, config.publicUrl)
  await app.register(fastifyRateLimit, { global: false })
  await registerMultipart(app)

  // The API docs are public; every other API route must declare its access (platform/auth.ts).
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(DOCS_PREFIX)) route.config = { ...route.config, access: 'public' }
  })
  const runner = createContextRunner(database)
  const routeAccess = registerAuth(app, runner)

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Spaceboard API', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sb_session' } } },
    },
    transform: documentTransform,
  })
  // The UI shows the operations' x-spec-path and x-permission (docs/api.md).
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: false,
    uiConfig: { showExtensions: true },
  })

  healthRoutes(app)
  appConfigRoutes(app, deps)
  authRoutes(app, deps)
  profileRoutes(app, deps)
  preferenceRoutes(app)
  countryRoutes(app)
  globalRegionRoutes(app)
  clientTypeRoutes(app)
  regionRoutes(app)
  organizationRoutes(app, deps)
  amenityRoutes(app, deps)
  dashboardRoutes(app)
  userRoutes(app, deps)
  clientRoutes(app)
  centerRoutes(app, deps)
  cancelRuleRoutes(app)
  spaceRoutes(app, deps)
  emailTemplateRoutes(app, deps)
  packageRoutes(app)
  voucherRoutes(app)
  workflowRoutes(app)
  bookingRoutes(app, deps)
  bookingOperationRoutes(app, deps)
  bookingMailRoutes(app, deps)
  const calendarEvents = new CalendarEvents(
    database,
    (sessionIds) => runner.statement((tx) => openSessions(tx, sessionIds)),
    (error) => app.log.error({ err: error }, 'calendar live updates failed'),
    options.liveHeartbeatMs,
  )
  // Before the server stops listening: open event streams would otherwise keep it waiting.
  app.addHook('preClose', () => calendarEvents.close())
  calendarRoutes(app, calendarEvents)
  billingRoutes(app)
  reportRoutes(app)
  marketingExtractRoutes(app, deps)
  settingRoutes(app)
  lookupRoutes(app)
  geocodeRoutes(app, deps)

  await registerUploads(app, config.dataDir)

  await registerWeb(app, config.webDir)
  return { app, routeAccess, mailer, workflows, background, calendarAnswers }
}

/** Serves the built SPA: files as they are, every other non-API GET as index.html (client-side routes). */
async function registerWeb(app: App, webDir: string | undefined) {
  if (!webDir || !existsSync(path.join(webDir, 'index.html'))) return
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of every file (apps/web/vite.config.ts): sent as asked,
    // through their file's route. Not routes of their own: with wildcard off the plugin registers a
    // route per file, and the copies tripled them (732 routes instead of 244; 30–60 ms of a start).
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    },
  })
  const renderedPage = serverRender(app, webDir)
  const signInPage = existsSync(path.join(webDir, SERVED_SIGN_IN_PAGE))
  // Hidden from the OpenAPI document: the SPA's fallback is no API route.
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api')) return reply.callNotFound()
    const pathname = request.url.split('?')[0] ?? '/'
    // No file or screen of the app has a path this long; the file system would refuse it anyway.
    if (pathname.length > MAX_WEB_PATH) return reply.callNotFound()
    let file: string
    try {
      file = decodeURIComponent(pathname).replace(/^\/+/, '')
    } catch {
      return reply.code(400).send({ message: 'The address is not valid.' })
    }
    // A NUL character makes the file system calls throw instead of answering "no such file".
    if (file.includes('\0')) return reply.code(400).send({ message: 'The address is not valid.' })
    // Resolved, WEB_DIR has no trailing separator, so the prefix test below means "inside it".
    const root = path.resolve(webDir)
    const candidate = path.join(root, file)
    if (file && candidate.startsWith(root + path.sep) && isFile(candidate)) return reply.sendFile(file)
    // The sign-in page comes with its form as markup, usable before its script has run.
    if (pathname.replace(/\/+$/, '') === '/admin/login' && signInPage) {
      reply.header('Cache-Control', 'no-cache')
      return reply.sendFile(SERVED_SIGN_IN_PAGE)
    }
    const page = renderedPage ? await renderedPage(request) : null
    // A page rendered for the person is theirs alone, and stale at once.
    if (page)
      return reply.header('Cache-Control', 'private, no-store').type('text/html; charset=utf-8').send(page)
    reply.header('Cache-Control', 'no-cache')
    return reply.sendFile('index.html')
  })
}

/** The longest path the web fallback looks up (a file system path component stops at 255 bytes). */
const MAX_WEB_PATH = 1024

/** Whether a path names a file; a path through a file (index.html/x) or too long is not one, and does not throw. */
function isFile(candidate: string): boolean {
  try {
    return statSync(candidate, { throwIfNoEntry: false })?.isFile() ?? false
  } catch {
    return false
  }
}
