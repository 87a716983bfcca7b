import { describe, expect, it } from 'vitest'
import { proposePrefixes } from '../src/index.ts'

const taken = (...booking: string[]) => ({
  booking: new Set(booking),
  refund: new Set(booking.map((p) => `CR${p}`)),
})

describe('proposePrefixes (issue 15 item 2)', () => {
  it('proposes the spec’s prefixes when free, and says nothing', () => {
    expect(proposePrefixes('Blue Ocean Hub', taken())).toEqual({
      booking_prefix: 'MH-BLU',
      refund_prefix: 'CRMH-BLU',
      default_booking_prefix: 'MH-BLU',
      note: '',
    })
  })

  it('proposes the next free prefix, MH-BL2 then MH-BL3 …, and says so', () => {
    expect(proposePrefixes('Blue Ocean Hub', taken('MH-BLU'))).toMatchObject({
      booking_prefix: 'MH-BL2',
      refund_prefix: 'CRMH-BL2',
      note: 'MH-BLU is already used by another organization, so the next free prefix MH-BL2 is proposed.',
    })
    expect(proposePrefixes('blue', taken('MH-BLU', 'MH-BL2')).booking_prefix).toBe('MH-BL3')
    const nine = ['MH-BLU', ...[2, 3, 4, 5, 6, 7, 8, 9].map((n) => `MH-BL${n}`)]
    expect(proposePrefixes('Blue', taken(...nine)).booking_prefix).toBe('MH-B10')
  })

  it('a taken refund prefix alone moves the proposal too', () => {
    const refundOnly = { booking: new Set<string>(), refund: new Set(['CRMH-BLU']) }
    expect(proposePrefixes('Blue', refundOnly).booking_prefix).toBe('MH-BL2')
  })
})
