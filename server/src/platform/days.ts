/**
 * Calendar days as the database keeps them (`date` columns, YYYY-MM-DD), on the server's calendar:
 * what an order's dates, a document's date, the day sequences and the dashboard's periods agree on.
 */
const pad = (n: number) => String(n).padStart(2, '0')

/** The day of a moment, YYYY-MM-DD. */
export const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

/** Today, YYYY-MM-DD. */
export const today = () => dayOf(new Date())

/** A day `n` days after (or before) `day`. */
export const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}
