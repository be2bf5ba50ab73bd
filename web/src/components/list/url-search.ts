import type { FieldMeta } from '@app/contracts'
import dayjs from 'dayjs'

/**
 * A list's search taken from its URL (`/sale/orderList?status=100801`, the dashboard's tiles): each
 * query parameter named after a search field of the resource; `in` fields take a comma list, `range`
 * fields `from,to` (either end may be empty). Other parameters (`busObjNo`...) are not searches.
 */
export const searchFromUrl = (fields: Record<string, FieldMeta>, params: URLSearchParams) => {
  const out: Record<string, unknown> = {}
  for (const [name, raw] of params) {
    const meta = fields[name]
    const value = raw.trim()
    if (!meta?.search || !value) continue
    if (meta.search === 'in') out[name] = value.split(',').filter(Boolean)
    else if (meta.search === 'range') {
      const [from = '', to = ''] = value.split(',')
      out[name] = [from, to]
    } else out[name] = value
  }
  return out
}

/** The same search as the search form's values (dates as dayjs), so the form shows what is applied. */
export const formValuesOf = (fields: Record<string, FieldMeta>, search: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(search).map(([name, value]) => {
      const meta = fields[name]
      if (meta?.search === 'range' && Array.isArray(value) && (meta.type === 'date' || meta.type === 'datetime'))
        return [name, value.map((v) => (v ? dayjs(String(v)) : null))]
      return [name, value]
    }),
  )
