import {
  lineAmount as amountOf,
  attributeTotals,
  orderAmount,
  type ProductAttributes,
  type SaleOrderDetail,
  type SaleOrderInput,
  type SellableProduct,
  unitPrice as unitPriceOf,
} from '@app/contracts'
import dayjs, { type Dayjs } from 'dayjs'
import { DATE_FORMAT } from '../../config/constants.ts'

/**
 * The order modal's values and what is worked out of them, without React: lines from a sellable
 * product, prices per unit, totals, the add/edit input, the draft box's shape and the dirty check.
 */

export type UnitChoice = Pick<SellableProduct['units'][number], 'id' | 'unit' | 'conversionRate' | 'perBox'>

/** One line of the form; product facts ride along so the table (and a restored draft) can show them. */
export type LineValue = {
  /** Row key, stable while the modal is open. */
  key: string
  /** The saved line's id (edit). */
  lineId?: string
  productId: string
  productCode: string
  productName: string
  productNameEn: string | null
  spec: string | null
  specEn: string | null
  /** The units the line may take (the product's sale units). */
  units: UnitChoice[]
  unitId: string
  quantity: number | null
  /** The product's price per base unit, when known (a product picked from the sellable list). */
  basePrice: number | null
  /** Price per the line's unit. */
  price: number
  currency: string | null
  deliveredQuantity?: number
}

export type AttachmentRef = { id: string; name: string; size?: number }

export type OrderFormValues = {
  branchId?: string
  companyCode?: string
  orderDate?: Dayjs | null
  expectedDeliveryDate?: Dayjs | null
  transportMode?: string | null
  containerSize?: string | null
  certificateRequired?: boolean
  certificateTypes?: string[]
  remark?: string | null
  attachments?: AttachmentRef[]
  lines?: LineValue[]
}

export type LineAttributes = Pick<ProductAttributes['totals'], 'boxes' | 'grossWeightKg' | 'netWeightKg' | 'volumeM3'>

let keySeq = 0
const nextKey = () => `l${Date.now().toString(36)}${(keySeq++).toString(36)}`

/** The offered price is per base unit; a line's is per its own unit (the order model's, as the server prices it). */
export const unitPrice = (basePrice: number, unit: Pick<UnitChoice, 'conversionRate'> | undefined) =>
  unitPriceOf(basePrice, unit?.conversionRate)

export const lineAmount = (line: Pick<LineValue, 'price' | 'quantity'>) => amountOf(line.price, line.quantity ?? 0)

/** A new line for a product picked from the sellable list: its first sale unit, no quantity yet. */
export const lineOf = (p: SellableProduct): LineValue => {
  const unit = p.units[0]
  return {
    key: nextKey(),
    productId: p.productId,
    productCode: p.code,
    productName: p.name,
    productNameEn: p.nameEn,
    spec: p.spec,
    specEn: p.specEn,
    units: p.units.map(({ id, unit, conversionRate, perBox }) => ({ id, unit, conversionRate, perBox })),
    unitId: unit?.id ?? '',
    quantity: null,
    basePrice: p.price,
    price: unitPrice(p.price, unit),
    currency: p.currency,
  }
}

/** The line with another unit: the price follows when the base price is known. */
export const withUnit = (line: LineValue, unitId: string): LineValue => {
  const unit = line.units.find((u) => u.id === unitId)
  return { ...line, unitId, price: line.basePrice === null ? line.price : unitPrice(line.basePrice, unit) }
}

/** Adds picked products as lines; a product already on the order is not added twice. */
export const addProducts = (lines: readonly LineValue[], picked: readonly SellableProduct[]): LineValue[] => {
  const have = new Set(lines.map((l) => l.productId))
  return [...lines, ...picked.filter((p) => !have.has(p.productId)).map(lineOf)]
}

