/** Days and times of the demo's stories, on the server's calendar as nextNumber and today() see them. */
export const HOUR = 3_600_000
export const DAY = 24 * HOUR
const pad = (n: number) => String(n).padStart(2, '0')
/** A day as YYYY-MM-DD. */
export const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
export const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY)
/** `ms` after `at`, but never later than an hour ago. */
export const later = (at: Date, ms: number, now: Date) => new Date(Math.min(at.getTime() + ms, now.getTime() - HOUR))
