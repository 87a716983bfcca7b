// The list headers' rules without zod: the web app's first page (sign in) imports them directly
// (`@spaceboard/domain/content-range`), list.ts re-exports them.

/** `Content-Range: start-end/total`; an empty result says `*\/total`. */
/**
 * Sent (as "true") beside a list's Content-Range when its total is an estimate: a large filtered
 * set is not counted to the last row on every page.
 */
export const TOTAL_ESTIMATED_HEADER = 'X-Total-Estimated'

export function formatContentRange(start: number, count: number, total: number): string {
  if (count === 0) return `*/${total}`
  return `${start}-${start + count - 1}/${total}`
}

export function parseContentRangeTotal(header: string | null | undefined): number {
  if (!header) return 0
  const total = Number(header.split('/')[1])
  return Number.isFinite(total) ? total : 0
}