/** Lines of a saved order (edit): each keeps its own unit; `enrich` adds the product's other sale units. */
export const linesOfOrder = (order: SaleOrderDetail): LineValue[] =>
  order.lines.map((l) => ({
    key: nextKey(),
    lineId: l.id,
    productId: l.productId,
    productCode: l.productCode,
    productName: l.productName,
    productNameEn: l.productNameEn,
    spec: l.spec,
    specEn: l.specEn,
    units: [{ id: l.unitId, unit: l.unit, conversionRate: 1, perBox: null }],
    unitId: l.unitId,
    quantity: l.quantity,
    basePrice: null,
    price: l.price,
    currency: order.currency,
    deliveredQuantity: l.deliveredQuantity,
  }))

/** A saved line with the product's sale units as the sellable list has them now. */
export const enrichLine = (line: LineValue, p: SellableProduct | undefined): LineValue =>
  p?.units.some((u) => u.id === line.unitId)
    ? {
        ...line,
        units: p.units.map(({ id, unit, conversionRate, perBox }) => ({ id, unit, conversionRate, perBox })),
        basePrice: p.price,
      }
    : line

export type OrderTotals = LineAttributes & { amount: number; currency: string | null }

/** The order's totals: amounts from the lines, boxes / weights / volume from the calculated attributes. */
export const totalsOf = (
  lines: readonly LineValue[],
  attributes: readonly (LineAttributes | undefined)[],
): OrderTotals => ({
  amount: orderAmount(lines.map((l) => ({ amount: lineAmount(l) }))),
  currency: lines.find((l) => l.currency)?.currency ?? null,
  ...attributeTotals(attributes.filter((a): a is LineAttributes => a !== undefined)),
})

const dayOf = (d: Dayjs | null | undefined) => (d && dayjs.isDayjs(d) && d.isValid() ? d.format(DATE_FORMAT) : null)
const blank = (s: string | null | undefined) => (s?.trim() ? s.trim() : null)

/** What `/sale/order/add` (and, with id and version, `/edit`) takes from the form. */
export const toInput = (v: OrderFormValues): SaleOrderInput => ({
  branchId: v.branchId ?? '',
  companyCode: v.companyCode ?? '',
  orderDate: dayOf(v.orderDate) ?? undefined,
  expectedDeliveryDate: dayOf(v.expectedDeliveryDate) ?? '',
  transportMode: (v.transportMode ?? null) as SaleOrderInput['transportMode'],
  containerSize: (v.containerSize ?? null) as SaleOrderInput['containerSize'],
  certificateRequired: Boolean(v.certificateRequired),
  certificateTypes: (v.certificateRequired ? (v.certificateTypes ?? []) : []) as SaleOrderInput['certificateTypes'],
  remark: blank(v.remark),
  attachmentIds: (v.attachments ?? []).map((a) => a.id),
  lines: (v.lines ?? []).map((l) => ({ productId: l.productId, unitId: l.unitId, quantity: l.quantity ?? 0 })),
})

/** The form of a saved order (edit). */
export const valuesOfOrder = (o: SaleOrderDetail): OrderFormValues => ({
  branchId: o.branchId,
  companyCode: o.companyCode,
  orderDate: dayjs(o.orderDate),
  expectedDeliveryDate: dayjs(o.expectedDeliveryDate),
  transportMode: o.transportMode,
  containerSize: o.containerSize,
  certificateRequired: o.certificateRequired === '1',
  certificateTypes: o.certificateTypes,
  remark: o.remark,
  attachments: o.attachments.map((a) => ({ id: a.id, name: a.name, size: a.size })),
  lines: linesOfOrder(o),
})

/** A new order's form: today's date, nothing else. */
export const emptyValues = (): OrderFormValues => ({
  orderDate: dayjs().startOf('day'),
  certificateRequired: false,
  certificateTypes: [],
  attachments: [],
  lines: [],
})

const DRAFT_VERSION = 1

