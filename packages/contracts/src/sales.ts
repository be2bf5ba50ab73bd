import { z } from 'zod'
import { AuditConfigSchema, AuditStepSchema, ReviewDecisionSchema } from './approval.ts'
import { day, recordBase, stepNumber, versionNo } from './fields.ts'
import { AttachmentSchema } from './files.ts'
import { ORDER_ACTIONS, type OrderAction } from './order-model.ts'
import { pageOf } from './paging.ts'
import { AUDIT_FIELDS, defineResource } from './resource.ts'

/**
 * Sales orders (SPEC 2-4, 6; DESIGN 3a): a branch's order of products with its lines, reviewed
 * on the `sale_order` flow; the draft box; sub-flow requests of a review step; deletion requests
 * on the `order_delete` flow; the product attributes (boxes, weights, volume) of a set of lines.
 */

const quantity = z.coerce.number().positive('quantity must be greater than 0').max(1e8)
const note = z.string().trim().min(1).max(500)

/** Order number prefix: SO + day + sequence (`nextNumber`: SO20261125-0001). */
export const ORDER_NO_PREFIX = 'SO'

export const TRANSPORT_MODES = ['air', 'sea', 'rail', 'other'] as const
export const CONTAINER_SIZES = ['20ft', '40ft', '40hq', 'bulk'] as const
export const CERTIFICATE_TYPES = ['health', 'coa', 'origin', 'other'] as const

/**
 * Containers from the smallest, with what each holds (usable volume m3, payload kg): the order
 * modal suggests the first one the order's volume and weight fit in; above the largest, bulk.
 */
export const CONTAINER_CAPACITY: readonly { size: (typeof CONTAINER_SIZES)[number]; volumeM3: number; kg: number }[] = [
  { size: '20ft', volumeM3: 28, kg: 21_700 },
  { size: '40ft', volumeM3: 58, kg: 26_500 },
  { size: '40hq', volumeM3: 68, kg: 26_500 },
]

/** The container a load fits in, smallest first; bulk above the largest; null for an empty load. */
export const suggestContainer = (volumeM3: number, kg: number): (typeof CONTAINER_SIZES)[number] | null => {
  if (volumeM3 <= 0 && kg <= 0) return null
  return CONTAINER_CAPACITY.find((c) => volumeM3 <= c.volumeM3 && kg <= c.kg)?.size ?? 'bulk'
}

// ---------------------------------------------------------------- the order
export const saleOrderResource = defineResource({
  name: 'saleOrder',
  base: '/sale/order',
  menu: 'sale_order',
  label: 'orderNo',
  unique: ['orderNo'],
  fields: {
    orderNo: { type: 'string', search: 'like', sort: true, readOnly: true },
    branchId: { type: 'string', ref: { resource: 'branch', label: 'name' }, search: 'eq' },
    companyCode: { type: 'dict', dict: 'erp_account_set', search: 'eq' },
    orderDate: { type: 'date', search: 'range', sort: true },
    expectedDeliveryDate: { type: 'date', search: 'range', sort: true },
    actualDeliveryDate: { type: 'date', search: 'range', sort: true, readOnly: true },
    transportMode: { type: 'dict', dict: 'transport_mode', search: 'eq' },
    containerSize: { type: 'dict', dict: 'container_size', search: 'eq', list: false },
    certificateRequired: { type: 'dict', dict: 'yn', list: false },
    totalBoxes: { type: 'number', sort: true, readOnly: true },
    totalGrossWeightKg: { type: 'number', sort: true, readOnly: true, list: false },
    totalNetWeightKg: { type: 'number', sort: true, readOnly: true, list: false },
    totalVolumeM3: { type: 'number', sort: true, readOnly: true, list: false },
    totalAmount: { type: 'number', sort: true, readOnly: true },
    currency: { type: 'string', readOnly: true },
    status: { type: 'dict', dict: 'order_status', search: 'in', sort: true, readOnly: true },
    syncStatus: { type: 'dict', dict: 'erp_sync_status', search: 'eq', readOnly: true },
    creatorName: { type: 'string', readOnly: true, sort: true },
    remark: { type: 'string', list: false },
    ...AUDIT_FIELDS,
  },
})

