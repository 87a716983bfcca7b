import { describe, expect, it } from 'vitest'
import { can, countrySchema, globalRegionSchema, messages, profileUpdateSchema } from '../src/index.ts'

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message

describe('country rules (spec 1 §5)', () => {
  it.each([
    [{ name: '', code: 'AU' }, messages.countryNameRequired],
    [{ name: 'Austr4lia', code: 'AU' }, messages.countryNameCharacters],
    [{ name: 'A'.repeat(51), code: 'AU' }, messages.countryNameCharacters],
    [{ name: 'Australia', code: '' }, messages.countryCodeRequired],
    [{ name: 'Australia', code: 'au' }, messages.countryCodeCapitals],
    [{ name: 'Australia', code: 'A' }, messages.countryCodeCapitals],
    [{ name: 'Australia', code: 'AUST' }, messages.countryCodeCapitals],
  ])('%o → %s', (input, message) => {
    expect(firstMessage(countrySchema.safeParse(input))).toBe(message)
  })

  it('accepts names with spaces and 2–3 capitals', () => {
    expect(countrySchema.parse({ name: 'New Zealand', code: 'NZL' })).toEqual({
      name: 'New Zealand',
      code: 'NZL',
    })
  })
})

describe('global region and profile rules', () => {
  it('needs a name and a code', () => {
    expect(firstMessage(globalRegionSchema.safeParse({ name: '', code: 'X' }))).toBe(
      messages.globalRegionNameRequired,
    )
    expect(firstMessage(globalRegionSchema.safeParse({ name: 'X', code: ' ' }))).toBe(
      messages.globalRegionCodeRequired,
    )
  })

  it('profile: required fields and a valid email', () => {
    expect(
      firstMessage(profileUpdateSchema.safeParse({ first_name: '', last_name: 'a', email: 'a@b.co' })),
    ).toBe(messages.fieldRequired)
    expect(
      firstMessage(profileUpdateSchema.safeParse({ first_name: 'a', last_name: 'a', email: 'a@' })),
    ).toBe(messages.profileEmailInvalid)
  })
})

describe('permission table', () => {
  it('lets only super change countries and global regions, and every role read them', () => {
    expect(can('super', 'countries.write')).toBe(true)
    for (const type of ['admin', 'csr', 'basic'] as const) {
      expect(can(type, 'countries.write')).toBe(false)
      expect(can(type, 'global-regions.write')).toBe(false)
      expect(can(type, 'countries.read')).toBe(true)
    }
    expect(can('basic', 'admin.access')).toBe(false)
    expect(can(null, 'countries.read')).toBe(false)
  })
})
