import { z } from 'zod'
import { StockDocType } from './dicts/product.ts'
import { day, recordBase } from './fields.ts'
import { AUDIT_FIELDS, defineResource } from './resource.ts'

/**
 * Stock (SPEC 2 /pro/stockList, 3 'Stock documents', 5 'Batch number required on stock in'):
 * quantities per depot, product and batch, moved only by stock documents, each movement in the
 * ledger with the quantity after it; branch stock uploaded from Excel. All read-only lists: the
 * documents are the only writers.
 */

const batchNo = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9_./-]*$/, 'letters, digits and _ . / - only')
const quantity = z.coerce.number().positive().max(1e9)

// ---------------------------------------------------------------- stock per depot, product, batch
export const stockResource = defineResource({
  name: 'stock',
  base: '/pro/stock',
  menu: 'pro_stock',
  label: 'batchNo',
  fields: {
    depotId: { type: 'string', ref: { resource: 'depot', label: 'name' }, search: 'eq' },
    productId: { type: 'string', ref: { resource: 'product', label: 'name' }, search: 'eq' },
    batchNo: { type: 'string', search: 'like', sort: true },
    quantity: { type: 'number', sort: true, search: 'range' },
    productionDate: { type: 'date', sort: true, search: 'range' },
    expiryDate: { type: 'date', sort: true, search: 'range' },
    ...AUDIT_FIELDS,
  },
})
export const StockSchema = z.object({
  ...recordBase,
  depotId: z.string(),
  productId: z.string(),
  batchNo: z.string(),
  quantity: z.number(),
  productionDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
})
export type Stock = z.infer<typeof StockSchema>

// ---------------------------------------------------------------- branch stock (uploaded)
export const branchStockResource = defineResource({
  name: 'branchStock',
  base: '/pro/branchStock',
  menu: 'pro_stock',
  label: 'batchNo',
  fields: {
    branchId: { type: 'string', ref: { resource: 'branch', label: 'name' }, search: 'eq' },
    productId: { type: 'string', ref: { resource: 'product', label: 'name' }, search: 'eq' },
    batchNo: { type: 'string', search: 'like', sort: true },
    quantity: { type: 'number', sort: true, search: 'range' },
    expiryDate: { type: 'date', sort: true, search: 'range' },
    ...AUDIT_FIELDS,
  },
})
export const BranchStockSchema = z.object({
  ...recordBase,
  branchId: z.string(),
  productId: z.string(),
  batchNo: z.string(),
  quantity: z.number(),
  expiryDate: z.string().nullable(),
})
export type BranchStock = z.infer<typeof BranchStockSchema>

/** What an upload of branch stock answers: rows written, or why rows were refused. */
export const BranchStockUploadResultSchema = z.object({
  branchId: z.string(),
  rows: z.number().int(),
  totalQuantity: z.number(),
})
export type BranchStockUploadResult = z.infer<typeof BranchStockUploadResultSchema>
/**
 * One refused row of a branch stock workbook (1-based sheet row): its column, the reason (and the
 * cell's value where it matters), and what to tell the user, in their language.
 */
export const BranchStockRowErrorSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  reason: z.string(),
  value: z.string().optional(),
  message: z.string(),
})
export type BranchStockRowError = z.infer<typeof BranchStockRowErrorSchema>

// ---------------------------------------------------------------- stock documents
export const stockDocResource = defineResource({
  name: 'stockDoc',
  base: '/pro/stockDoc',
  menu: 'pro_stock',
  label: 'docNo',
  unique: ['docNo'],
  fields: {
    docNo: { type: 'string', search: 'like', sort: true },
    docType: { type: 'dict', dict: 'stock_doc_type', search: 'eq', sort: true },
    depotId: { type: 'string', ref: { resource: 'depot', label: 'name' }, search: 'eq' },
    docDate: { type: 'date', sort: true, search: 'range' },
    supplierId: { type: 'string', ref: { resource: 'supplier', label: 'name' }, search: 'eq' },
    branchId: { type: 'string', ref: { resource: 'branch', label: 'name' }, search: 'eq' },
    lineCount: { type: 'number', sort: true },
    totalQuantity: { type: 'number', sort: true },
    remark: { type: 'string', list: false },
    ...AUDIT_FIELDS,
  },
})
export const StockDocSchema = z.object({
  ...recordBase,
  docNo: z.string(),
  docType: z.string(),
  depotId: z.string(),
  docDate: z.string(),
  supplierId: z.string().nullable(),
  branchId: z.string().nullable(),
  lineCount: z.number().int(),
  totalQuantity: z.number(),
  remark: z.string().nullable(),
})
export type StockDoc = z.infer<typeof StockDocSchema>