/** A line as the form sends it. */
export const OrderLineInputSchema = z.object({
  productId: z.string().uuid(),
  unitId: z.string().uuid(),
  quantity,
})
export type OrderLineInput = z.input<typeof OrderLineInputSchema>

/** POST /sale/order/add (DESIGN 3a). Required: branch, ERP account set, expected delivery date, products. */
export const SaleOrderInputSchema = z.object({
  branchId: z.string().uuid(),
  companyCode: z.string().trim().min(1).max(16),
  orderDate: day.optional(),
  expectedDeliveryDate: day,
  transportMode: z.enum(TRANSPORT_MODES).nullish(),
  containerSize: z.enum(CONTAINER_SIZES).nullish(),
  certificateRequired: z.boolean().default(false),
  certificateTypes: z.array(z.enum(CERTIFICATE_TYPES)).max(CERTIFICATE_TYPES.length).default([]),
  remark: z.string().trim().max(500).nullish(),
  attachmentIds: z.array(z.string().uuid()).max(20).default([]),
  lines: z.array(OrderLineInputSchema).max(200),
})
export type SaleOrderInput = z.input<typeof SaleOrderInputSchema>

/** POST /sale/order/edit: the whole order again; an approved order needs `confirmReview`. */
export const SaleOrderEditSchema = SaleOrderInputSchema.extend({
  id: z.string().uuid(),
  version: versionNo,
  confirmReview: z.boolean().optional(),
})
export type SaleOrderEdit = z.input<typeof SaleOrderEditSchema>

export const SaleOrderLineSchema = z.object({
  id: z.string(),
  lineNo: z.number().int(),
  productId: z.string(),
  productCode: z.string(),
  productName: z.string(),
  productNameEn: z.string().nullable(),
  spec: z.string().nullable(),
  specEn: z.string().nullable(),
  unitId: z.string(),
  unit: z.string(),
  quantity: z.number(),
  price: z.number(),
  amount: z.number(),
  deliveredQuantity: z.number(),
  boxes: z.number(),
  grossWeightKg: z.number(),
  netWeightKg: z.number(),
  volumeM3: z.number(),
})
export type SaleOrderLine = z.infer<typeof SaleOrderLineSchema>

export const SaleOrderSchema = z.object({
  ...recordBase,
  orderNo: z.string(),
  branchId: z.string(),
  companyCode: z.string(),
  orderDate: z.string(),
  expectedDeliveryDate: z.string(),
  actualDeliveryDate: z.string().nullable(),
  transportMode: z.string().nullable(),
  containerSize: z.string().nullable(),
  certificateRequired: z.string(),
  certificateTypes: z.array(z.string()),
  remark: z.string().nullable(),
  totalBoxes: z.number(),
  totalGrossWeightKg: z.number(),
  totalNetWeightKg: z.number(),
  totalVolumeM3: z.number(),
  totalAmount: z.number(),
  currency: z.string().nullable(),
  status: z.number().int(),
  syncStatus: z.string(),
  creatorName: z.string().nullable(),
  createBy: z.string().nullable(),
})
export type SaleOrder = z.infer<typeof SaleOrderSchema>

/** GET /sale/order/queryById: the order with its lines and attachments. */
export const SaleOrderDetailSchema = SaleOrderSchema.extend({
  lines: z.array(SaleOrderLineSchema),
  attachments: z.array(AttachmentSchema),
})
export type SaleOrderDetail = z.infer<typeof SaleOrderDetailSchema>

export const SaleOrderRefSchema = z.object({ id: z.string(), orderNo: z.string() })

