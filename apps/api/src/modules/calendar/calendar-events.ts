import type { ServerResponse } from 'node:http'
import { CALENDAR_EVENT_NAME, type CalendarEvent, calendarEventSchema } from '@spaceboard/domain'
import type { Database } from '../../db/client.ts'
import { CALENDAR_CHANNEL } from './calendar.repository.ts'

/** A stream ends after this long and the browser opens it again (after the `retry` delay). */
export const STREAM_LIFETIME_MS = 15 * 60_000

/**
 * This often every stream gets a comment line, which keeps proxies and load balancers from closing
 * an idle one (most cut at 60 s), and the streams whose session has ended (signed out, revoked,
 * expired, the user archived) are closed: such a session hears nothing more after this time.
 */
export const HEARTBEAT_MS = 25_000

/** Which of the sessions are still open. */
export type OpenSessions = (sessionIds: string[]) => Promise<ReadonlySet<string>>

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

/**
 * The live side of the calendar (issue 16): each API process hears the booking announcements of
 * every process (PostgreSQL NOTIFY, one LISTEN per process, started with the first open calendar)
 * and writes each to the Server-Sent Events streams of its own open calendars of that organization
 * only. Writes are fire-and-forget: a slow reader only fills its own socket buffer.
 */
export class CalendarEvents {
  private readonly listeners = new Set<Listener>()
  private listening: Promise<() => Promise<void>> | null = null
  private heartbeat: NodeJS.Timeout | null = null
  private closed = false

  constructor(
    private readonly database: Database,
    private readonly openSessions: OpenSessions,
    private readonly onError: (error: unknown) => void,
    private readonly heartbeatMs = HEARTBEAT_MS,
  ) {}

  /**
   * Starts hearing the channel (once per process); resolves when LISTEN is in place, so a change
   * committed after a stream then opens is never missed.
   */
  async ready(): Promise<void> {
    if (!this.listening) {
      this.listening = this.database.listen(CALENDAR_CHANNEL, (payload) => this.relay(payload), this.onError)
      this.listening.catch(() => {
        this.listening = null
      })
    }
    await this.listening
  }

  private relay(payload: string) {
    let event: CalendarEvent
    try {
      event = calendarEventSchema.parse(JSON.parse(payload))
    } catch (error) {
      this.onError(error)
      return
    }
    const text = `event: ${CALENDAR_EVENT_NAME}\ndata: ${JSON.stringify(event)}\n\n`
    for (const listener of this.listeners)
      if (listener.organizationId === event.organizationId) send(listener.response, text)
  }

  /** Opens an SSE stream on `response` for one organization's events, until the client goes away or the server closes. */
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
    this.listeners.add(listener)
    const lifetime = setTimeout(() => {
      this.listeners.delete(listener)
      response.end()
    }, STREAM_LIFETIME_MS).unref()
    // A broken connection: the stream is over (and an unheard 'error' would end the process).
    response.on('error', () => this.listeners.delete(listener))
    response.on('close', () => {
      clearTimeout(lifetime)
      this.listeners.delete(listener)
    })
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => void this.beat(), this.heartbeatMs)
      this.heartbeat.unref()
    }
  }

  /** The heartbeat: closes the streams of ended sessions (one statement for all), writes a comment to the others. */
  private async beat() {
    const listeners = [...this.listeners]
    if (listeners.length === 0) return
    let open: ReadonlySet<string> | null = null
    try {
      open = await this.openSessions([...new Set(listeners.map((l) => l.sessionId))])
    } catch (error) {
      // The database is away: keep the streams (they carry nothing without it) and try next time.
      this.onError(error)
    }
    for (const listener of listeners) {
      if (open && !open.has(listener.sessionId)) {
        this.listeners.delete(listener)
        listener.response.end()
      } else send(listener.response, ': heartbeat\n\n')
    }
  }

  /** How many streams are open (tests, diagnostics). */
  get size() {
    return this.listeners.size
  }

  /** Ends every stream (so the server can close) and stops hearing the channel. */
  async close() {
    this.closed = true
    if (this.heartbeat) clearInterval(this.heartbeat)
    this.heartbeat = null
    for (const listener of this.listeners) listener.response.end()
    this.listeners.clear()
    const listening = this.listening
    this.listening = null
    if (listening) await (await listening.catch(() => async () => {}))()
  }
}
