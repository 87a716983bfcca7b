import { describe, expect, it } from 'vitest'
import { bookableMinutes, bulletRanges, windowMinutes } from '../src/index.ts'

describe('occupancy definition (domain)', () => {
  it('gives a daylight-saving day its real window length and leaves blackout and archived days out', () => {
    expect(windowMinutes('2025-04-05', '00:00', '12:00', 'Australia/Sydney')).toBe(720)
    expect(windowMinutes('2025-04-06', '00:00', '12:00', 'Australia/Sydney')).toBe(780)
    // Spring forward (5 October 2025, 02:00 → 03:00): an hour shorter.
    expect(windowMinutes('2025-10-05', '00:00', '12:00', 'Australia/Sydney')).toBe(660)
    expect(windowMinutes('2025-04-06', '09:00', '17:00', 'Australia/Sydney')).toBe(480)
    const s1 = {
      startTime: '00:00',
      endTime: '12:00',
      zone: 'Australia/Sydney',
      archivedOn: null,
      blackouts: [
        { startDate: '2025-04-10', endDate: '2025-04-11' },
        { startDate: '2025-04-11', endDate: null },
      ],
    }
    expect(bookableMinutes(s1, '2025-04-01', '2025-05-01')).toBe(20220)
    const s3 = { ...s1, startTime: '09:00', endTime: '17:00', archivedOn: '2025-04-03', blackouts: [] }
    expect(bookableMinutes(s3, '2025-04-01', '2025-05-01')).toBe(960)
  })
})

describe('bullet bands', () => {
  it('steps up to the first band covering the largest value, at least one', () => {
    expect(bulletRanges(40, 25)).toEqual([25, 50])
    expect(bulletRanges(50, 25)).toEqual([25, 50])
    expect(bulletRanges(0, 150)).toEqual([150])
    expect(bulletRanges(2.5, 24)).toEqual([24])
  })
})