/** POST /sale/order/audit: the current reviewer decides the order's current step. */
export const SaleOrderAuditSchema = z.object({
  id: z.string().uuid(),
  decision: ReviewDecisionSchema,
  note: z.string().trim().max(500).nullish(),
  stepNo: stepNumber.optional(),
  version: versionNo.optional(),
})
export type SaleOrderAudit = z.input<typeof SaleOrderAuditSchema>

/**
 * POST /sale/order/reviewAdjust: a reviewer whose step allows it lowers quantities or removes
 * lines (quantity 0) while reviewing (SPEC 6 'some roles cannot adjust order products').
 */
export const SaleOrderReviewAdjustSchema = z.object({
  id: z.string().uuid(),
  version: versionNo,
  lines: z
    .array(z.object({ lineId: z.string().uuid(), quantity: z.coerce.number().min(0).max(1e8) }))
    .min(1)
    .max(200),
  note: z.string().trim().max(500).nullish(),
})
export type SaleOrderReviewAdjust = z.input<typeof SaleOrderReviewAdjustSchema>

/** POST /sale/order/applyDelete: the order centre asks to delete an approved order. */
export const SaleOrderApplyDeleteSchema = z.object({ id: z.string().uuid(), reason: note })
export type SaleOrderApplyDelete = z.input<typeof SaleOrderApplyDeleteSchema>

export const SaleOrderIdQuerySchema = z.object({ id: z.string().uuid() })

const actionFlags = <T extends z.ZodType>(of: T) =>
  z.object(Object.fromEntries(ORDER_ACTIONS.map((a) => [a, of])) as Record<OrderAction, T>)

/**
 * What the caller may do with an order now (the detail's and the list's buttons follow it): per
 * action of the order model, allowed (the rule and the button), and the rule's refusal (its SPEC 8
 * code) where it says no, which a disabled button explains.
 */
export const SaleOrderAbilitiesSchema = actionFlags(z.boolean()).extend({
  /** Editing sends an approved order back to review: ask first. */
  editNeedsConfirm: z.boolean(),
  refusals: actionFlags(z.number().int().nullable()),
})
export type SaleOrderAbilities = z.infer<typeof SaleOrderAbilitiesSchema>

// ---------------------------------------------------------------- products an order may carry
export const SellableQuerySchema = z.object({
  branchId: z.string().uuid(),
  keyword: z.string().trim().max(64).optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
})
export type SellableQuery = z.input<typeof SellableQuerySchema>