/** The form as the draft box keeps it: plain JSON, dates as YYYY-MM-DD. */
export const toDraft = (v: OrderFormValues): Record<string, unknown> => ({
  v: DRAFT_VERSION,
  branchId: v.branchId ?? null,
  companyCode: v.companyCode ?? null,
  orderDate: dayOf(v.orderDate),
  expectedDeliveryDate: dayOf(v.expectedDeliveryDate),
  transportMode: v.transportMode ?? null,
  containerSize: v.containerSize ?? null,
  certificateRequired: Boolean(v.certificateRequired),
  certificateTypes: v.certificateTypes ?? [],
  remark: v.remark ?? null,
  attachments: v.attachments ?? [],
  lines: (v.lines ?? []).map(({ key: _key, lineId: _id, deliveredQuantity: _d, ...l }) => l),
})

const str = (x: unknown) => (typeof x === 'string' && x ? x : undefined)
const arr = <T>(x: unknown, ok: (e: unknown) => e is T): T[] => (Array.isArray(x) ? x.filter(ok) : [])
const isLine = (e: unknown): e is Omit<LineValue, 'key'> =>
  typeof e === 'object' &&
  e !== null &&
  typeof (e as LineValue).productId === 'string' &&
  typeof (e as LineValue).unitId === 'string' &&
  Array.isArray((e as LineValue).units)
const isAttachment = (e: unknown): e is AttachmentRef =>
  typeof e === 'object' && e !== null && typeof (e as AttachmentRef).id === 'string'
const dateOf = (x: unknown) => {
  const s = str(x)
  return s && dayjs(s, DATE_FORMAT).isValid() ? dayjs(s, DATE_FORMAT) : undefined
}

/** The form of a draft the server kept; anything it cannot read is left empty. */
export const fromDraft = (d: Record<string, unknown>): OrderFormValues => ({
  branchId: str(d.branchId),
  companyCode: str(d.companyCode),
  orderDate: dateOf(d.orderDate) ?? dayjs().startOf('day'),
  expectedDeliveryDate: dateOf(d.expectedDeliveryDate),
  transportMode: str(d.transportMode) ?? null,
  containerSize: str(d.containerSize) ?? null,
  certificateRequired: d.certificateRequired === true,
  certificateTypes: arr(d.certificateTypes, (e): e is string => typeof e === 'string'),
  remark: typeof d.remark === 'string' ? d.remark : null,
  attachments: arr(d.attachments, isAttachment),
  lines: arr(d.lines, isLine).map((l) => ({
    ...l,
    key: nextKey(),
    quantity: typeof l.quantity === 'number' ? l.quantity : null,
    price: typeof l.price === 'number' ? l.price : 0,
    basePrice: typeof l.basePrice === 'number' ? l.basePrice : null,
  })),
})

/**
 * What the user has entered, compared without what they cannot tell apart: dates by day, blank
 * text as nothing, certificate types in any order, lines by product, unit and quantity.
 */
export const snapshotOf = (v: OrderFormValues): string => {
  const d = toDraft(v)
  return JSON.stringify({
    ...d,
    remark: blank(v.remark),
    certificateTypes: [...(v.certificateTypes ?? [])].sort(),
    attachments: (v.attachments ?? []).map((a) => a.id),
    lines: (v.lines ?? []).map((l) => [l.productId, l.unitId, l.quantity ?? null]),
  })
}

/** Whether the form differs from the snapshot taken when it was filled. */
export const isDirty = (baseline: string | null, v: OrderFormValues) => baseline !== null && snapshotOf(v) !== baseline

/** Whether there is anything in a new order worth keeping as a draft. */
export const hasContent = (v: OrderFormValues) =>
  Boolean(
    v.branchId ||
      v.companyCode ||
      v.expectedDeliveryDate ||
      v.transportMode ||
      v.containerSize ||
      v.certificateRequired ||
      blank(v.remark) ||
      (v.attachments ?? []).length ||
      (v.lines ?? []).length,
  )
