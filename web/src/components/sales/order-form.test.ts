import type { SaleOrderDetail, SellableProduct } from '@app/contracts'
import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import {
  addProducts,
  emptyValues,
  enrichLine,
  fromDraft,
  hasContent,
  isDirty,
  lineOf,
  snapshotOf,
  toDraft,
  toInput,
  totalsOf,
  valuesOfOrder,
  withUnit,
} from './order-form.ts'
import { adjustedLines } from './ReviewAdjustModal.tsx'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

const product = (n: number, price = 2.5): SellableProduct => ({
  productId: uuid(n),
  code: `P${n}`,
  name: `产品${n}`,
  nameEn: `Product ${n}`,
  spec: '100g',
  specEn: null,
  price,
  currency: 'USD',
  units: [
    { id: uuid(100 + n), unit: 'bottle', conversionRate: 1, boxSpecId: null, perBox: 24 },
    { id: uuid(200 + n), unit: 'box', conversionRate: 24, boxSpecId: uuid(9), perBox: 1 },
  ],
})

describe('order lines', () => {
  it('adds a picked product once, on its first unit, priced per that unit', () => {
    const lines = addProducts([], [product(1), product(2)])
    expect(lines.map((l) => [l.productCode, l.unitId, l.price, l.quantity])).toEqual([
      ['P1', uuid(101), 2.5, null],
      ['P2', uuid(102), 2.5, null],
    ])
    expect(addProducts(lines, [product(1), product(3)]).map((l) => l.productCode)).toEqual(['P1', 'P2', 'P3'])
  })

  it('prices another unit as the server does (the base price times the unit rate); a saved line keeps its price', () => {
    const line = lineOf(product(1, 1.25))
    const other = line.units.find((u) => u.id === uuid(201))!
    expect(withUnit(line, uuid(201))).toMatchObject({ unitId: uuid(201), price: 1.25 * other.conversionRate })
    const saved = { ...line, basePrice: null, price: 7 }
    expect(withUnit(saved, uuid(201)).price).toBe(7)
  })

  it('gives a saved line the product sale units only when its own unit is still one of them', () => {
    const line = { ...lineOf(product(1)), units: [], basePrice: null }
    expect(enrichLine(line, product(1)).units).toHaveLength(2)
    expect(enrichLine({ ...line, unitId: uuid(999) }, product(1)).units).toEqual([])
    expect(enrichLine(line, undefined)).toBe(line)
  })
})

describe('totals', () => {
  it('adds amounts from the lines and boxes, weights and volume from the calculated attributes', () => {
    const [a, b] = addProducts([], [product(1, 0.1), product(2, 3)])
    const lines = [
      { ...a!, quantity: 3 },
      { ...b!, quantity: 1.5 },
    ]
    const totals = totalsOf(lines, [
      { boxes: 1, grossWeightKg: 10.1, netWeightKg: 9, volumeM3: 0.1 },
      { boxes: 0.5, grossWeightKg: 0.2, netWeightKg: 0.1, volumeM3: 0.2 },
    ])
    // 0.1 * 3 is 0.30000000000000004 in floating point: amounts are cents
    expect(totals).toEqual({
      amount: 4.8,
      currency: 'USD',
      boxes: 1.5,
      grossWeightKg: 10.3,
      netWeightKg: 9.1,
      volumeM3: 0.3,
    })
  })

  it('counts a line not yet calculated as nothing', () => {
    const [a] = addProducts([], [product(1)])
    expect(totalsOf([{ ...a!, quantity: 2 }], [undefined])).toMatchObject({ amount: 5, boxes: 0, volumeM3: 0 })
  })
})

