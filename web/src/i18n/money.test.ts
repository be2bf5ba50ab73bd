import { describe, expect, it } from 'vitest'
import { formatAmounts, formatMoney } from './money.ts'

describe('money as the interface language writes it', () => {
  it('has two decimals and the currency, by language', () => {
    expect(formatMoney(178203.7, 'CNY', 'zh')).toBe('¥178,203.70')
    expect(formatMoney(12000, 'USD', 'zh')).toBe('US$12,000.00')
    expect(formatMoney(178203.7, 'CNY', 'en')).toBe('CN¥178,203.70')
    expect(formatMoney(12000, 'USD', 'en')).toBe('$12,000.00')
  })

  it('writes an amount without a currency as the number, and keeps a code Intl does not know', () => {
    expect(formatMoney(178203.7, null, 'zh')).toBe('178,203.70')
    expect(formatMoney(5, 'US', 'en')).toBe('5.00 US')
  })

  it('puts several currencies side by side, never added', () => {
    const amounts = [
      { currency: 'CNY', amount: 178203.7 },
      { currency: 'USD', amount: 12000 },
    ]
    expect(formatAmounts(amounts, 'zh')).toBe('¥178,203.70 · US$12,000.00')
    expect(formatAmounts([], 'en')).toBe('0.00')
  })
})
