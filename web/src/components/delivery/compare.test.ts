import type { ApplyModifyDetail } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { compareOf } from './compare.ts'

type Line = ApplyModifyDetail['lines'][number]
const line = (type: Line['type'], quantity: number, before: number | null, after: number, price = 2): Line => ({
  type,
  orderLineId: type === 'append' ? null : `line-${type}`,
  productId: `p-${type}`,
  productName: type,
  productNameEn: null,
  unit: type === 'append' ? '' : 'box',
  quantity,
  price,
  before: before === null ? null : { quantity: before, amount: before * price },
  after: { quantity: after, amount: after * price },
})

const detail = (status: string, lines: Line[], total = 100): ApplyModifyDetail => ({
  id: 'r1',
  version: 1,
  createAt: new Date(0),
  updateAt: null,
  orderId: 'o1',
  orderNo: 'SO1',
  branchId: 'b1',
  modifyTypes: 'add,append,reduce',
  reason: 'why',
  status,
  requesterName: null,
  lines,
  totals: { before: { amount: total, boxes: 10 }, after: { amount: total + 8, boxes: 11 } },
  currency: 'USD',
})

describe('an adjustment compared with its order', () => {
  it('shows a request under review as the server diffs it', () => {
    const d = detail('1', [line('append', 3, null, 3), line('add', 5, 10, 15)])
    // the order's lines first, then the products appended
    expect(compareOf(d)).toEqual({ lines: [d.lines[1], d.lines[0]], totals: d.totals, reading: 'open' })
  })

  it('works an approved request back from the order now, which carries the change', () => {
    // the server adds the change to the order now once more: 15 + 5, 6 - 2, 0 - 4
    const d = detail(
      '2',
      [line('add', 5, 15, 20), line('reduce', 2, 6, 4), line('reduce', 4, null, -4), line('append', 3, null, 3)],
      120,
    )
    const c = compareOf(d)
    expect(c.reading).toBe('approved')
    expect(c.lines.map((l) => [l.type, l.before?.quantity ?? null, l.after?.quantity])).toEqual([
      ['add', 10, 15],
      ['reduce', 8, 6],
      // reduced to nothing: gone from the order now
      ['reduce', 4, 0],
      ['append', null, 3],
    ])
    // now 120; the lines changed it by +10 - 4 - 8 + 6 = +4
    expect(c.totals).toEqual({ before: { amount: 116, boxes: null }, after: { amount: 120, boxes: 10 } })
  })

  it('shows a rejected request as asked against the unchanged order', () => {
    const d = detail('3', [line('add', 5, 10, 15), line('reduce', 1, 4, 3)], 50)
    const c = compareOf(d)
    expect(c.reading).toBe('rejected')
    expect(c.lines).toEqual(d.lines)
    expect(c.totals).toEqual({ before: { amount: 50, boxes: 10 }, after: { amount: 58, boxes: null } })
  })
})