export const SellableUnitSchema = z.object({
  id: z.string(),
  unit: z.string(),
  conversionRate: z.number(),
  boxSpecId: z.string().nullable(),
  perBox: z.number().int().nullable(),
})
export const SellableProductSchema = z.object({
  productId: z.string(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  spec: z.string().nullable(),
  specEn: z.string().nullable(),
  units: z.array(SellableUnitSchema),
  price: z.number(),
  currency: z.string().nullable(),
})
export type SellableProduct = z.infer<typeof SellableProductSchema>
export const SellablePageSchema = pageOf(SellableProductSchema)

// ---------------------------------------------------------------- attributes of lines
export const CalculateAttributesSchema = z.object({
  lines: z
    .array(
      z.object({
        productId: z.string().uuid(),
        unitId: z.string().uuid(),
        quantity: z.coerce.number().min(0).max(1e8),
      }),
    )
    .max(200),
})
export type CalculateAttributes = z.input<typeof CalculateAttributesSchema>
const attrs = {
  boxes: z.number(),
  grossWeightKg: z.number(),
  netWeightKg: z.number(),
  volumeM3: z.number(),
}
export const ProductAttributesSchema = z.object({
  lines: z.array(z.object({ productId: z.string(), unitId: z.string(), quantity: z.number(), ...attrs })),
  totals: z.object(attrs),
  suggestedContainer: z.enum(CONTAINER_SIZES).nullable(),
})
export type ProductAttributes = z.infer<typeof ProductAttributesSchema>

// ---------------------------------------------------------------- draft box
/** The order modal's unsaved form, kept per user as the web wrote it. */
export const OrderDraftSchema = z.object({ draft: z.record(z.string(), z.unknown()) })
export type OrderDraft = z.infer<typeof OrderDraftSchema>
export const OrderDraftResultSchema = z
  .object({ draft: z.record(z.string(), z.unknown()), savedAt: z.string() })
  .nullable()

// ---------------------------------------------------------------- sub-flow requests
export const subApplyResource = defineResource({
  name: 'subApply',
  base: '/sale/subApply',
  menu: 'sale_sub_apply',
  label: 'orderNo',
  fields: {
    orderNo: { type: 'string', search: 'like', sort: true },
    stepNo: { type: 'number' },
    roleCode: { type: 'string', search: 'eq' },
    deptCode: { type: 'string', search: 'eq', list: false },
    content: { type: 'string' },
    status: { type: 'dict', dict: 'approval_status', search: 'eq', sort: true },
    requesterName: { type: 'string' },
    replyNote: { type: 'string', list: false },
    replierName: { type: 'string' },
    repliedAt: { type: 'datetime', sort: true },
    ...AUDIT_FIELDS,
  },
})
export const SubApplyAddSchema = z.object({
  orderId: z.string().uuid(),
  roleCode: z.string().trim().min(1).max(64),
  deptCode: z.string().trim().max(64).nullish(),
  content: note,
})
export type SubApplyAdd = z.input<typeof SubApplyAddSchema>
export const SubApplyReplySchema = z.object({ id: z.string().uuid(), decision: ReviewDecisionSchema, note })
export type SubApplyReply = z.input<typeof SubApplyReplySchema>
export const SubApplySchema = z.object({
  ...recordBase,
  orderId: z.string(),
  orderNo: z.string(),
  reviewId: z.string(),
  stepNo: stepNumber,
  roleCode: z.string(),
  deptCode: z.string().nullable(),
  content: z.string(),
  status: z.string(),
  requesterName: z.string().nullable(),
  replyNote: z.string().nullable(),
  replierName: z.string().nullable(),
  repliedAt: z.coerce.date().nullable(),
})
export type SubApply = z.infer<typeof SubApplySchema>

// ---------------------------------------------------------------- deletion requests
export const orderDeleteResource = defineResource({
  name: 'orderDelete',
  base: '/sale/orderDelete',
  menu: 'sale_order_delete',
  label: 'orderNo',
  fields: {
    orderNo: { type: 'string', search: 'like', sort: true },
    reason: { type: 'string' },
    status: { type: 'dict', dict: 'approval_status', search: 'eq', sort: true },
    requesterName: { type: 'string' },
    ...AUDIT_FIELDS,
  },
})
export const OrderDeleteSchema = z.object({
  ...recordBase,
  orderId: z.string(),
  orderNo: z.string(),
  reason: z.string(),
  status: z.string(),
  requesterName: z.string().nullable(),
})
export type OrderDelete = z.infer<typeof OrderDeleteSchema>
export const OrderDeleteAuditSchema = z.object({
  id: z.string().uuid(),
  decision: ReviewDecisionSchema,
  note: z.string().trim().max(500).nullish(),
})
export type OrderDeleteAudit = z.input<typeof OrderDeleteAuditSchema>

export const SALES_RESOURCES = [saleOrderResource, subApplyResource, orderDeleteResource] as const

// ---------------------------------------------------------------- review flows in force
/** GET /sale/auditConfig/detail: the flows in force for orders, adjustments and deletions, with each step's reviewers by name. */
export const SaleFlowStepSchema = AuditStepSchema.extend({
  reviewers: z.array(z.object({ userId: z.string(), realname: z.string(), username: z.string() })),
})
export const SaleFlowSchema = AuditConfigSchema.omit({ steps: true }).extend({ steps: z.array(SaleFlowStepSchema) })
export type SaleFlow = z.infer<typeof SaleFlowSchema>
export const SaleFlowsSchema = z.array(SaleFlowSchema)
