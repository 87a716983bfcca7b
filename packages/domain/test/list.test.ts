import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  countryListQuerySchema,
  formatContentRange,
  messages,
  parseContentRangeTotal,
  parseRange,
  rangeForPage,
  searchSchema,
  showPager,
} from '../src/index.ts'

describe('Range and Content-Range', () => {
  it('parses start-end and refuses malformed or oversized ranges', () => {
    expect(parseRange('0-19')).toEqual({ start: 0, end: 19 })
    expect(parseRange('items=20-39')).toEqual({ start: 20, end: 39 })
    expect(parseRange(undefined)).toBeNull()
    for (const bad of ['19-0', 'a-b', '0-', '-5', '0-5000', '0-19,40-59']) {
      expect(() => parseRange(bad)).toThrow(messages.invalidRange)
    }
  })

  it('pages of 20 map to 0-19, 20-39 …', () => {
    expect(rangeForPage(1)).toEqual({ start: 0, end: 19 })
    expect(rangeForPage(3)).toEqual({ start: 40, end: 59 })
    expect(rangeForPage(2, 4)).toEqual({ start: 4, end: 7 })
  })

  it('Content-Range round-trips its total', () => {
    fc.assert(
      fc.property(
        fc.nat(10_000),
        fc.nat(100),
        fc.nat(100_000),
        (start, count, total) => parseContentRangeTotal(formatContentRange(start, count, total)) === total,
      ),
    )
    expect(formatContentRange(0, 20, 57)).toBe('0-19/57')
    expect(formatContentRange(60, 0, 57)).toBe('*/57')
  })

  it('shows the pager only above the threshold', () => {
    expect(showPager(20)).toBe(false)
    expect(showPager(21)).toBe(true)
    expect(showPager(1, 0)).toBe(true)
  })
})

describe('list query', () => {
  it('defaults and whitelists the order', () => {
    expect(countryListQuerySchema.parse({})).toMatchObject({ search: '', order: '', direct: 'asc', page: 1 })
    const wrong = countryListQuerySchema.safeParse({ order: 'password_hash' })
    expect(wrong.success).toBe(false)
    expect(wrong.error?.issues[0]?.message).toBe(messages.invalidOrder(['name', 'code', 'updated_at']))
    expect(countryListQuerySchema.safeParse({ direct: 'sideways' }).error?.issues[0]?.message).toBe(
      messages.invalidDirect,
    )
  })

  it('accepts any printable text in search (a bound parameter), refusing only control characters', () => {
    for (const good of [
      "O'Brien",
      "'; drop table x; --",
      'a"b',
      'x -- y',
      'a;b',
      '/* c */',
      'a\\b',
      '50%',
      'New Zealand',
      'jane.doe@example.com',
      'São Paulo',
      'tab\there',
      '',
    ]) {
      expect(searchSchema.safeParse(good).success, good).toBe(true)
    }
    for (const bad of ['a\u0000b', 'line\nbreak', 'esc\u001b[0m', 'del\u007f']) {
      expect(searchSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe(messages.invalidSearch)
    }
  })
})
