import { inUseMessage, messages, type Usage } from '@spaceboard/domain'
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'

export type FieldErrors = Record<string, string>

/**
 * An error whose status and message are meant for the client. It carries no stack trace: it is an
 * answer, not a fault, and capturing one through the request's async calls cost a refused booking
 * create about 0.08 ms (npm run bench booking-contested, where most of 50 racing creates are refused).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    /** More the client acts on, sent beside the message (e.g. the dates of a series that conflict). */
    readonly details?: Record<string, unknown>,
    /** Sent as Retry-After: when a refusal for being busy is worth trying again. */
    readonly retryAfterSeconds?: number,
  ) {
    const stackTraceLimit = Error.stackTraceLimit
    Error.stackTraceLimit = 0
    super(message)
    Error.stackTraceLimit = stackTraceLimit
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new HttpError(400, message, errors)
/** A validation failure on one field: the field's message is also the top-level message. */
export const fieldError = (field: string, message: string) =>
  new HttpError(400, message, { [field]: message })
export const unauthorized = (message: string = messages.notSignedIn) => new HttpError(401, message)
export const forbidden = (message: string = messages.forbidden) => new HttpError(403, message)
export const notFound = (message: string = messages.notFound) => new HttpError(404, message)
export const conflict = (message: string, errors?: FieldErrors) => new HttpError(409, message, errors)

/** Refuses (409) to delete a record others use, saying where: "This country is used by 3 organizations." */
export function refuseIfUsed(subject: string, uses: readonly Usage[]): void {
  const message = inUseMessage(subject, uses)
  if (message) throw conflict(message)
}

interface PgError {
  code?: string
  constraint?: string
}

/** SQLSTATEs that mean the input was wrong, not the server. */
const pgClientErrors: Record<string, number> = {
  '22P02': 400, // invalid text representation
  '22021': 400, // character not in repertoire (e.g. a NUL character in text)
  '22P05': 400, // untranslatable character
  '22003': 400, // numeric out of range
  '22001': 400, // string too long
  // Date and time values the database cannot hold, e.g. an instant of year 10000, which PGlite
  // writes +010000-…: the domain parser keeps dates from outside short of it, this is the backstop.
  '22007': 400, // invalid datetime format
  '22008': 400, // datetime field overflow
  '22009': 400, // invalid time zone displacement value
  '23514': 400, // check violation
  '23505': 409, // unique violation
  '23503': 409, // foreign key violation
  '23P01': 409, // exclusion violation
  '40P01': 409, // deadlock
  '40001': 409, // serialization failure
}

/** What a refusal by a named constraint means to the person who made the request. */
const constraintMessages: Record<string, string> = {
  // The occupancy exclusion constraint: someone else booked the slot first (DESIGN §4).
  booking_occupancy_no_overlap: messages.slotAlreadyBooked,
}

function pgErrorOf(error: unknown): PgError | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as PgError).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as PgError
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * Whether the database refused a duplicate on the named UNIQUE constraint (a save that raced
 * another past its own "already exists" check), so the feature can answer its own 409 message.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pgError = pgErrorOf(error)
  return pgError?.code === '23505' && pgError.constraint === constraint
}

function validationBody(
  issues: { instancePath: string; message?: string; keyword: string; params: unknown }[],
) {
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const keys = (issue.params as { keys?: string[] } | undefined)?.keys
    if (issue.keyword === 'unrecognized_keys' && keys) {
      for (const key of keys) errors[key] ??= messages.unknownField(key)
      continue
    }
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_'
    errors[field] ??= issue.message ?? 'Invalid value.'
  }
  const first = Object.values(errors)[0] ?? 'Invalid value.'
  return { message: first, errors }
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: request.url.startsWith('/api') ? messages.notFound : 'Not found.' })
  })

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(validationBody(error.validation))
    }
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds) reply.header('Retry-After', String(error.retryAfterSeconds))
      return reply.code(error.statusCode).send({
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...error.details,
      })
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ message: messages.malformedJson })
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(400).send({ message: messages.bodyTooLarge })
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(400).send({ message: 'Send the request body as application/json.' })
    }
    if (error.statusCode === 429) {
      return reply.code(429).send({ message: messages.signInRateLimited })
    }
    const pgError = pgErrorOf(error)
    const pgStatus = pgError?.code ? pgClientErrors[pgError.code] : undefined
    if (pgStatus) {
      request.log.warn({ code: pgError?.code, constraint: pgError?.constraint }, 'database refused the input')
      return reply.code(pgStatus).send({
        message:
          (pgError?.constraint && constraintMessages[pgError.constraint]) ??
          (pgStatus === 409 ? 'This conflicts with existing data.' : 'Invalid value.'),
      })
    }
    if (isResponseSerializationError(error))
      request.log.error({ err: error.cause }, 'response did not match its schema')
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ message: error.message })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.code(500).send({ message: messages.internalError })
  })
}
