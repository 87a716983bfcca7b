import { ApiError } from './api-client.ts'

/** The file name of a Content-Disposition header (the RFC 5987 form first), or null. */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1])
    } catch {
      // fall back to the plain form
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? null
}

/**
 * Downloads a file the API makes (an export, a PDF) with the session cookie: the caller can show
 * progress while the server works and the API's own message when it refuses (a filter error, say),
 * which a plain link would save as a file instead.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await fetch(path, { credentials: 'same-origin' })
  if (!response.ok) {
    let body: { message: string } = { message: response.statusText }
    try {
      const parsed = (await response.json()) as { message?: unknown }
      if (typeof parsed.message === 'string') body = { message: parsed.message }
    } catch {
      // not JSON
    }
    throw new ApiError(response.status, body)
  }
  const blob = await response.blob()
  const url = URL.createObjectURL(blob)
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = filenameOf(response.headers.get('Content-Disposition')) ?? fallbackName
    document.body.append(link)
    link.click()
    link.remove()
  } finally {
    // The click has handed the blob to the browser's download; give it a moment before letting go.
    setTimeout(() => URL.revokeObjectURL(url), 30_000)
  }
}
