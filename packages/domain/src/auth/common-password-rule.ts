import { COMMON_PASSWORDS } from './common-passwords.ts'
import { setCommonPasswords } from './password-policy.ts'

// Imported for this effect: the password policy refuses the 10,000 most common passwords from here on.
setCommonPasswords(COMMON_PASSWORDS)
