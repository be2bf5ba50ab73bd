/** Days and times of the demo's stories, on the server's calendar as nextNumber and today() see them. */
export const HOUR = 3_600_000
export const DAY = 24 * HOUR
export { addDays, dayOf } from '../../../platform/days.ts'
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY)
/** `ms` after `at`, but never later than an hour before `until`. */
export const later = (at: Date, ms: number, until: Date) =>
  new Date(Math.min(at.getTime() + ms, until.getTime() - HOUR))
