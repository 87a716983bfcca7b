import { type Currency, currencySymbols } from './organizations/constants.ts'

/** Money is integer cents in code and numeric(12,2) in the database; no floating-point arithmetic on it. */
export type Cents = number

/** A number's decimal text as written (5.555 → "5.555"), without an exponent (1e-7 → "0.0000001"). */
export function decimalText(value: number): string {
  const text = String(value)
  if (!/e/i.test(text)) return text
  return value
    .toFixed(20)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '')
}

/**
 * A decimal text rounded half-up (away from zero) to `places` decimals on its digits, never on a
 * binary float: "5.555" → "5.56", "1.005" → "1.01", "-2.345" → "-2.35", "7" → "7.00". Null when
 * the text is not a plain decimal number.
 */
export function roundDecimalText(value: string | number, places = 2): string | null {
  const text = typeof value === 'number' ? decimalText(value) : value.trim()
  const match = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(text)
  if (!match || (!match[2] && !match[3])) return null
  const negative = match[1] === '-'
  const fraction = (match[3] ?? '').padEnd(places + 1, '0')
  let digits = BigInt(`${match[2] || '0'}${fraction.slice(0, places)}`)
  if (Number(fraction[places]) >= 5) digits += 1n
  const body = digits.toString().padStart(places + 1, '0')
  const whole = body.slice(0, body.length - places)
  const rounded = places ? `${whole}.${body.slice(body.length - places)}` : whole
  return negative && digits !== 0n ? `-${rounded}` : rounded
}

/** A money amount as typed (text or number) rounded half-up to the cent in decimal: "5.555" → "5.56". */
export function roundMoneyText(value: string | number): string | null {
  return roundDecimalText(value, 2)
}

/**
 * "1234.5", "1234.50", 1234.5 → 123450. Refuses a text with more than two decimals and
 * non-numbers; a number is rounded half-up to the cent on its decimal digits (5.555 → 556).
 */
export function toCents(value: string | number): Cents {
  const text = typeof value === 'number' ? (roundMoneyText(value) ?? String(value)) : value.trim()
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) throw new Error(`Not an amount with at most two decimals: ${text}`)
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'))
  return match[1] ? -cents : cents
}

/** 123450 → "1234.50" (the database's text form). */
export function centsToDecimal(cents: Cents): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/**
 * The symbol an amount is shown with (spec 2 §9: usd, aud, hkd, mxn, sgd, inr, try, gbp, eur, thb,
 * zar); any other currency is shown by its code, upper-cased, and a missing one as USD's.
 */
export function currencySymbol(code: string | null | undefined): string {
  const key = (code || 'usd').toLowerCase() as Currency
  return currencySymbols[key] ?? `${key.toUpperCase()} `
}

/** 123450 → "1,234.50": two decimals, thousands grouped. */
export function formatCents(cents: Cents): string {
  const abs = Math.abs(cents)
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${cents < 0 ? '-' : ''}${whole}.${String(abs % 100).padStart(2, '0')}`
}

/**
 * An amount as the confirmation shows it: the currency's symbol and two decimals, a refund or
 * discount with its minus first (−A$10.00). Cents or the API's decimal text ("1234.50").
 */
export function formatMoney(
  amount: Cents | string,
  currency: string | null | undefined,
  symbol?: string,
): string {
  const cents = typeof amount === 'string' ? toCents(amount) : amount
  const text = formatCents(Math.abs(cents))
  return `${cents < 0 ? '-' : ''}${symbol ?? currencySymbol(currency)}${text}`
}
