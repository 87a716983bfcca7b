import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export interface Config {
  port: number
  host: string
  dataDir: string
  /** PostgreSQL server instead of the embedded PGlite database. */
  databaseUrl: string | undefined
  appSecret: string
  publicUrl: string
  smtpUrl: string | undefined
  mailFrom: string
  /** What a new organization's booking (reply-to) and sender e-mail and contact number start as (spec 1 §9). */
  organizationDefaults: { booking_email: string; sender_email: string; contact_number: string }
  geocoderUrl: string
  mapTileUrl: string
  pricingUrl: string
  seedDemo: boolean
  /** Built SPA to serve; absent in API-only tests. */
  webDir: string | undefined
  logLevel: string
  /** Failed sign-ins allowed per account and per IP in 15 minutes. */
  signInFailuresPerAccount: number
  signInFailuresPerIp: number
  secureCookies: boolean
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

function intFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`Expected a whole number, got "${value}"`)
  return parsed
}

/** DATA_DIR, or ./data. */
export const dataDirOf = (env: NodeJS.ProcessEnv) => path.resolve(env.DATA_DIR ?? 'data')

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = intFrom(env.PORT, 3000)
  const dataDir = dataDirOf(env)
  const databaseUrl = env.DATABASE_URL || undefined
  const appSecret = env.APP_SECRET || readOrCreateSecret(dataDir)
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '')
  const mailFrom = env.MAIL_FROM || 'Spaceboard <no-reply@spaceboard.test>'
  // The platform's no-reply address: the address of MAIL_FROM ("Name <address>" or a bare address).
  const noReplyAddress = /<([^>]+)>/.exec(mailFrom)?.[1]?.trim() || mailFrom.trim()
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    appSecret,
    publicUrl,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom,
    organizationDefaults: {
      booking_email: noReplyAddress,
      sender_email: noReplyAddress,
      contact_number: env.DEFAULT_CONTACT_NUMBER || '+61 2 0000 0000',
    },
    geocoderUrl: env.GEOCODER_URL || 'https://nominatim.openstreetmap.org',
    mapTileUrl: env.MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    pricingUrl: env.PRICING_URL || 'https://spaceboard.example/pricing',
    seedDemo: env.SEED_DEMO === undefined ? !databaseUrl : env.SEED_DEMO === '1' || env.SEED_DEMO === 'true',
    webDir: env.WEB_DIR ?? path.resolve(import.meta.dirname, '../../web/dist'),
    logLevel: env.LOG_LEVEL ?? 'warn',
    signInFailuresPerAccount: intFrom(env.SIGN_IN_FAILURES_PER_ACCOUNT, 5),
    signInFailuresPerIp: intFrom(env.SIGN_IN_FAILURES_PER_IP, 50),
    secureCookies: publicUrl.startsWith('https://'),
    ...overrides,
  }
}
