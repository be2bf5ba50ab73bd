import { type DeliveryLineState, OrderStatus } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import {
  DELIVERY_FILTERS,
  deliverDefaults,
  deliveryLines,
  filterOf,
  openLines,
  overLimit,
  progressOf,
  refusalDetail,
} from './delivery-form.ts'

const line = (id: string, quantity: number, delivered: number): DeliveryLineState => ({
  id,
  lineNo: Number(id.slice(1)),
  productId: `p-${id}`,
  productName: `产品${id}`,
  productNameEn: null,
  unit: 'box',
  quantity,
  deliveredQuantity: delivered,
  remaining: Math.round((quantity - delivered) * 1000) / 1000,
})

const lines = [line('l1', 10, 0), line('l2', 5, 5), line('l3', 2.5, 1.25)]

describe('the deliver form', () => {
  it('leaves fully delivered lines out and starts each open line at what remains', () => {
    expect(openLines(lines).map((l) => l.id)).toEqual(['l1', 'l3'])
    expect(deliverDefaults(lines)).toEqual({ l1: 10, l3: 1.25 })
  })

  it('sends the quantities above 0 only, rounded as the server keeps them', () => {
    expect(deliveryLines(lines, { l1: 4, l3: 0 })).toEqual([{ orderLineId: 'l1', quantity: 4 }])
    expect(deliveryLines(lines, { l1: null, l3: 1.0004 })).toEqual([{ orderLineId: 'l3', quantity: 1 }])
    // a fully delivered line is never sent, whatever the form holds
    expect(deliveryLines(lines, { l2: 3 })).toEqual([])
    expect(deliveryLines(lines, deliverDefaults(lines))).toEqual([
      { orderLineId: 'l1', quantity: 10 },
      { orderLineId: 'l3', quantity: 1.25 },
    ])
  })

  it('finds the quantities above what remains', () => {
    expect(overLimit(lines, { l1: 10, l3: 1.25 })).toEqual([])
    expect(overLimit(lines, { l1: 10.001, l3: 1 }).map((l) => l.id)).toEqual(['l1'])
  })

  it("names the line a refusal is about ('insufficient stock', 'over limit')", () => {
    expect(refusalDetail({ productId: 'p-l3', batchNo: null, available: 0, requested: 12 }, lines)).toEqual({
      kind: 'shortage',
      line: lines[2],
      available: 0,
      requested: 12,
    })
    expect(refusalDetail({ orderLineId: 'l1', remaining: 2 }, lines)).toEqual({
      kind: 'over',
      line: lines[0],
      remaining: 2,
    })
    expect(refusalDetail({ productId: 'elsewhere', available: 0, requested: 1 }, lines)).toBeNull()
    expect(refusalDetail(null, lines)).toBeNull()
  })

  it('counts the lines fully delivered', () => {
    expect(progressOf(lines)).toEqual({ done: 1, total: 3 })
  })
})

describe('the delivery list', () => {
  it("maps SPEC 4's filter to statuses and back", () => {
    expect(DELIVERY_FILTERS.shipped).toEqual([OrderStatus.PartlyDelivered, OrderStatus.FullyDelivered])
    expect(filterOf(['100806', '100805'])).toBe('shipped')
    // what still has to ship includes the partly delivered
    expect(filterOf(['100805', '100803'])).toBe('pending')
    expect(filterOf(['100807'])).toBe('complete')
    expect(filterOf(['100803'])).toBeUndefined()
    expect(filterOf(undefined)).toBeUndefined()
    expect(filterOf([])).toBeUndefined()
  })
})
