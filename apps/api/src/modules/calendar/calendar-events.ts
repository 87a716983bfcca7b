import type { ServerResponse } from 'node:http'
import { CALENDAR_EVENT_NAME, type CalendarEvent, calendarEventSchema, messages } from '@spaceboard/domain'
import type { Database } from '../../db/client.ts'
import { CALENDAR_CHANNEL } from './calendar.repository.ts'

/** A stream ends after this long and the browser opens it again (after the `retry` delay). */
export const STREAM_LIFETIME_MS = 15 * 60_000

/**
 * This often every stream gets a comment line, which keeps proxies and load balancers from closing
 * an idle one (most cut at 60 s), and the streams whose session has ended without its row being
 * deleted (expired) are closed. A deleted session (signed out, revoked, password changed, user or
 * organization archived) is announced on SESSIONS_ENDED_CHANNEL and its streams end at once.
 */
export const HEARTBEAT_MS = 25_000

/** Streams one session may hold (a few tabs); the next is refused with a 429. */
export const STREAMS_PER_SESSION = 5
/** Streams one organization may hold in one process, so one organization cannot take them all. */
export const STREAMS_PER_ORGANIZATION = 200

/**
 * Every deleted session's id is NOTIFYed here on commit (migration 0029_security), by
 * whichever process deleted it.
 */
export const SESSIONS_ENDED_CHANNEL = 'sessions_ended'

/** The sessions of `sessionIds` still open, each with when it expires (ms since the epoch). */
export type OpenSessions = (sessionIds: string[]) => Promise<ReadonlyMap<string, number>>

/**
 * Writes unless the stream has ended: a write after end() emits an 'error' nobody listens to,
 * which would end the process.
 */
function send(response: ServerResponse, text: string) {
  if (!response.writableEnded && !response.destroyed) response.write(text)
}

interface Listener {
  organizationId: number
  sessionId: string
  response: ServerResponse
}

function addTo<K>(map: Map<K, Set<Listener>>, key: K, listener: Listener) {
  const set = map.get(key)
  if (set) set.add(listener)
  else map.set(key, new Set([listener]))
}

function removeFrom<K>(map: Map<K, Set<Listener>>, key: K, listener: Listener) {
  const set = map.get(key)
  if (!set) return
  set.delete(listener)
  if (set.size === 0) map.delete(key)
}

/**
 * The live side of the calendar (issue 16): each API process hears the booking announcements of
 * every process (PostgreSQL NOTIFY, one LISTEN per process, started with the first open calendar)
 * and writes each to the Server-Sent Events streams of its own open calendars of that organization
 * only. Writes are fire-and-forget: a slow reader only fills its own socket buffer.
 *
 * A stream lives no longer than its session (issue 42 item 17): before an event is written, each
 * session it goes to must have a kept check that still holds (until the session's expiry, and
 * until the session is announced ended); the sessions without one are checked first, all in one
 * statement. Events are written in the order they were heard.
 */
export class CalendarEvents {
  private readonly byOrganization = new Map<number, Set<Listener>>()
  private readonly bySession = new Map<string, Set<Listener>>()
  /** Session id → until when (ms since the epoch) its last check holds: its expiry. */
  private readonly checked = new Map<string, number>()
  private relaying: Promise<void> = Promise.resolve()
  private listening: Promise<() => Promise<void>> | null = null
  private heartbeat: NodeJS.Timeout | null = null
  private closed = false
  private streams = 0

  constructor(
    private readonly database: Database,
    private readonly openSessions: OpenSessions,
    private readonly onError: (error: unknown) => void,
    private readonly heartbeatMs = HEARTBEAT_MS,
  ) {}

  /**
   * Starts hearing the channels (once per process); resolves when LISTEN is in place on both, so a
   * change committed after a stream then opens is never missed.
   */
  async ready(): Promise<void> {
    if (!this.listening) {
      this.listening = this.listen()
      this.listening.catch(() => {
        this.listening = null
      })
    }
    await this.listening
  }

  private async listen() {
    const [bookings, sessions] = await Promise.allSettled([
      this.database.listen(CALENDAR_CHANNEL, (payload) => this.relay(payload), this.onError),
      this.database.listen(
        SESSIONS_ENDED_CHANNEL,
        (sessionId) => this.endSession(sessionId),
        this.onError,
        // (Again) listening: an ending announced while the channel was not heard is not known, so
        // every session is checked again before its next event.
        () => this.checked.clear(),
      ),
    ])
    const unlisten = [bookings, sessions].flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
    const stop = async () => {
      for (const one of unlisten) await one()
    }
    if (bookings.status === 'rejected' || sessions.status === 'rejected') {
      await stop()
      throw bookings.status === 'rejected' ? bookings.reason : (sessions as PromiseRejectedResult).reason
    }
    return stop
  }

  private relay(payload: string) {
    let event: CalendarEvent
    try {
      event = calendarEventSchema.parse(JSON.parse(payload))
    } catch (error) {
      this.onError(error)
      return
    }
    this.relaying = this.relaying.then(() => this.deliver(event))
  }

