import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { salesApi, salesKeys } from '../../api/sales.ts'
import type { LineAttributes, LineValue } from './order-form.ts'

/** How long the lines must stay still before their attributes are asked for again. */
export const ATTRIBUTES_DEBOUNCE_MS = 400

const useDebounced = <T>(value: T, ms: number): T => {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

/**
 * Boxes, weights and volume of each line and in total, and the container they fit in, from
 * `calculateProductAttributes` (the server knows the box specs and product weights). Asked again
 * once the lines have been still for a moment; the last answer stays shown meanwhile.
 */
export const useLineAttributes = (lines: readonly LineValue[], enabled: boolean) => {
  const request = useMemo(
    () => ({
      lines: lines
        .filter((l) => l.productId && l.unitId)
        .map((l) => ({ productId: l.productId, unitId: l.unitId, quantity: l.quantity ?? 0 })),
    }),
    [lines],
  )
  const settled = useDebounced(JSON.stringify(request), ATTRIBUTES_DEBOUNCE_MS)
  const input = useMemo(() => JSON.parse(settled) as typeof request, [settled])
  const query = useQuery({
    queryKey: salesKeys.attributes(input),
    queryFn: () => salesApi.attributes(input),
    enabled: enabled && input.lines.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })
  const data = input.lines.length > 0 ? query.data : undefined
  // the answer's lines follow the request's order; a line is matched by product, unit and quantity
  const byLine = useMemo(() => {
    const out = new Map<string, LineAttributes>()
    if (!data) return out
    const answered = data.lines
    for (const l of lines) {
      const i = input.lines.findIndex((r) => r.productId === l.productId && r.unitId === l.unitId)
      const a = i >= 0 ? answered[i] : undefined
      if (a && a.productId === l.productId && a.unitId === l.unitId) out.set(l.key, a)
    }
    return out
  }, [data, lines, input])
  return {
    byLine,
    suggestedContainer: data?.suggestedContainer ?? null,
    totals: data?.totals ?? null,
    calculating: query.isFetching || settled !== JSON.stringify(request),
  }
}
