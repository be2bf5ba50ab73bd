import { z } from 'zod'
import { ProductTypeValues, SourceValues, SpecTypeValues, UnitUseValues } from './dicts/product.ts'
import { ApprovalStatus } from './dicts/sales.ts'
import { codeOf, dictValue, optionalText, recordBase, status, stepNumber, text, versionNo } from './fields.ts'
import { keepsRules, RECORD_RULES } from './record-rules.ts'
import { AUDIT_FIELDS, defineResource } from './resource.ts'

/**
 * Products, categories and units (SPEC 2 'Products', 3 'Product', 5 units rule); prices and
 * branch-sale relations are product-prices.ts. Each list screen is a resource; calls of their own
 * are below each one.
 */

const code = codeOf(32)
const amount = (max: number) => z.coerce.number().min(0).max(max)
/** A VAT rate in percent: 0 up to under 100, two decimals at most. */
export const taxRate = z.coerce
  .number()
  .min(0)
  .lt(100)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'at most two decimals')
// ---------------------------------------------------------------- category (tree)
export const categoryResource = defineResource({
  name: 'category',
  base: '/pro/category',
  menu: 'pro_category',
  label: 'name',
  unique: ['code'],
  status: { field: 'status', dict: 'status' },
  tree: true,
  fields: {
    code: { type: 'string', search: 'like', sort: true },
    name: { type: 'string', search: 'like', sort: true },
    nameEn: { type: 'string', search: 'like', sort: true },
    parentId: { type: 'string', ref: { resource: 'category', label: 'name' }, search: 'eq' },
    sortNo: { type: 'number', sort: true },
    status: { type: 'dict', dict: 'status', search: 'eq', sort: true },
    ...AUDIT_FIELDS,
  },
})
export const CategoryInputSchema = z.object({
  code,
  name: text(100).min(1),
  nameEn: optionalText(100),
  parentId: z.string().uuid().nullish(),
  sortNo: z.coerce.number().int().min(0).max(99999).default(0),
  status: status.default('1'),
})
export const CategorySchema = CategoryInputSchema.extend({
  ...recordBase,
  nameEn: z.string().nullable(),
  parentId: z.string().nullable(),
})
export type Category = z.infer<typeof CategorySchema>
export const CategoryOptionSchema = CategorySchema.pick({
  id: true,
  code: true,
  name: true,
  nameEn: true,
  parentId: true,
})

// ---------------------------------------------------------------- product units
export const productUnitResource = defineResource({
  name: 'productUnit',
  base: '/pro/productUnit',
  menu: 'pro_unit',
  label: 'unit',
  fields: {
    productId: { type: 'string', ref: { resource: 'product', label: 'name' }, search: 'eq' },
    useCase: { type: 'dict', dict: 'unit_use', search: 'eq', sort: true },
    unit: { type: 'dict', dict: 'product_unit', search: 'eq', sort: true },
    conversionRate: { type: 'number', sort: true },
    boxSpecId: { type: 'string', ref: { resource: 'boxSpec', label: 'name' }, search: 'eq' },
    perBox: { type: 'number', sort: true },
    remark: { type: 'string', list: false },
    ...AUDIT_FIELDS,
  },
})
/** One unit of a product, as the product form sends it (no product id: the form's product). */
export const UnitLineSchema = z.object({
  useCase: z.enum(UnitUseValues),
  unit: dictValue(),
  /** How many base units one of this unit holds (1 for the base unit itself). */
  conversionRate: z.coerce.number().positive().max(1e7),
  boxSpecId: z.string().uuid().nullish(),
  /** How many of this unit fill one box of the box spec. */
  perBox: z.coerce.number().int().positive().max(1e6).nullish(),
  remark: optionalText(255),
})
export type UnitLine = z.input<typeof UnitLineSchema>
export const ProductUnitInputSchema = UnitLineSchema.extend({ productId: z.string().uuid() })

/** What is wrong with one of a product's unit lines (SPEC 5), by its index and the field it falls on. */
export type UnitLineProblem =
  | { index: number; field: 'unit'; reason: 'duplicate' }
  | { index: number; field: 'conversionRate'; reason: 'baseRate' }

/**
 * A product's unit lines against SPEC 5 and the base unit: the same unit may be used once per use
 * (every line of a clash is named), and the product's base unit converts at 1. The server refuses
 * the first problem; the product form marks every one where it is.
 */
