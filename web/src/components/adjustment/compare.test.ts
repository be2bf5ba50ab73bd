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

  it('shows a decided request as the server kept it when decided', () => {
    for (const [status, reading] of [
      ['2', 'approved'],
      ['3', 'rejected'],
    ] as const) {
      const d = detail(status, [line('append', 3, null, 3), line('add', 5, 10, 15)], 50)
      expect(compareOf(d)).toEqual({ lines: [d.lines[1], d.lines[0]], totals: d.totals, reading })
    }
  })
})
