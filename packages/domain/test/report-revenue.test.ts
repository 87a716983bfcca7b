import { describe, expect, it } from 'vitest'
import {
  averageBookingCents,
  averageBookingHours,
  financialYears,
  reportMoney,
  revenueVariance,
  sharePercent,
  targetMonths,
} from '../src/index.ts'

describe('revenue report rules', () => {
  it('rounds averages and shares once, half up, and 0 without bookings', () => {
    // 29 cents over 2 bookings = 14.5 → 15; 61600 over 3 = 20533.33 → 20533.
    expect([averageBookingCents(29, 2), averageBookingCents(61_600, 3), averageBookingCents(500, 0)]).toEqual(
      [15, 20_533, 0],
    )
    // 450 min over 4 bookings = 1.875 h → 1.88; 330 min over 3 = 1.8333 → 1.83.
    expect([averageBookingHours(450, 4), averageBookingHours(330, 3), averageBookingHours(60, 0)]).toEqual([
      1.88, 1.83, 0,
    ])
    // 330 of 770 = 42.857 % → 42.86; 1 of 8 = 12.5 %; of nothing 0.
    expect([sharePercent(33_000, 77_000), sharePercent(1, 8), sharePercent(5, 0)]).toEqual([42.86, 12.5, 0])
    expect([reportMoney(12_345), revenueVariance(68_200, 170_000)]).toEqual([123.45, -101_800])
  })

  it('lists financial years and the target months (calendar year and month) they read', () => {
    expect(financialYears(2025, 7, -1, 1).map((year) => [year.year, year.from, year.to, year.label])).toEqual(
      [
        [2024, '2024-07-01', '2025-07-01', 'FY 2024/25'],
        [2025, '2025-07-01', '2026-07-01', 'FY 2025/26'],
        [2026, '2026-07-01', '2027-07-01', 'FY 2026/27'],
      ],
    )
    const months = targetMonths('2025-07-01', '2026-07-01')
    expect(months).toHaveLength(12)
    expect([months[0], months[6], months[11]]).toEqual([
      { key: '2025-07', year: 2025, month: 7 },
      { key: '2026-01', year: 2026, month: 1 },
      { key: '2026-06', year: 2026, month: 6 },
    ])
  })
})