export const unitLineProblems = (
  lines: readonly Pick<UnitLine, 'useCase' | 'unit' | 'conversionRate'>[],
  baseUnit: string | null | undefined,
): UnitLineProblem[] => {
  const firstOf = new Map<string, number>()
  const clashing = new Set<number>()
  for (const [i, line] of lines.entries()) {
    const key = `${line.useCase}:${line.unit}`
    const first = firstOf.get(key)
    if (first === undefined) firstOf.set(key, i)
    else clashing.add(first).add(i)
  }
  const problems: UnitLineProblem[] = []
  for (const [index, line] of lines.entries()) {
    if (clashing.has(index)) problems.push({ index, field: 'unit', reason: 'duplicate' })
    if (baseUnit && line.unit === baseUnit && line.conversionRate != null && Number(line.conversionRate) !== 1)
      problems.push({ index, field: 'conversionRate', reason: 'baseRate' })
  }
  return problems
}
export const ProductUnitSchema = ProductUnitInputSchema.extend({
  ...recordBase,
  boxSpecId: z.string().nullable(),
  perBox: z.number().nullable(),
  remark: z.string().nullable(),
})
export type ProductUnit = z.infer<typeof ProductUnitSchema>
/** A unit as it travels with its product. */
export const ProductUnitLineSchema = z.object({
  id: z.string(),
  useCase: z.string(),
  unit: z.string(),
  conversionRate: z.number(),
  boxSpecId: z.string().nullable(),
  perBox: z.number().nullable(),
  remark: z.string().nullable(),
})
export type ProductUnitLine = z.infer<typeof ProductUnitLineSchema>
export const ProductUnitQuerySchema = z.object({ productId: z.string().uuid() })

// ---------------------------------------------------------------- product
export const productResource = defineResource({
  name: 'product',
  base: '/pro/product',
  menu: 'pro_product',
  label: 'name',
  unique: ['code'],
  status: { field: 'status', dict: 'status' },
  fields: {
    code: { type: 'string', search: 'like', sort: true },
    name: { type: 'string', search: 'like', sort: true },
    nameEn: { type: 'string', search: 'like', sort: true, list: false },
    specType: { type: 'dict', dict: 'product_spec_type', search: 'eq', sort: true, list: false },
    categoryId: { type: 'string', ref: { resource: 'category', label: 'name' }, search: 'in' },
    source: { type: 'dict', dict: 'product_source', search: 'eq', sort: true },
    productType: { type: 'dict', dict: 'product_type', search: 'eq', sort: true },
    dosageForm: { type: 'dict', dict: 'dosage_form', search: 'eq', sort: true, list: false },
    labelType: { type: 'dict', dict: 'label_type', search: 'eq', sort: true, list: false },
    supplierId: { type: 'string', ref: { resource: 'supplier', label: 'name' }, search: 'eq', list: false },
    spec: { type: 'string', search: 'like', sort: true },
    specEn: { type: 'string', list: false },
    colour: { type: 'string', list: false },
    grossWeightKg: { type: 'number', sort: true, search: 'range', list: false },
    netWeightKg: { type: 'number', sort: true, search: 'range', list: false },
    volumeM3: { type: 'number', sort: true, list: false },
    unit: { type: 'dict', dict: 'product_unit', search: 'eq', sort: true },
    barcode: { type: 'string', search: 'like', sort: true, list: false },
    shelfLifeDays: { type: 'number', sort: true, search: 'range', list: false },
    expiryWarningDays: { type: 'number', sort: true, list: false },
    originCountryId: { type: 'string', ref: { resource: 'country', label: 'name' }, search: 'eq', list: false },
    model: { type: 'string', search: 'like', list: false },
    description: { type: 'string', list: false, superQuery: false },
    u8Code: { type: 'string', search: 'like', sort: true, list: false },
    taxRate: { type: 'number', sort: true, list: false },
    auditStatus: { type: 'dict', dict: 'approval_status', search: 'eq', sort: true, readOnly: true },
    status: { type: 'dict', dict: 'status', search: 'eq', sort: true },
    ...AUDIT_FIELDS,
  },
  rules: [RECORD_RULES.netWeight, RECORD_RULES.expiryWarning],
})

/**
 * The fields that define what a product is: changing one sends the product through review
 * again, and a product a branch sells keeps them (SPEC 8 'product sold by a branch cannot be edited').
 */
