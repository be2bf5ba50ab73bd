import { type ApplyModifyDetail, ApprovalStatus, ModifyType } from '@app/contracts'
import { q3 } from './delivery-form.ts'

type Line = ApplyModifyDetail['lines'][number]
type Side = { quantity: number; amount: number }
export type Totals = { amount: number; boxes: number | null }

/** The diff a compare view shows, and which reading of it applies. */
export type Compare = {
  lines: Line[]
  totals: { before: Totals; after: Totals }
  /** open: the order now and after approval; approved: the order before (worked back) and now; rejected: now and as asked. */
  reading: 'open' | 'approved' | 'rejected'
}

const cents = (n: number) => Math.round(n * 100) / 100
const change = (l: Line) => (l.type === ModifyType.Reduce ? -l.quantity : l.quantity)
const amountChange = (lines: readonly Line[]) =>
  lines.reduce((sum, l) => sum + ((l.after?.amount ?? 0) - (l.before?.amount ?? 0)), 0)

/**
 * The server compares a request with its order as the order is now. Under review that is the
 * diff asked. Once approved the order already carries the change: the line now is the 'after',
 * and the 'before' is worked back from it (a line reduced to nothing is gone from the order); the
 * boxes before cannot be worked back. Once rejected the order is unchanged: the 'after' is what
 * was asked, its total amount summed from the lines.
 */
export const compareOf = (request: ApplyModifyDetail): Compare => {
  // the order's own lines first, then the products appended
  const detail = {
    ...request,
    lines: [...request.lines].sort(
      (a, b) => Number(a.type === ModifyType.Append) - Number(b.type === ModifyType.Append),
    ),
  }
  const { before, after } = detail.totals
  if (detail.status === ApprovalStatus.Approved) {
    const lines = detail.lines.map((l): Line => {
      if (l.type === ModifyType.Append) return l
      const now: Side = l.before ?? { quantity: 0, amount: 0 }
      const was = q3(now.quantity - change(l))
      return { ...l, before: { quantity: was, amount: cents(was * l.price) }, after: now }
    })
    return {
      lines,
      totals: { before: { amount: cents(before.amount - amountChange(lines)), boxes: null }, after: before },
      reading: 'approved',
    }
  }
  if (detail.status === ApprovalStatus.Rejected)
    return {
      lines: detail.lines,
      totals: { before, after: { amount: cents(before.amount + amountChange(detail.lines)), boxes: null } },
      reading: 'rejected',
    }
  return { lines: detail.lines, totals: { before, after }, reading: 'open' }
}
