/**
 * A map of at most `limit` entries and, measured by `sizeOf`, at most `budget` in all: the least
 * recently used go first. What the app keeps in memory for later requests (report-memo.ts,
 * calendar-answers.ts) is bounded by it, so no mix of requests can grow it without end.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, V>()
  private size = 0

  constructor(private readonly options: { limit: number; budget?: number; sizeOf?: (value: V) => number }) {}

  /** The value under `key`, now the most recently used; undefined if none. */
  get(key: string): V | undefined {
    const value = this.entries.get(key)
    if (value !== undefined) {
      this.entries.delete(key)
      this.entries.set(key, value)
    }
    return value
  }

  set(key: string, value: V) {
    this.delete(key)
    this.entries.set(key, value)
    this.size += this.sizeOf(value)
    const budget = this.options.budget ?? Number.POSITIVE_INFINITY
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.options.limit && this.size <= budget) break
      this.delete(oldest)
    }
  }

  delete(key: string) {
    const value = this.entries.get(key)
    if (value === undefined) return
    this.entries.delete(key)
    this.size -= this.sizeOf(value)
  }

  /** Drops every entry whose value `drop` picks. */
  deleteWhere(drop: (value: V) => boolean) {
    for (const [key, value] of this.entries) if (drop(value)) this.delete(key)
  }

  clear() {
    this.entries.clear()
    this.size = 0
  }

  get count() {
    return this.entries.size
  }

  private sizeOf(value: V) {
    return this.options.sizeOf?.(value) ?? 0
  }
}