describe('draft box and dirty check', () => {
  const filled = () => ({
    ...emptyValues(),
    branchId: uuid(50),
    companyCode: '001',
    expectedDeliveryDate: dayjs('2030-01-31'),
    certificateRequired: true,
    certificateTypes: ['coa', 'health'],
    remark: ' urgent ',
    attachments: [{ id: uuid(60), name: 'po.pdf', size: 1000 }],
    lines: addProducts([], [product(1)]).map((l) => ({ ...l, quantity: 4 })),
  })

  it('is clean until something the user entered changes', () => {
    const v = filled()
    const baseline = snapshotOf(v)
    expect(isDirty(baseline, v)).toBe(false)
    // the same day at another hour, text with other blanks, types in another order: not a change
    expect(
      isDirty(baseline, {
        ...v,
        expectedDeliveryDate: dayjs('2030-01-31T15:00:00'),
        remark: 'urgent',
        certificateTypes: ['health', 'coa'],
      }),
    ).toBe(false)
    expect(isDirty(baseline, { ...v, lines: v.lines.map((l) => ({ ...l, quantity: 5 })) })).toBe(true)
    expect(isDirty(baseline, { ...v, lines: [] })).toBe(true)
    expect(isDirty(baseline, { ...v, companyCode: '002' })).toBe(true)
    expect(isDirty(null, v)).toBe(false)
  })

  it('keeps a draft as JSON and restores the same form', () => {
    const v = filled()
    const json = JSON.parse(JSON.stringify(toDraft(v))) as Record<string, unknown>
    const back = fromDraft(json)
    expect(snapshotOf(back)).toBe(snapshotOf(v))
    expect(back.lines?.[0]).toMatchObject({ productCode: 'P1', quantity: 4, price: 2.5, basePrice: 2.5 })
    expect(back.lines?.[0]?.key).toBeTruthy()
  })

  it('reads what it can of a damaged draft', () => {
    const back = fromDraft({
      branchId: 7,
      expectedDeliveryDate: 'soon',
      lines: [{ productId: 'x' }, null],
      remark: 'r',
    })
    expect(back.branchId).toBeUndefined()
    expect(back.expectedDeliveryDate).toBeUndefined()
    expect(back.lines).toEqual([])
    expect(back.remark).toBe('r')
  })

  it('offers a draft only when something was entered', () => {
    expect(hasContent(emptyValues())).toBe(false)
    expect(hasContent({ ...emptyValues(), remark: '  ' })).toBe(false)
    expect(hasContent(filled())).toBe(true)
  })
})

describe('the add input', () => {
  it('sends dates as days, certificate types only when required, blank text as null', () => {
    const input = toInput({
      ...emptyValues(),
      branchId: uuid(1),
      companyCode: '001',
      orderDate: dayjs('2030-01-02'),
      expectedDeliveryDate: dayjs('2030-02-03'),
      certificateRequired: false,
      certificateTypes: ['coa'],
      remark: '   ',
      attachments: [{ id: uuid(5), name: 'a.png' }],
      lines: addProducts([], [product(1)]).map((l) => ({ ...l, quantity: 2 })),
    })
    expect(input).toEqual({
      branchId: uuid(1),
      companyCode: '001',
      orderDate: '2030-01-02',
      expectedDeliveryDate: '2030-02-03',
      transportMode: null,
      containerSize: null,
      certificateRequired: false,
      certificateTypes: [],
      remark: null,
      attachmentIds: [uuid(5)],
      lines: [{ productId: uuid(1), unitId: uuid(101), quantity: 2 }],
    })
  })

  it('fills the form of a saved order', () => {
    const order = {
      branchId: uuid(1),
      companyCode: '002',
      orderDate: '2030-01-02',
      expectedDeliveryDate: '2030-02-03',
      transportMode: 'sea',
      containerSize: '40hq',
      certificateRequired: '1',
      certificateTypes: ['origin'],
      remark: null,
      currency: 'EUR',
      attachments: [],
      lines: [
        {
          id: uuid(70),
          lineNo: 1,
          productId: uuid(1),
          productCode: 'P1',
          productName: '产品1',
          productNameEn: null,
          spec: null,
          specEn: null,
          unitId: uuid(201),
          unit: 'box',
          quantity: 3,
          price: 60,
          amount: 180,
          deliveredQuantity: 1,
          boxes: 3,
          grossWeightKg: 1,
          netWeightKg: 1,
          volumeM3: 0.1,
        },
      ],
    } as unknown as SaleOrderDetail
    const v = valuesOfOrder(order)
    expect(v.certificateRequired).toBe(true)
    expect(toInput(v).lines).toEqual([{ productId: uuid(1), unitId: uuid(201), quantity: 3 }])
    expect(v.lines?.[0]).toMatchObject({ lineId: uuid(70), price: 60, currency: 'EUR', deliveredQuantity: 1 })
    expect(adjustedLines(order.lines, new Map([[uuid(70), 0]]))).toEqual([{ lineId: uuid(70), quantity: 0 }])
    expect(adjustedLines(order.lines, new Map([[uuid(70), 3]]))).toEqual([])
  })
})
