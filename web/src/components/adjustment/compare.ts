import { type ApplyModifyDetail, ApprovalStatus, ModifyType } from '@app/contracts'

type Line = ApplyModifyDetail['lines'][number]
export type Totals = { amount: number; boxes: number | null }

/** The diff a compare view shows, and which reading of it applies. */
export type Compare = {
  lines: Line[]
  totals: { before: Totals; after: Totals }
  /** open: the order now and after approval; approved / rejected: the order and the request as they stood when decided. */
  reading: 'open' | 'approved' | 'rejected'
}

/**
 * The server keeps a request's diff as it stood when decided (the order moves on after), and
 * diffs an open request against the order as it is now; the reading says which the view shows.
 */
export const compareOf = (request: ApplyModifyDetail): Compare => ({
  // the order's own lines first, then the products appended
  lines: [...request.lines].sort((a, b) => Number(a.type === ModifyType.Append) - Number(b.type === ModifyType.Append)),
  totals: request.totals,
  reading:
    request.status === ApprovalStatus.Approved
      ? 'approved'
      : request.status === ApprovalStatus.Rejected
        ? 'rejected'
        : 'open',
})
