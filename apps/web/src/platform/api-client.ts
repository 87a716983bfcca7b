import { parseContentRangeTotal, TOTAL_ESTIMATED_HEADER } from '@spaceboard/domain/content-range'
import { messages } from '@spaceboard/domain/messages'

/** The error body every API route answers with: `{ message, errors?: { field: message } }`. */
export interface ApiErrorBody {
  message: string
  errors?: Record<string, string>
}

export class ApiError extends Error {
  readonly status: number
  readonly errors: Record<string, string>
  /** The whole answer, for the routes that say more than message and errors (a 409's `confirm`, say). */
  readonly body: Readonly<Record<string, unknown>>

  constructor(status: number, body: ApiErrorBody & Record<string, unknown>) {
    super(body.message)
    this.name = 'ApiError'
    this.status = status
    this.errors = body.errors ?? {}
    this.body = body
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  body?: unknown
  headers?: Record<string, string>
  /**
   * What a 401 means for this call. `session` (default): the session is gone, so the app signs the
   * person out and sends them to the sign-in page. `error`: the caller handles it (sign in itself).
   */
  on401?: 'session' | 'error'
  signal?: AbortSignal
}

type UnauthorizedListener = () => void
let unauthorizedListener: UnauthorizedListener | null = null

/** The app shell registers what happens when a call answers 401 (toast + redirect to sign in). */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListener = listener
  return () => {
    if (unauthorizedListener === listener) unauthorizedListener = null
  }
}

async function readError(response: Response): Promise<ApiErrorBody & Record<string, unknown>> {
  try {
    const body = (await response.json()) as Partial<ApiErrorBody> & Record<string, unknown>
    if (body && typeof body.message === 'string') return { ...body, message: body.message }
  } catch {
    // not JSON: fall through to the generic text
  }
  return { message: messages.internalError }
}

/** How a request goes out: the browser's fetch, or on the server's render of a page (ssr.tsx) the server itself. */
let transport: (path: string, init: RequestInit) => Promise<Response> = (path, init) => fetch(path, init)

export function setTransport(next: typeof transport): void {
  transport = next
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  const init: RequestInit = {
    method: options.method ?? 'GET',
    credentials: 'same-origin',
    headers,
  }
  if (options.signal) init.signal = options.signal
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    init.body = JSON.stringify(options.body)
  }
  let response: Response
  try {
    response = await transport(path, init)
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError(0, { message: messages.internalError })
  }
  if (response.ok) return response
  const body = await readError(response)
  if (response.status === 401 && (options.on401 ?? 'session') === 'session') unauthorizedListener?.()
  throw new ApiError(response.status, body)
}

async function readJson<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T
  const text = await response.text()
  return (text ? JSON.parse(text) : undefined) as T
}

/** One JSON call with the session cookie. Throws `ApiError` for every non-2xx answer. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return readJson<T>(await send(path, options))
}

export interface Page<T> {
  rows: T[]
  total: number
  /** The server estimated the total (a large filtered set): the pager says "About". */
  estimated: boolean
}

/** A list call: sends `Range: start-end`, reads the total after the slash of `Content-Range`. */
export async function apiPage<T>(
  path: string,
  range: { start: number; end: number },
  signal?: AbortSignal,
): Promise<Page<T>> {
  const options: RequestOptions = { headers: { Range: `${range.start}-${range.end}` } }
  if (signal) options.signal = signal
  const response = await send(path, options)
  const rows = (await readJson<T[]>(response)) ?? []
  const header = response.headers.get('Content-Range')
  return {
    rows,
    total: header ? parseContentRangeTotal(header) : rows.length,
    estimated: response.headers.get(TOTAL_ESTIMATED_HEADER) === 'true',
  }
}

/** Query string of the given values, leaving out empty ones. */
export function queryString(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue
    params.set(key, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

export interface UploadAnswer<T> {
  ok: boolean
  status: number
  /** The JSON body, whatever its shape (upload routes answer `{ file: [{ url } | { error }] }`). */
  body: T | null
}

/**
 * A multipart upload with the session cookie. Upload routes answer their own shape for refusals
 * too, so the body is given back for every status; a 401 still ends the session as for api().
 */
export async function apiUpload<T>(path: string, form: FormData): Promise<UploadAnswer<T>> {
  let response: Response
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      body: form,
    })
  } catch {
    return { ok: false, status: 0, body: null }
  }
  if (response.status === 401) unauthorizedListener?.()
  let body: T | null = null
  try {
    body = (await response.json()) as T
  } catch {
    // not JSON: no body
  }
  return { ok: response.ok, status: response.status, body }
}
