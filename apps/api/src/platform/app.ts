import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from '../config.ts'
import type { CalendarAnswers } from '../modules/calendar/calendar-answers.ts'
import type { BackgroundWork } from './background.ts'
import type { HeavyWork } from './heavy-work.ts'
import type { Mailer } from './mail.ts'
import type { SecretBox } from './secrets.ts'

/** The Fastify instance every routes file registers on (its own file: app.ts imports the routes). */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>

/** What the routes get from buildApp besides the database. */
export interface AppDeps {
  config: Config
  mailer: Mailer
  secrets: SecretBox
  heavyWork: HeavyWork
  background: BackgroundWork
  calendarAnswers: CalendarAnswers
}