export const PRODUCT_DEFINING_FIELDS = [
  'code',
  'name',
  'specType',
  'categoryId',
  'source',
  'productType',
  'dosageForm',
  'labelType',
  'supplierId',
  'spec',
  'unit',
  'barcode',
  'shelfLifeDays',
] as const

/** SPEC 5/9: images only, under 2 MB each; a product shows at most this many. */
export const MAX_PRODUCT_IMAGES = 9

export const ProductInputSchema = z
  .object({
    code,
    name: text(128).min(1),
    nameEn: optionalText(128),
    specType: z.enum(SpecTypeValues),
    categoryId: z.string().uuid(),
    source: z.enum(SourceValues),
    productType: z.enum(ProductTypeValues),
    dosageForm: dictValue().nullish(),
    labelType: dictValue().nullish(),
    supplierId: z.string().uuid().nullish(),
    spec: optionalText(128),
    specEn: optionalText(128),
    colour: optionalText(32),
    grossWeightKg: amount(100000).nullish(),
    netWeightKg: amount(100000).nullish(),
    volumeM3: amount(1000).nullish(),
    unit: dictValue(),
    barcode: z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z-]{4,32}$/, 'digits, letters and - (4 to 32)')
      .nullish()
      .or(z.literal('')),
    shelfLifeDays: z.coerce.number().int().min(0).max(36500).nullish(),
    expiryWarningDays: z.coerce.number().int().min(0).max(36500).nullish(),
    originCountryId: z.string().uuid().nullish(),
    model: optionalText(64),
    description: optionalText(2000),
    u8Code: optionalText(32),
    /** VAT rate in percent, sent to the ERP on the product's order lines. */
    taxRate: taxRate.default(13),
    status: status.default('1'),
    /** Ids of uploaded images (POST /file/upload), in the order shown; the first is the cover. */
    images: z.array(z.string().uuid()).max(MAX_PRODUCT_IMAGES).default([]),
    /** The product's units; on edit, when sent, they replace the units it had. */
    units: z.array(UnitLineSchema).max(30).optional(),
  })
  .superRefine(keepsRules(productResource.rules ?? []))
export const ProductSchema = z.object({
  ...recordBase,
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  specType: z.string(),
  categoryId: z.string(),
  source: z.string(),
  productType: z.string(),
  dosageForm: z.string().nullable(),
  labelType: z.string().nullable(),
  supplierId: z.string().nullable(),
  spec: z.string().nullable(),
  specEn: z.string().nullable(),
  colour: z.string().nullable(),
  grossWeightKg: z.number().nullable(),
  netWeightKg: z.number().nullable(),
  volumeM3: z.number().nullable(),
  unit: z.string(),
  barcode: z.string().nullable(),
  shelfLifeDays: z.number().nullable(),
  expiryWarningDays: z.number().nullable(),
  originCountryId: z.string().nullable(),
  model: z.string().nullable(),
  description: z.string().nullable(),
  u8Code: z.string().nullable(),
  taxRate: z.number(),
  images: z.array(z.string()),
  auditStatus: z.string(),
  status: z.string(),
  /** The product's units, with every record (lists, reads, the modify history). */
  units: z.array(ProductUnitLineSchema).optional(),
})
export type Product = z.infer<typeof ProductSchema>
/** A sellable product in a select (`getListAll`): not its prices, supplier or units. */
export const ProductOptionSchema = ProductSchema.pick({ id: true, code: true, name: true, nameEn: true })
export type ProductInput = z.input<typeof ProductInputSchema>

/** A product a branch may sell: approved and enabled. */
export const isSellable = (p: Pick<Product, 'auditStatus' | 'status'>) =>
  p.auditStatus === ApprovalStatus.Approved && p.status === '1'

export const ProductCodeQuerySchema = z.object({ code: z.string().trim().min(1).max(32) })
export const ProductIdQuerySchema = z.object({ productId: z.string().uuid() })
export const ProductAuditQuerySchema = z.object({ id: z.string().uuid() })

/** The audit modal's decision on a product's current review step (note required, SPEC 5). */
export const ProductAuditSchema = z.object({
  id: z.string().uuid(),
  decision: z.enum(['approve', 'reject']),
  note: z.string().max(500).nullish(),
  stepNo: stepNumber.min(1).optional(),
  version: versionNo.optional(),
})
