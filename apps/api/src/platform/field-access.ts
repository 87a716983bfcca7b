import { type FieldRule, fieldRefusal, mayChangeField, type UserType } from '@spaceboard/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from './errors.ts'

/**
 * The keys each request's JSON body had as sent, before validation filled in defaults: a field the
 * client left out is not a change, whatever default the schema gives it.
 */
const sentKeys = new WeakMap<FastifyRequest, ReadonlySet<string>>()

export function registerSentFields(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const body = request.body
    if (body && typeof body === 'object' && !Array.isArray(body))
      sentKeys.set(request, new Set(Object.keys(body)))
  })
}

export function sentFields(request: FastifyRequest): ReadonlySet<string> {
  return sentKeys.get(request) ?? new Set()
}

/**
 * A write-only secret as `stored` holds it: set or not, never its value. Any secret sent then
 * differs from it, and so does '' (which clears a set one).
 */
export const storedSecret = (isSet: boolean) => (isSet ? { secret: 'set' } : undefined)

const isEmpty = (value: unknown) => value === undefined || value === null || value === ''

/**
 * Whether a sent value says what is stored: 10 and "10.00" alike, empty and null alike, objects by
 * the keys sent (a key left out of `features` or a code list keeps what is stored).
 */
function sameValue(sent: unknown, stored: unknown): boolean {
  if (isEmpty(sent) || isEmpty(stored)) return isEmpty(sent) && isEmpty(stored)
  if (typeof sent === 'object' || typeof stored === 'object') {
    if (typeof sent !== 'object' || typeof stored !== 'object') return false
    const a = sent as Record<string, unknown>
    const b = stored as Record<string, unknown>
    return Object.keys(a).every((key) => sameValue(a[key], b[key]))
  }
  const [x, y] = [Number(sent), Number(stored)]
  if (typeof sent !== 'boolean' && typeof stored !== 'boolean' && Number.isFinite(x) && Number.isFinite(y))
    return x === y
  return String(sent) === String(stored)
}

/**
 * Refuses (403, naming the field) a change to a field the actor's role may not change, instead of
 * dropping it and answering success. A form sends its whole record, so a field sent back as stored
 * (or not sent at all) passes; `stored` is the record as its GET shows it.
 */
export function refuseForbiddenChanges(
  actorType: UserType,
  rules: Record<string, FieldRule>,
  sent: ReadonlySet<string>,
  input: Record<string, unknown>,
  stored: Record<string, unknown>,
): void {
  for (const [field, rule] of Object.entries(rules)) {
    if (!sent.has(field) || mayChangeField(actorType, rule)) continue
    if (sameValue(input[field], stored[field])) continue
    const message = fieldRefusal(rule)
    throw new HttpError(403, message, { [field]: message })
  }
}
