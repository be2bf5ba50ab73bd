import { sql } from 'drizzle-orm'
import { check, date, index, integer, numeric, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core'
import { auditColumns, id, pinyinColumns } from './columns.ts'
import { boxSpecs, branches, countries, suppliers } from './masterdata.ts'

/** Product categories, a tree (SPEC 3 'category (parent, sort number)'). */
export const categories = pgTable(
  'pro_category',
  {
    id: id(),
    code: varchar({ length: 32 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    nameEn: varchar({ length: 100 }),
    parentId: uuid(),
    sortNo: integer().notNull().default(0),
    status: varchar({ length: 1 }).notNull().default('1'),
    orgCode: varchar({ length: 64 }),
    ...pinyinColumns(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('pro_category_code_uq').on(t.code),
    index('pro_category_parent_idx').on(t.parentId),
    index('pro_category_create_at_idx').on(t.createAt),
  ],
)

/** Products (SPEC 3 'Product'); prices, units and images hang off them. */
export const products = pgTable(
  'pro_product',
  {
    id: id(),
    code: varchar({ length: 32 }).notNull(),
    name: varchar({ length: 128 }).notNull(),
    nameEn: varchar({ length: 128 }),
    /** Dictionaries: product_spec_type, product_source, product_type, dosage_form, label_type. */
    specType: varchar({ length: 16 }).notNull(),
    categoryId: uuid()
      .notNull()
      .references(() => categories.id),
    source: varchar({ length: 16 }).notNull(),
    productType: varchar({ length: 16 }).notNull(),
    dosageForm: varchar({ length: 64 }),
    labelType: varchar({ length: 64 }),
    supplierId: uuid().references(() => suppliers.id),
    spec: varchar({ length: 128 }),
    specEn: varchar({ length: 128 }),
    colour: varchar({ length: 32 }),
    grossWeightKg: numeric({ precision: 12, scale: 3, mode: 'number' }),
    netWeightKg: numeric({ precision: 12, scale: 3, mode: 'number' }),
    volumeM3: numeric({ precision: 12, scale: 6, mode: 'number' }),
    /** The base unit (dictionary product_unit); other units convert to it. */
    unit: varchar({ length: 64 }).notNull(),
    barcode: varchar({ length: 32 }),
    shelfLifeDays: integer(),
    expiryWarningDays: integer(),
    originCountryId: uuid().references(() => countries.id),
    model: varchar({ length: 64 }),
    description: text(),
    u8Code: varchar({ length: 32 }),
    /** VAT rate in percent the ERP's sales documents carry on this product's lines (U8 `taxrate`). */
    taxRate: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(13),
    /** Attachment ids (sys_attachment, tableDic 'product'), in display order. */
    images: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    /** Dictionary approval_status: 0 pending, 1 under review, 2 approved, 3 rejected. */
    auditStatus: varchar({ length: 1 }).notNull().default('0'),
    status: varchar({ length: 1 }).notNull().default('1'),
    orgCode: varchar({ length: 64 }),
    ...pinyinColumns(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('pro_product_code_uq').on(t.code),
    index('pro_product_create_at_idx').on(t.createAt),
    index('pro_product_category_create_at_idx').on(t.categoryId, t.createAt),
    index('pro_product_name_idx').on(t.name),
    // the list's search on a name matches it, its English twin, its pinyin or its initials anywhere
    // (SPEC 5 pinyin): each an index of the one `or`, so PostgreSQL reads their union
    index('pro_product_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('pro_product_name_en_trgm_idx').using('gin', t.nameEn.op('gin_trgm_ops')),
    index('pro_product_name_pinyin_trgm_idx').using('gin', t.namePinyin.op('gin_trgm_ops')),
    index('pro_product_name_initials_trgm_idx').using('gin', t.nameInitials.op('gin_trgm_ops')),
    index('pro_product_supplier_idx').on(t.supplierId),
    index('pro_product_audit_status_idx').on(t.auditStatus),
    check('pro_product_tax_rate_range', sql`${t.taxRate} >= 0 and ${t.taxRate} < 100`),
  ],
)

/**
 * A product's units per use case (purchase, sale, stock) with their conversion to the base unit
 * and the box spec each packs into. SPEC 5: a unit once per use case of a product.
 */
export const productUnits = pgTable(
  'pro_product_unit',
  {
    id: id(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    useCase: varchar({ length: 16 }).notNull(),
    unit: varchar({ length: 64 }).notNull(),
    conversionRate: numeric({ precision: 14, scale: 4, mode: 'number' }).notNull(),
    boxSpecId: uuid().references(() => boxSpecs.id),
    perBox: integer(),
    remark: varchar({ length: 255 }),
    orgCode: varchar({ length: 64 }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('pro_product_unit_use_uq').on(t.productId, t.useCase, t.unit),
    index('pro_product_unit_box_spec_idx').on(t.boxSpecId),
    index('pro_product_unit_create_at_idx').on(t.createAt),
    check('pro_product_unit_rate_positive', sql`${t.conversionRate} > 0`),
  ],
)

/** The four prices of a product (purchase, retail, sale, internal), each with currency and validity. */
export const productPrices = pgTable(
  'pro_product_price',
  {
    id: id(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    priceType: varchar({ length: 16 }).notNull(),
    price: numeric({ precision: 16, scale: 4, mode: 'number' }).notNull(),
    currency: varchar({ length: 8 }).notNull(),
    validFrom: date({ mode: 'string' }).notNull(),
    validTo: date({ mode: 'string' }),
    remark: varchar({ length: 255 }),
    orgCode: varchar({ length: 64 }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('pro_product_price_type_uq').on(t.productId, t.priceType),
    index('pro_product_price_create_at_idx').on(t.createAt),
    check('pro_product_price_non_negative', sql`${t.price} >= 0`),
  ],
)

/** Which products a branch may sell, at which price (SPEC 2 'branch-sale relation'). */
export const branchSaleRels = pgTable(
  'pro_branch_sale_rel',
  {
    id: id(),
    branchId: uuid()
      .notNull()
      .references(() => branches.id),
    productId: uuid()
      .notNull()
      .references(() => products.id),
    salePrice: numeric({ precision: 16, scale: 4, mode: 'number' }),
    currency: varchar({ length: 8 }),
    status: varchar({ length: 1 }).notNull().default('1'),
    remark: varchar({ length: 255 }),
    orgCode: varchar({ length: 64 }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('pro_branch_sale_rel_uq').on(t.branchId, t.productId),
    index('pro_branch_sale_rel_product_idx').on(t.productId),
    index('pro_branch_sale_rel_create_at_idx').on(t.createAt),
  ],
)
