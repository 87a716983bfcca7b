// The password policy's common-password rule, on for every path of the API that sets a password.
import '@spaceboard/domain/auth/common-password-rule'
import { hash, verify } from '@node-rs/argon2'

// argon2id with the library defaults (OWASP: 19 MiB memory, 2 iterations).
export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

/** A hash of a random password, verified against when the account does not exist, so timing tells nothing. */
const decoy = hash('decoy-password-that-never-matches')

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await decoy, password)
    return false
  }
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}