export const StockDocLineSchema = z.object({
  id: z.string(),
  lineNo: z.number().int(),
  productId: z.string(),
  batchNo: z.string(),
  quantity: z.number(),
  productionDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  remark: z.string().nullable(),
})
export const StockDocDetailSchema = StockDocSchema.extend({ lines: z.array(StockDocLineSchema) })
export type StockDocDetail = z.infer<typeof StockDocDetailSchema>

/** A line of a stock-in document: the batch is required (SPEC 5). */
export const StockInLineSchema = z.object({
  productId: z.string().uuid(),
  batchNo: batchNo.min(1, 'batch number required'),
  quantity,
  productionDate: day.nullish(),
  /** Defaults to the production date plus the product's shelf life. */
  expiryDate: day.nullish(),
  remark: z.string().trim().max(255).nullish(),
})
/** A line of a sales-out document: without a batch, the earliest-expiring batches go first. */
export const StockOutLineSchema = z.object({
  productId: z.string().uuid(),
  batchNo: batchNo.nullish(),
  quantity,
  remark: z.string().trim().max(255).nullish(),
})

const docHead = {
  depotId: z.string().uuid(),
  docDate: day.optional(),
  remark: z.string().trim().max(500).nullish(),
}
export const PurchaseInSchema = z.object({
  ...docHead,
  supplierId: z.string().uuid().nullish(),
  lines: z.array(StockInLineSchema).min(1).max(200),
})
export type PurchaseIn = z.input<typeof PurchaseInSchema>
export const ProductionInSchema = z.object({ ...docHead, lines: z.array(StockInLineSchema).min(1).max(200) })
export type ProductionIn = z.input<typeof ProductionInSchema>
export const SalesOutSchema = z.object({
  ...docHead,
  branchId: z.string().uuid().nullish(),
  lines: z.array(StockOutLineSchema).min(1).max(200),
})
export type SalesOut = z.input<typeof SalesOutSchema>

/** Number prefixes of the documents (nextNumber: CGRK20261122-0001). */
export const STOCK_DOC_PREFIX: Record<StockDocType, string> = {
  [StockDocType.PurchaseIn]: 'CGRK',
  [StockDocType.ProductionIn]: 'SCRK',
  [StockDocType.SalesOut]: 'XSCK',
}

// ---------------------------------------------------------------- ledger
export const stockLedgerResource = defineResource({
  name: 'stockLedger',
  base: '/pro/stockLedger',
  menu: 'pro_stock',
  label: 'docNo',
  fields: {
    docNo: { type: 'string', search: 'like', sort: true },
    docType: { type: 'dict', dict: 'stock_doc_type', search: 'eq', sort: true },
    depotId: { type: 'string', ref: { resource: 'depot', label: 'name' }, search: 'eq' },
    productId: { type: 'string', ref: { resource: 'product', label: 'name' }, search: 'eq' },
    batchNo: { type: 'string', search: 'like', sort: true },
    change: { type: 'number', sort: true },
    quantityAfter: { type: 'number', sort: true },
    ...AUDIT_FIELDS,
  },
})
export const StockLedgerSchema = z.object({
  ...recordBase,
  docId: z.string(),
  docNo: z.string(),
  docType: z.string(),
  depotId: z.string(),
  productId: z.string(),
  batchNo: z.string(),
  change: z.number(),
  quantityAfter: z.number(),
})
export type StockLedger = z.infer<typeof StockLedgerSchema>

export const STOCK_RESOURCES = [stockResource, branchStockResource, stockDocResource, stockLedgerResource] as const