  private async deliver(event: CalendarEvent) {
    const listeners = this.byOrganization.get(event.organizationId)
    if (!listeners) return
    const now = Date.now()
    const unchecked = [...new Set([...listeners].map((l) => l.sessionId))].filter(
      (id) => (this.checked.get(id) ?? 0) <= now,
    )
    if (unchecked.length > 0) {
      let open: ReadonlyMap<string, number> = new Map()
      try {
        open = await this.openSessions(unchecked)
      } catch (error) {
        // Not known to be open: those streams end (the browser opens them again, through sign-in's check).
        this.onError(error)
      }
      for (const id of unchecked) {
        const expires = open.get(id)
        if (expires === undefined) this.endSession(id)
        else this.checked.set(id, expires)
      }
    }
    const text = `event: ${CALENDAR_EVENT_NAME}\ndata: ${JSON.stringify(event)}\n\n`
    for (const listener of this.byOrganization.get(event.organizationId) ?? []) send(listener.response, text)
  }

  /** Ends, at once, every stream of a session that has ended. */
  endSession(sessionId: string) {
    this.checked.delete(sessionId)
    for (const listener of this.bySession.get(sessionId) ?? []) this.end(listener)
  }

  private end(listener: Listener) {
    this.forget(listener)
    listener.response.end()
  }

  private forget(listener: Listener) {
    if (!this.bySession.get(listener.sessionId)?.has(listener)) return
    removeFrom(this.bySession, listener.sessionId, listener)
    removeFrom(this.byOrganization, listener.organizationId, listener)
    if (!this.bySession.has(listener.sessionId)) this.checked.delete(listener.sessionId)
    this.streams--
  }

  /** Why one more stream of this session and organization is refused (429), or null when it is not. */
  refusal(organizationId: number, sessionId: string): string | null {
    if ((this.bySession.get(sessionId)?.size ?? 0) >= STREAMS_PER_SESSION)
      return messages.calendarStreamsPerSession(STREAMS_PER_SESSION)
    if ((this.byOrganization.get(organizationId)?.size ?? 0) >= STREAMS_PER_ORGANIZATION)
      return messages.calendarStreamsPerOrganization(STREAMS_PER_ORGANIZATION)
    return null
  }

  /**
   * Opens an SSE stream on `response` for one organization's events, until the client goes away,
   * its session ends or the server closes. The caller has asked refusal() first, in the same turn.
   */
  open(organizationId: number, sessionId: string, response: ServerResponse) {
    if (this.closed) {
      response
        .writeHead(503, { 'Content-Type': 'application/json' })
        .end('{"message":"The server is stopping."}')
      return
    }
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      // nginx would otherwise hold events back in its buffer.
      'X-Accel-Buffering': 'no',
    })
    // The browser reconnects after 3 s when the stream breaks; the calendar refetches its window then.
    response.write(': connected\nretry: 3000\n\n')
    const listener = { organizationId, sessionId, response }
    addTo(this.byOrganization, organizationId, listener)
    addTo(this.bySession, sessionId, listener)
    this.streams++
    const lifetime = setTimeout(() => this.end(listener), STREAM_LIFETIME_MS).unref()
    // A broken connection: the stream is over (and an unheard 'error' would end the process).
    response.on('error', () => this.forget(listener))
    response.on('close', () => {
      clearTimeout(lifetime)
      this.forget(listener)
    })
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => void this.beat(), this.heartbeatMs)
      this.heartbeat.unref()
    }
  }

  /** The heartbeat: closes the streams of ended sessions (one statement for all), writes a comment to the others. */
  private async beat() {
    const sessionIds = [...this.bySession.keys()]
    if (sessionIds.length === 0) return
    let open: ReadonlyMap<string, number> | null = null
    try {
      open = await this.openSessions(sessionIds)
    } catch (error) {
      // The database is away: keep the streams (they carry nothing without it) and try next time.
      this.onError(error)
    }
    for (const sessionId of sessionIds) {
      const expires = open?.get(sessionId)
      if (open && expires === undefined) this.endSession(sessionId)
      else {
        if (expires !== undefined && this.bySession.has(sessionId)) this.checked.set(sessionId, expires)
        for (const listener of this.bySession.get(sessionId) ?? []) send(listener.response, ': heartbeat\n\n')
      }
    }
  }

  /** How many streams are open (tests, diagnostics). */
  get size() {
    return this.streams
  }

  /** Ends every stream (so the server can close) and stops hearing the channels. */
  async close() {
    this.closed = true
    if (this.heartbeat) clearInterval(this.heartbeat)
    this.heartbeat = null
    for (const listeners of [...this.bySession.values()]) for (const listener of listeners) this.end(listener)
    const listening = this.listening
    this.listening = null
    if (listening) await (await listening.catch(() => async () => {}))()
  }
}
