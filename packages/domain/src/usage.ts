/**
 * Where a record is used, as a refusal to delete it says (DESIGN §4: a record others point at is
 * never deleted from under them): "This country is used by 3 organizations and 5 locations."
 */
export interface Usage {
  count: number
  /** What one of them is called ("organization"); `many` when the plural is not one + s. */
  one: string
  many?: string
}

const listed = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`

/** The refusal text, or null when nothing uses the record (it may be deleted). */
export function inUseMessage(subject: string, uses: readonly Usage[]): string | null {
  const parts = uses
    .filter((use) => use.count > 0)
    .map((use) => `${use.count} ${use.count === 1 ? use.one : (use.many ?? `${use.one}s`)}`)
  if (!parts.length) return null
  return `This ${subject} is used by ${listed(parts)}.`
}
