import { currencySymbol, roundMoneyText } from '@spaceboard/domain'
import { InputNumber, type InputNumberProps } from 'antd'

type MoneyInputProps = Omit<InputNumberProps<string>, 'value' | 'onChange' | 'stringMode' | 'precision'> & {
  value?: string | number | null
  onChange?: (value: string | null) => void
  /** The organization's currency: its symbol goes before the amount (issue 15). */
  currency?: string | null | undefined
}

/**
 * A money amount typed by a person: kept as the text typed (no binary float) and, on leaving the
 * field, rounded half-up to the cent in decimal by the domain's money helper (5.555 → 5.56), never
 * by `toFixed` on a float. Use it for every amount a form sends (DESIGN §4: no float money).
 */
export function MoneyInput({ value, onChange, onBlur, currency, ...props }: MoneyInputProps) {
  const text = value === null || value === undefined ? value : String(value)
  return (
    <InputNumber<string>
      stringMode
      min="0"
      step="0.01"
      // Shown with its two decimals once typed (12000 → 12000.00); the value itself is rounded by
      // the domain's helper on blur below.
      precision={2}
      style={{ width: '100%' }}
      {...(currency ? { prefix: currencySymbol(currency).trim() } : {})}
      {...props}
      value={text}
      onChange={(next) => onChange?.(next === null || next === undefined ? null : String(next))}
      onBlur={(event) => {
        const typed = event.target.value.replace(/,/g, '').trim()
        const rounded = typed ? roundMoneyText(typed) : null
        if (rounded !== null && rounded !== text) onChange?.(rounded)
        onBlur?.(event)
      }}
    />
  )
}
