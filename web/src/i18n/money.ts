import type { Money } from '@app/contracts'
import { intlLocale } from './intl.ts'

const formats = new Map<string, Intl.NumberFormat>()

const numberFormat = (lang: string, currency: string | null) => {
  const key = `${lang}|${currency ?? ''}`
  let format = formats.get(key)
  if (!format) {
    const cents = { minimumFractionDigits: 2, maximumFractionDigits: 2 }
    format = new Intl.NumberFormat(intlLocale(lang), currency ? { ...cents, style: 'currency', currency } : cents)
    formats.set(key, format)
  }
  return format
}

/**
 * An amount in its currency as the interface language writes it, to the cent: ¥178,203.70 and
 * US$12,000.00 in Chinese, CN¥178,203.70 and $12,000.00 in English (Intl.NumberFormat). An amount
 * without a currency is the number alone; a code Intl does not take follows the number.
 */
export const formatMoney = (amount: number, currency: string | null, lang: string) => {
  if (!currency) return numberFormat(lang, null).format(amount)
  try {
    return numberFormat(lang, currency).format(amount)
  } catch {
    return `${numberFormat(lang, null).format(amount)} ${currency}`
  }
}

/** Amounts in several currencies on one line, never added: ¥178,203.70 · US$12,000.00. */
export const formatAmounts = (amounts: readonly Money[], lang: string) =>
  amounts.length === 0
    ? formatMoney(0, null, lang)
    : amounts.map((m) => formatMoney(m.amount, m.currency, lang)).join(' · ')
