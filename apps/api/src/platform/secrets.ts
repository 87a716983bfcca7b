import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/** AES-256-GCM for secrets at rest (Stripe keys, MS 365 and third-party passwords). */
export interface SecretBox {
  seal(plaintext: string): string
  open(sealed: string): string
}

export function createSecretBox(appSecret: string): SecretBox {
  const key = createHash('sha256').update(`spaceboard-secrets:${appSecret}`).digest()
  return {
    seal(plaintext) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.')
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.')
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      )
    },
  }
}

/**
 * What a write-only secret field of a payload means: absent keeps the stored value, '' clears it,
 * anything else replaces it (sealed).
 */
export function nextSealedValue(
  box: SecretBox,
  input: string | undefined,
  stored: string | null,
): string | null {
  if (input === undefined) return stored
  if (input === '') return null
  return box.seal(input)
}
