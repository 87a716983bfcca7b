import type { onRouteHookHandler, onSendHookHandler } from 'fastify'
import type { Database } from '../../db/client.ts'
import { BoundedCache } from '../../platform/bounded-cache.ts'
import { brotli } from '../../platform/compression.ts'
import { CALENDAR_CHANNEL, CALENDAR_SETUP_CHANNEL } from './calendar.repository.ts'

/**
 * The most answers kept, and the most characters and compressed bytes of them together (a busy
 * month of 100 spaces is ~220,000 and ~40,000).
 */
const MOST_ANSWERS = 200
const MOST_CHARACTERS = 4_000_000

/** An answer's JSON text and, once it is kept, the same compressed for the browsers (brotli). */
export interface CalendarAnswer {
  text: string
  brotli: Buffer | null
}

interface Kept extends CalendarAnswer {
  organizationId: number
  version: string
}

/**
 * The calendar's window answers as sent (JSON text), kept per process: every open calendar of an
 * organization asks for the same window again and again (and again whenever any of its bookings
 * changes), and a month of 100 spaces costs 10–14 ms of reading and serialising 2,750 bookings.
 *
 * An answer is kept under the version of its organization it was computed at, read before
 * computing it, and served only while that version holds. The version moves with:
 * - every change PostgreSQL announces for the organization, from any process: its bookings
 *   (calendar_bookings, migration 0014) and everything else a window shows (calendar_setup, 0026:
 *   spaces, locations, regions, blackout periods, the date order, clients' and bookers' names);
 *   a change committed while an answer is computed moves the version it was read at, so that
 *   answer is never kept;
 * - every request of this process that may have written (anything but GET/HEAD/OPTIONS, see
 *   app.ts), before its answer leaves: whoever changed something here sees it at once, without
 *   waiting for PostgreSQL's announcement;
 * - every gap in hearing the channels (a broken connection is listened on again; what was
 *   announced meanwhile is lost): nothing is kept or served until both channels are heard again.
 * Another process's change reaches this one as fast as its announcement, as it reaches the live
 * calendars (calendar-events.ts). Concurrent requests for an answer being computed wait for it.
 *
 * A kept answer is compressed once, as it is kept: every browser asks in brotli, and compressing
 * the same text for each request was most of what a kept answer cost (a month of 100 spaces,
 * 217 KB: 236 answers a second instead of 490 uncompressed, npm run bench calendar).
 */
export class CalendarAnswers {
  private readonly kept = new BoundedCache<Kept>({
    limit: MOST_ANSWERS,
    budget: MOST_CHARACTERS,
    sizeOf: (entry) => entry.text.length + (entry.brotli?.length ?? 0),
  })
  private readonly computing = new Map<string, Promise<string>>()
  private readonly versions = new Map<number, number>()
  /** Moves for every organization at once. */
  private generation = 0
  private readonly heard = new Set<string>()
  private listening: Promise<(() => Promise<void>)[]> | null = null
  private closed = false

  constructor(
    private readonly database: Database,
    private readonly onError: (error: unknown) => void,
  ) {}

  /**
   * The answer `key` of the organization, kept or computed by `compute`. Until the channels are
   * heard (the first calendar request starts hearing them) every answer is computed.
   */
  async answer(organizationId: number, key: string, compute: () => Promise<string>): Promise<CalendarAnswer> {
    if (!this.serving()) {
      this.listen()
      return { text: await compute(), brotli: null }
    }
    const version = this.versionOf(organizationId)
    const kept = this.kept.get(key)
    if (kept && kept.version === version) return kept
    const computingKey = `${version} ${key}`
    let computing = this.computing.get(computingKey)
    if (!computing) {
      computing = compute()
      this.computing.set(computingKey, computing)
      computing.then(
        (text) => {
          this.computing.delete(computingKey)
          if (this.serving() && this.versionOf(organizationId) === version)
            this.kept.set(key, { organizationId, version, text, brotli: brotli(text) })
        },
        () => this.computing.delete(computingKey),
      )
    }
    return { text: await computing, brotli: null }
  }

  /** Everything kept may be out of date: a request of this process may have changed anything. */
  forgetAll() {
    this.generation++
    this.kept.clear()
  }

  /** Stops hearing the channels; nothing is kept after. */
  async close() {
    this.closed = true
    this.forgetAll()
    const listening = this.listening
    this.listening = null
    this.heard.clear()
    if (listening) for (const unlisten of await listening.catch(() => [])) await unlisten()
  }

  /** How many answers are kept (tests). */
  get size() {
    return this.kept.count
  }

  /** How many announcements of the organization's changes this process has heard (tests). */
  changesHeard(organizationId: number) {
    return this.versions.get(organizationId) ?? 0
  }

  private serving() {
    return !this.closed && this.heard.size === 2
  }

  private versionOf(organizationId: number) {
    return `${this.generation}.${this.versions.get(organizationId) ?? 0}`
  }

  private changed(organizationId: number | null) {
    if (organizationId === null) {
      this.forgetAll()
      return
    }
    this.versions.set(organizationId, (this.versions.get(organizationId) ?? 0) + 1)
    this.kept.deleteWhere((entry) => entry.organizationId === organizationId)
  }

  private listen() {
    if (this.listening || this.closed) return
    const hear = (channel: string, organizationOf: (payload: string) => number | null) =>
      this.database.listen(
        channel,
        (payload) => this.changed(organizationOf(payload)),
        (error) => {
          this.heard.delete(channel)
          this.forgetAll()
          this.onError(error)
        },
        () => {
          // Heard (again): whatever was announced before is not known to have been heard.
          this.forgetAll()
          if (!this.closed) this.heard.add(channel)
        },
      )
    const listening = Promise.allSettled([
      hear(CALENDAR_CHANNEL, bookingOrganization),
      hear(CALENDAR_SETUP_CHANNEL, (payload) => (/^\d+$/.test(payload) ? Number(payload) : null)),
    ]).then(async (results) => {
      const unlisten = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
      const failed = results.find((r) => r.status === 'rejected')
      if (!failed) return unlisten
      // Both or neither: the next calendar request tries again.
      this.heard.clear()
      for (const stop of unlisten) await stop()
      throw failed.reason
    })
    this.listening = listening
    listening.catch((error) => {
      if (this.listening === listening) this.listening = null
      this.onError(error)
    })
  }
}

/**
 * An onRoute hook: every route that may write (any method but GET, HEAD and OPTIONS) forgets the
 * kept answers before its answer leaves, so whoever changed something sees it at once, before
 * PostgreSQL's announcement arrives. Added per route, so that reads pay nothing for it; it sees
 * only the routes registered after it.
 */
export function forgetOnWrites(answers: CalendarAnswers): onRouteHookHandler {
  const forget: onSendHookHandler = (_request, _reply, payload, done) => {
    answers.forgetAll()
    done(null, payload)
  }
  return (route) => {
    if (
      [route.method].flat().every((method) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS')
    )
      return
    route.onSend = [...[route.onSend ?? []].flat(), forget]
  }
}

/** The organization of a booking announcement (CalendarEvent JSON); null (every organization) if unreadable. */
function bookingOrganization(payload: string): number | null {
  try {
    const organizationId = (JSON.parse(payload) as { organizationId?: unknown }).organizationId
    return typeof organizationId === 'number' ? organizationId : null
  } catch {
    return null
  }
}
