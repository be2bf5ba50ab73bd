import { sql } from 'drizzle-orm'
import { check, date, index, integer, numeric, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core'
import { auditColumns, id } from './columns.ts'
import { branches, depots, suppliers } from './masterdata.ts'
import { products } from './product.ts'

const qty = () => numeric({ precision: 16, scale: 3, mode: 'number' })

/**
 * Stock per depot, product and batch. Only stock documents change it; the check keeps it from
 * ever going negative even if a writer forgot the guard.
 */
export const stocks = pgTable(
  'pro_stock',
  {
    id: id(),
    depotId: uuid()
      .notNull()
      .references(() => depots.id),
    productId: uuid()
      .notNull()
      .references(() => products.id),
    batchNo: varchar({ length: 64 }).notNull(),
    quantity: qty().notNull().default(0),
    productionDate: date({ mode: 'string' }),
    expiryDate: date({ mode: 'string' }),
    orgCode: varchar({ length: 64 }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('pro_stock_depot_product_batch_uq').on(t.depotId, t.productId, t.batchNo),
    index('pro_stock_product_idx').on(t.productId),
    index('pro_stock_create_at_idx').on(t.createAt),
    // the dashboard's batches near or past expiry
    index('pro_stock_expiry_idx').on(t.expiryDate).where(sql`${t.quantity} > 0`),
    check('pro_stock_quantity_non_negative', sql`${t.quantity} >= 0`),
  ],
)

/** Stock a branch reports (uploaded from Excel); an upload replaces the branch's rows. */
export const branchStocks = pgTable(
  'pro_branch_stock',
  {
    id: id(),
    branchId: uuid()
      .notNull()
      .references(() => branches.id),
    productId: uuid()
      .notNull()
      .references(() => products.id),
    batchNo: varchar({ length: 64 }).notNull().default(''),
    quantity: qty().notNull(),
    expiryDate: date({ mode: 'string' }),
    orgCode: varchar({ length: 64 }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('pro_branch_stock_uq').on(t.branchId, t.productId, t.batchNo),
    index('pro_branch_stock_product_idx').on(t.productId),
    index('pro_branch_stock_create_at_idx').on(t.createAt),
    check('pro_branch_stock_quantity_non_negative', sql`${t.quantity} >= 0`),
  ],
)

/** Stock documents (SPEC 3): purchase in, production in, sales out; posted when saved. */
export const stockDocs = pgTable(
  'pro_stock_doc',
  {
    id: id(),
    docNo: varchar({ length: 32 }).notNull(),
    /** Dictionary stock_doc_type. */
    docType: varchar({ length: 16 }).notNull(),
    depotId: uuid()
      .notNull()
      .references(() => depots.id),
    docDate: date({ mode: 'string' }).notNull(),
    supplierId: uuid().references(() => suppliers.id),
    branchId: uuid().references(() => branches.id),
    lineCount: integer().notNull(),
    totalQuantity: qty().notNull(),
    remark: varchar({ length: 500 }),
    orgCode: varchar({ length: 64 }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('pro_stock_doc_no_uq').on(t.docNo),
    index('pro_stock_doc_create_at_idx').on(t.createAt),
    index('pro_stock_doc_type_idx').on(t.docType, t.createAt),
  ],
)

export const stockDocLines = pgTable(
  'pro_stock_doc_line',
  {
    id: id(),
    docId: uuid()
      .notNull()
      .references(() => stockDocs.id, { onDelete: 'cascade' }),
    lineNo: integer().notNull(),
    productId: uuid()
      .notNull()
      .references(() => products.id),
    batchNo: varchar({ length: 64 }).notNull(),
    quantity: qty().notNull(),
    productionDate: date({ mode: 'string' }),
    expiryDate: date({ mode: 'string' }),
    remark: varchar({ length: 255 }),
  },
  (t) => [index('pro_stock_doc_line_doc_idx').on(t.docId), index('pro_stock_doc_line_product_idx').on(t.productId)],
)

/** Every movement of stock, with the quantity of its depot/product/batch after it. */
export const stockLedger = pgTable(
  'pro_stock_ledger',
  {
    id: id(),
    docId: uuid()
      .notNull()
      .references(() => stockDocs.id),
    docNo: varchar({ length: 32 }).notNull(),
    docType: varchar({ length: 16 }).notNull(),
    depotId: uuid()
      .notNull()
      .references(() => depots.id),
    productId: uuid()
      .notNull()
      .references(() => products.id),
    batchNo: varchar({ length: 64 }).notNull(),
    change: qty().notNull(),
    quantityAfter: qty().notNull(),
    orgCode: varchar({ length: 64 }),
    ...auditColumns(),
  },
  (t) => [
    index('pro_stock_ledger_stock_idx').on(t.depotId, t.productId, t.batchNo, t.createAt),
    index('pro_stock_ledger_doc_idx').on(t.docId),
    index('pro_stock_ledger_create_at_idx').on(t.createAt),
    check('pro_stock_ledger_after_non_negative', sql`${t.quantityAfter} >= 0`),
  ],
)
