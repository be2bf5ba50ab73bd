import type { SaleOrderLine, SellableProduct } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { adjustLines, adjustProblems, appendPicked, maxReduce } from './adjust-form.ts'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

const line = (n: number, quantity: number, delivered: number): SaleOrderLine => ({
  id: uuid(100 + n),
  lineNo: n,
  productId: uuid(n),
  productCode: `P${n}`,
  productName: `产品${n}`,
  productNameEn: null,
  spec: null,
  specEn: null,
  unitId: uuid(200 + n),
  unit: 'box',
  quantity,
  price: 2,
  amount: quantity * 2,
  deliveredQuantity: delivered,
  boxes: 1,
  grossWeightKg: 1,
  netWeightKg: 1,
  volumeM3: 0.1,
})

const product = (n: number): SellableProduct => ({
  productId: uuid(n),
  code: `P${n}`,
  name: `产品${n}`,
  nameEn: null,
  spec: null,
  specEn: null,
  price: 3,
  currency: 'USD',
  units: [
    { id: uuid(300 + n), unit: 'box', conversionRate: 12, boxSpecId: null, perBox: null },
    { id: uuid(400 + n), unit: 'pcs', conversionRate: 1, boxSpecId: null, perBox: null },
  ],
})

const lines = [line(1, 10, 4), line(2, 6, 0)]

describe('the adjustment form', () => {
  it('reduces at most what has not shipped', () => {
    expect(maxReduce(lines[0]!)).toBe(6)
    expect(maxReduce(line(3, 5, 5))).toBe(0)
  })

  it('asks for at least one change', () => {
    expect(adjustProblems(lines, {}, [])).toEqual([{ at: 'form', key: 'nothing' }])
    expect(adjustProblems(lines, { [uuid(101)]: { type: 'keep', quantity: 3 } }, [])).toEqual([
      { at: 'form', key: 'nothing' },
    ])
  })

  it('checks each change: above 0, a reduction within what has not shipped, an appended unit', () => {
    const problems = adjustProblems(
      lines,
      { [uuid(101)]: { type: 'reduce', quantity: 7 }, [uuid(102)]: { type: 'add', quantity: 0 } },
      [{ product: product(9), unitId: undefined, quantity: 2 }],
    )
    expect(problems).toEqual([
      { at: uuid(101), key: 'reduceOver', values: { max: 6 } },
      { at: uuid(102), key: 'positive' },
      { at: uuid(9), key: 'unitRequired' },
    ])
    expect(adjustProblems(lines, { [uuid(101)]: { type: 'reduce', quantity: 6 } }, [])).toEqual([])
  })

  it('builds the request: added and reduced lines by order line, appended products by product and unit', () => {
    const appended = [{ product: product(9), unitId: uuid(409), quantity: 12 }]
    expect(
      adjustLines(
        lines,
        { [uuid(101)]: { type: 'reduce', quantity: 2.5 }, [uuid(102)]: { type: 'add', quantity: 4 } },
        appended,
      ),
    ).toEqual([
      { type: 'reduce', orderLineId: uuid(101), quantity: 2.5 },
      { type: 'add', orderLineId: uuid(102), quantity: 4 },
      { type: 'append', productId: uuid(9), unitId: uuid(409), quantity: 12 },
    ])
    // a line left as it is, or without a quantity, asks nothing
    expect(
      adjustLines(lines, { [uuid(101)]: { type: 'keep', quantity: 3 }, [uuid(102)]: { type: 'add' } }, []),
    ).toEqual([])
  })

  it('appends each picked product once, at its first sale unit, never one already on the order', () => {
    const first = appendPicked([], [product(9), product(1)], [uuid(1), uuid(2)])
    expect(first.map((a) => [a.product.productId, a.unitId, a.quantity])).toEqual([[uuid(9), uuid(309), null]])
    const again = appendPicked(first, [product(9), product(8)], [uuid(1), uuid(2)])
    expect(again.map((a) => a.product.productId)).toEqual([uuid(9), uuid(8)])
  })
})
