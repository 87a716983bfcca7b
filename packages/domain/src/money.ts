/** Money is integer cents in code and numeric(12,2) in the database; no floating-point arithmetic on it. */
export type Cents = number

/** "1234.5", "1234.50", 1234.5 → 123450. Refuses more than two decimals and non-numbers. */
export function toCents(value: string | number): Cents {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim()
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
