import { describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, DEMO_PASSWORD_HASH } from '../../src/db/seed/seed.ts'
import { hashPassword, verifyPassword } from '../../src/platform/passwords.ts'

// The demo users' hash is written in seed.ts rather than made by every seed.

describe("the demo password's stored hash", () => {
  it('verifies the demo password and no other', async () => {
    expect(await verifyPassword(DEMO_PASSWORD_HASH, DEMO_PASSWORD)).toBe(true)
    expect(await verifyPassword(DEMO_PASSWORD_HASH, `${DEMO_PASSWORD}x`)).toBe(false)
  })

  it("has the algorithm and parameters of hashPassword's hashes", async () => {
    const settings = (hash: string) => hash.split('$').slice(1, 4).join('$')
    expect(settings(DEMO_PASSWORD_HASH)).toBe(settings(await hashPassword('any password')))
  })
})
