import { z } from 'zod'
import { ReviewDecisionSchema, ReviewProgressSchema } from './approval.ts'
import { ModifyType } from './dicts/sales.ts'
import { day, recordBase, stepNumber, versionNo } from './fields.ts'
import { AUDIT_FIELDS, defineResource } from './resource.ts'
import { SaleOrderDetailSchema } from './sales.ts'

/**
 * Delivery in parts and order adjustments (issue 16; SPEC 2 'delivery list', 'order apply-modify
 * list', 4, 5, 6; DESIGN 3a).
 */

const quantity = z.coerce.number().positive().max(1e8)

/** Delivery number prefix (`nextNumber`: FH20261125-0001). */
export const DELIVERY_NO_PREFIX = 'FH'

// ---------------------------------------------------------------- the delivery list (orders)
export const deliveryOrderResource = defineResource({
  name: 'deliveryOrder',
  base: '/sale/delivery',
  menu: 'sale_delivery',
  label: 'orderNo',
  fields: {
    orderNo: { type: 'string', search: 'like', sort: true },
    branchId: { type: 'string', ref: { resource: 'branch', label: 'name' }, search: 'eq' },
    status: { type: 'dict', dict: 'order_status', search: 'in', sort: true },
    orderDate: { type: 'date', search: 'range', sort: true },
    expectedDeliveryDate: { type: 'date', search: 'range', sort: true },
    actualDeliveryDate: { type: 'date', search: 'range', sort: true },
    transportMode: { type: 'dict', dict: 'transport_mode', search: 'eq' },
    containerSize: { type: 'dict', dict: 'container_size', search: 'eq' },
    totalBoxes: { type: 'number', sort: true },
    totalAmount: { type: 'number', sort: true },
    currency: { type: 'string' },
    ...AUDIT_FIELDS,
  },
})

/** Per line of an order on the delivery list: ordered, delivered, remaining. */
export const DeliveryLineStateSchema = z.object({
  id: z.string(),
  lineNo: z.number().int(),
  productId: z.string(),
  productName: z.string(),
  productNameEn: z.string().nullable(),
  unit: z.string(),
  quantity: z.number(),
  deliveredQuantity: z.number(),
  remaining: z.number(),
})
export type DeliveryLineState = z.infer<typeof DeliveryLineStateSchema>

/**
 * GET /sale/delivery/stock: what the finished-goods warehouses hold of an order's products, batch
 * by batch in the base unit, with each line's rate from its sale unit, so the deliver dialog shows
 * per warehouse what each line would take (earliest expiry first) before anything is sent.
 */
export const DeliveryStockSchema = z.object({
  lines: z.array(z.object({ orderLineId: z.string(), productId: z.string(), conversionRate: z.number() })),
  batches: z.array(
    z.object({
      depotId: z.string(),
      productId: z.string(),
      batchNo: z.string(),
      quantity: z.number(),
      expiryDate: z.string().nullable(),
      productionDate: z.string().nullable(),
    }),
  ),
})
export type DeliveryStock = z.infer<typeof DeliveryStockSchema>

export const DeliveryOrderSchema = z.object({
  ...recordBase,
  orderNo: z.string(),
  branchId: z.string(),
  status: z.number().int(),
  orderDate: z.string(),
  expectedDeliveryDate: z.string(),
  actualDeliveryDate: z.string().nullable(),
  transportMode: z.string().nullable(),
  containerSize: z.string().nullable(),
  totalBoxes: z.number(),
  totalAmount: z.number(),
  currency: z.string().nullable(),
  lines: z.array(DeliveryLineStateSchema).optional(),
})
export type DeliveryOrder = z.infer<typeof DeliveryOrderSchema>

/** POST /sale/delivery/add */
export const DeliveryAddSchema = z.object({
  orderId: z.string().uuid(),
  depotId: z.string().uuid(),
  shipDate: day,
  remark: z.string().trim().max(500).nullish(),
  lines: z
    .array(z.object({ orderLineId: z.string().uuid(), quantity }))
    .min(1)
    .max(200),
})
export type DeliveryAdd = z.input<typeof DeliveryAddSchema>

/** POST /sale/delivery/complete */
export const DeliveryCompleteSchema = z.object({ orderId: z.string().uuid(), actualDeliveryDate: day })
export type DeliveryComplete = z.input<typeof DeliveryCompleteSchema>

/** POST /sale/delivery/editDeliveryData: the order's dates, transport and container (SPEC 6). */
export const DeliveryDataEditSchema = z.object({
  orderId: z.string().uuid(),
  version: versionNo,
  expectedDeliveryDate: day,
  transportMode: z.enum(['air', 'sea', 'rail', 'other']).nullish(),
  containerSize: z.enum(['20ft', '40ft', '40hq', 'bulk']).nullish(),
})
export type DeliveryDataEdit = z.input<typeof DeliveryDataEditSchema>

