import { describe, expect, it } from 'vitest'
import {
  marketingExtractAllowed,
  marketingExtractErrors,
  marketingExtractFilename,
  marketingMessages,
  marketingQuerySchema,
} from '../src/index.ts'

describe('direct marketing extract rules', () => {
  it('checks the dates in order, start not after end, and the organization for super (spec 3 §5)', () => {
    expect(marketingExtractErrors({}, false)).toEqual({
      startDate: marketingMessages.selectStartDate,
      endDate: marketingMessages.selectEndDate,
    })
    expect(Object.values(marketingExtractErrors({ endDate: '2026-01-01' }, true))[0]).toBe(
      marketingMessages.selectStartDate,
    )
    expect(marketingExtractErrors({ startDate: '2026-01-02', endDate: '2026-01-01' }, false)).toEqual({
      startDate: marketingMessages.startBeforeEnd,
    })
    expect(marketingExtractErrors({ startDate: '2026-01-01', endDate: '2026-01-01' }, false)).toEqual({})
    expect(marketingExtractErrors({ startDate: '2026-01-01', endDate: '2026-01-31' }, true)).toEqual({
      organization_id: marketingMessages.selectOrganization,
    })
    expect(
      marketingExtractErrors({ startDate: '2026-01-01', endDate: '2026-01-31', organization_id: 4 }, true),
    ).toEqual({})
  })

  it('is for super, and for others only with the direct_marketing feature', () => {
    expect(marketingExtractAllowed(true, {})).toBe(true)
    expect(marketingExtractAllowed(false, { direct_marketing: true })).toBe(true)
    expect(marketingExtractAllowed(false, { direct_marketing: false })).toBe(false)
    expect(marketingExtractAllowed(false, null)).toBe(false)
  })

  it('takes yyyy-MM-dd dates and All or a location id', () => {
    expect(marketingQuerySchema.parse({ startDate: '', center_id: '' })).toEqual({ center_id: 'All' })
    expect(marketingQuerySchema.parse({ center_id: '12' }).center_id).toBe(12)
    expect(marketingQuerySchema.safeParse({ startDate: '05-04-2026' }).success).toBe(false)
    expect(marketingQuerySchema.safeParse({ startDate: '2026-02-29' }).success).toBe(false)
    expect(marketingExtractFilename('2026-04-05', '2026-04-06')).toBe(
      'Marketing Extract 2026-04-05 2026-04-06.xlsx',
    )
  })
})
