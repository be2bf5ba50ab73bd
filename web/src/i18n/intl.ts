/** The locale Intl writes the interface language in. */
export const intlLocale = (lang: string) => (lang === 'en' ? 'en-US' : 'zh-CN')

const MONTH_STYLES = {
  month: { month: 'short' },
  yearMonth: { year: 'numeric', month: 'short' },
  full: { year: 'numeric', month: 'long' },
} satisfies Record<string, Intl.DateTimeFormatOptions>

const formats = new Map<string, Intl.DateTimeFormat>()

/** A month written in one of these styles in the interface language (formats kept). */
const monthFormat = (lang: string, style: keyof typeof MONTH_STYLES) => {
  const key = `${lang}|${style}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(lang), { ...MONTH_STYLES[style], timeZone: 'UTC' })
    formats.set(key, format)
  }
  return format
}

/** How a month ('2026-11') is labelled on an axis of months, in the interface language. */
export type MonthLabel = {
  /** The month alone: 11月, Nov. */
  month: string
  /** The year's number, under the first month and each January only: 2026. */
  year: string | null
  /** Both on one line where the year is shown (an aslant axis): 2026年11月, Nov 2026. */
  line: string
  /** The month in full, for a tooltip: 2026年11月, November 2026. */
  full: string
}

/**
 * The labels of an axis of consecutive months ('2025-12' ... '2026-11'): each month by its short
 * name, the year only where it starts (the first month, a January), as charts usually write them.
 */
export const monthLabels = (months: readonly string[], lang: string): MonthLabel[] =>
  months.map((m, i) => {
    const [year, month] = m.split('-').map(Number)
    const day = new Date(Date.UTC(year!, month! - 1, 1))
    const withYear = i === 0 || month === 1
    return {
      month: monthFormat(lang, 'month').format(day),
      year: withYear ? String(year) : null,
      line: monthFormat(lang, withYear ? 'yearMonth' : 'month').format(day),
      full: monthFormat(lang, 'full').format(day),
    }
  })