export const DeliveryBatchSchema = z.object({
  productId: z.string(),
  batchNo: z.string(),
  quantity: z.number(),
  expiryDate: z.string().nullable(),
})
export const DeliverySchema = z.object({
  id: z.string(),
  deliveryNo: z.string(),
  orderId: z.string(),
  depotId: z.string(),
  shipDate: z.string(),
  stockDocId: z.string(),
  stockDocNo: z.string(),
  remark: z.string().nullable(),
  createAt: z.coerce.date(),
  creatorName: z.string().nullable(),
  lines: z.array(
    z.object({
      orderLineId: z.string(),
      productId: z.string(),
      quantity: z.number(),
      batches: z.array(DeliveryBatchSchema),
    }),
  ),
})
export type Delivery = z.infer<typeof DeliverySchema>
export const DeliveriesQuerySchema = z.object({ orderId: z.string().uuid() })

/**
 * GET /sale/order/view: an order as its detail opens, in one answer: the order with its lines and
 * attachments (`queryById`), its review's progress (`/sale/order/progress`) and its deliveries
 * (`/sale/delivery/deliveries`).
 */
export const SaleOrderViewSchema = z.object({
  order: SaleOrderDetailSchema,
  progress: ReviewProgressSchema.nullable(),
  deliveries: z.array(DeliverySchema),
})
export type SaleOrderView = z.infer<typeof SaleOrderViewSchema>

// ---------------------------------------------------------------- adjustments
export const ModifyTypeSchema = z.enum([ModifyType.Append, ModifyType.Add, ModifyType.Reduce])

export const applyModifyResource = defineResource({
  name: 'applyModify',
  base: '/sale/applyModify',
  menu: 'sale_apply_modify',
  label: 'orderNo',
  fields: {
    orderNo: { type: 'string', search: 'like', sort: true },
    branchId: { type: 'string', ref: { resource: 'branch', label: 'name' }, search: 'eq' },
    modifyTypes: { type: 'string' },
    reason: { type: 'string' },
    status: { type: 'dict', dict: 'approval_status', search: 'eq', sort: true },
    requesterName: { type: 'string', sort: true },
    ...AUDIT_FIELDS,
  },
})

export const ApplyModifyLineInputSchema = z
  .object({
    type: ModifyTypeSchema,
    /** The order line added to or reduced. */
    orderLineId: z.string().uuid().nullish(),
    /** The product and unit appended. */
    productId: z.string().uuid().nullish(),
    unitId: z.string().uuid().nullish(),
    quantity: z.coerce.number().max(1e8),
  })
  .refine((l) => (l.type === ModifyType.Append ? !!l.productId && !!l.unitId : !!l.orderLineId), {
    message: 'append names a product and unit; add and reduce name an order line',
    path: ['orderLineId'],
  })
export type ApplyModifyLineInput = z.input<typeof ApplyModifyLineInputSchema>

/** POST /sale/applyModify/add */
export const ApplyModifyAddSchema = z.object({
  orderId: z.string().uuid(),
  reason: z.string().trim().min(1).max(500),
  lines: z.array(ApplyModifyLineInputSchema).min(1).max(100),
})
export type ApplyModifyAdd = z.input<typeof ApplyModifyAddSchema>

export const ApplyModifyAuditSchema = z.object({
  id: z.string().uuid(),
  decision: ReviewDecisionSchema,
  note: z.string().trim().max(500).nullish(),
  stepNo: stepNumber.optional(),
  version: versionNo.optional(),
})
export type ApplyModifyAudit = z.input<typeof ApplyModifyAuditSchema>

export const ApplyModifySchema = z.object({
  ...recordBase,
  orderId: z.string(),
  orderNo: z.string(),
  branchId: z.string(),
  modifyTypes: z.string(),
  reason: z.string(),
  status: z.string(),
  requesterName: z.string().nullable(),
})
export type ApplyModify = z.infer<typeof ApplyModifySchema>

const side = z.object({ quantity: z.number(), amount: z.number() }).nullable()
/** GET /sale/applyModify/queryById: the request as a diff against its order. */
export const ApplyModifyDetailSchema = ApplyModifySchema.extend({
  lines: z.array(
    z.object({
      type: ModifyTypeSchema,
      orderLineId: z.string().nullable(),
      productId: z.string(),
      productName: z.string(),
      productNameEn: z.string().nullable(),
      unit: z.string(),
      quantity: z.number(),
      price: z.number(),
      before: side,
      after: side,
    }),
  ),
  totals: z.object({
    before: z.object({ amount: z.number(), boxes: z.number() }),
    after: z.object({ amount: z.number(), boxes: z.number() }),
  }),
  currency: z.string().nullable(),
})
export type ApplyModifyDetail = z.infer<typeof ApplyModifyDetailSchema>

export const DELIVERY_RESOURCES = [deliveryOrderResource, applyModifyResource] as const
