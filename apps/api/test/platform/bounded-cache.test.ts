import { describe, expect, it } from 'vitest'
import { BoundedCache } from '../../src/platform/bounded-cache.ts'

describe('BoundedCache', () => {
  it('keeps at most `limit` entries, dropping the least recently used', () => {
    const cache = new BoundedCache<number>({ limit: 2 })
    cache.set('a', 1)
    cache.set('b', 2)
    expect(cache.get('a')).toBe(1)
    cache.set('c', 3)
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBe(1)
    expect(cache.get('c')).toBe(3)
    expect(cache.count).toBe(2)
  })

  it('keeps at most `budget` in size, and an entry set again counts once', () => {
    const cache = new BoundedCache<string>({ limit: 100, budget: 10, sizeOf: (text) => text.length })
    cache.set('a', 'xxxx')
    cache.set('b', 'yyyy')
    cache.set('a', 'zzzz')
    expect(cache.count).toBe(2)
    cache.set('c', 'wwww')
    // 12 > 10: the least recently used (b) goes.
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBe('zzzz')
    cache.set('d', 'x'.repeat(11))
    expect(cache.count).toBe(0)
  })

  it('drops the entries a predicate picks, and all on clear', () => {
    const cache = new BoundedCache<{ organizationId: number }>({ limit: 10 })
    cache.set('a', { organizationId: 1 })
    cache.set('b', { organizationId: 2 })
    cache.set('c', { organizationId: 1 })
    cache.deleteWhere((entry) => entry.organizationId === 1)
    expect(cache.count).toBe(1)
    expect(cache.get('b')).toEqual({ organizationId: 2 })
    cache.clear()
    expect(cache.count).toBe(0)
  })
})
