import { z } from 'zod'
import { PriceTypeValues } from './dicts/product.ts'
import { day, optionalText, recordBase, status } from './fields.ts'
import { categoryResource, productResource, productUnitResource } from './product.ts'
import { keepsRules, RECORD_RULES } from './record-rules.ts'
import { AUDIT_FIELDS, defineResource } from './resource.ts'

/** Products' prices (one per type) and the branch-sale relations that say what a branch sells (SPEC 2). */

const money = z.coerce.number().min(0).max(1e9)
const currency = z
  .string()
  .trim()
  .regex(/^[A-Z]{3}$/, 'ISO 4217 code, e.g. CNY')

// ---------------------------------------------------------------- prices
export const priceResource = defineResource({
  name: 'price',
  base: '/pro/price',
  menu: 'pro_price',
  label: 'priceType',
  fields: {
    productId: { type: 'string', ref: { resource: 'product', label: 'name' }, search: 'eq' },
    priceType: { type: 'dict', dict: 'price_type', search: 'eq', sort: true },
    price: { type: 'number', sort: true, search: 'range' },
    currency: { type: 'string', search: 'eq', sort: true },
    validFrom: { type: 'date', sort: true, search: 'range' },
    validTo: { type: 'date', sort: true, search: 'range' },
    remark: { type: 'string', list: false },
    ...AUDIT_FIELDS,
  },
  rules: [RECORD_RULES.priceValidTo],
})
/** A price as entered: its type, amount, currency and validity. */
const priceFields = {
  priceType: z.enum(PriceTypeValues),
  price: money,
  currency,
  validFrom: day,
  validTo: day.nullish(),
  remark: optionalText(255),
}
export const PriceLineSchema = z.object(priceFields).superRefine(keepsRules(priceResource.rules ?? []))
export type PriceLine = z.input<typeof PriceLineSchema>
export const PriceInputSchema = z.object({ productId: z.string().uuid(), ...priceFields })
export const PriceSchema = PriceInputSchema.extend({
  ...recordBase,
  validTo: z.string().nullable(),
  remark: z.string().nullable(),
})
export type Price = z.infer<typeof PriceSchema>

/** POST /pro/product/addOrEditProductPrice: the prices of one product, one per type at most. */
export const ProductPriceSaveSchema = z
  .object({ productId: z.string().uuid(), prices: z.array(PriceLineSchema).min(1).max(4) })
  .refine((b) => new Set(b.prices.map((p) => p.priceType)).size === b.prices.length, {
    message: 'one price per type',
    path: ['prices'],
  })
export type ProductPriceSave = z.input<typeof ProductPriceSaveSchema>

/** A price as a change shows it, before or after. */
const PriceSnapshotSchema = z
  .object({ price: z.number(), currency: z.string(), validFrom: z.string(), validTo: z.string().nullable() })
  .nullable()

/** One change of a price: who, when, what it was and what it became. */
export const PriceChangeSchema = z.object({
  id: z.string(),
  priceType: z.string(),
  operation: z.string(),
  username: z.string().nullable(),
  createAt: z.date(),
  before: PriceSnapshotSchema,
  after: PriceSnapshotSchema,
})
export type PriceChange = z.infer<typeof PriceChangeSchema>

// ---------------------------------------------------------------- branch-sale relation
export const branchSaleRelResource = defineResource({
  name: 'branchSaleRel',
  base: '/pro/branchSaleRel',
  menu: 'pro_branch_sale',
  label: 'productId',
  fields: {
    branchId: { type: 'string', ref: { resource: 'branch', label: 'name' }, search: 'eq' },
    productId: { type: 'string', ref: { resource: 'product', label: 'name' }, search: 'eq' },
    salePrice: { type: 'number', sort: true, search: 'range' },
    currency: { type: 'string', search: 'eq', sort: true },
    status: { type: 'dict', dict: 'status', search: 'eq', sort: true },
    remark: { type: 'string', list: false },
    ...AUDIT_FIELDS,
  },
})
export const BranchSaleRelInputSchema = z.object({
  branchId: z.string().uuid(),
  productId: z.string().uuid(),
  salePrice: money.nullish(),
  currency: currency.nullish(),
  status: status.default('1'),
  remark: optionalText(255),
})
export const BranchSaleRelSchema = BranchSaleRelInputSchema.extend({
  ...recordBase,
  salePrice: z.number().nullable(),
  currency: z.string().nullable(),
  remark: z.string().nullable(),
})
export type BranchSaleRel = z.infer<typeof BranchSaleRelSchema>

/** POST /pro/branchSaleRel/batchAdd: products picked in the select modal, for one branch. */
export const BranchSaleBatchAddSchema = z.object({
  branchId: z.string().uuid(),
  productIds: z.array(z.string().uuid()).min(1).max(500),
  /** Optional: otherwise each product's sale price (and its currency) is taken. */
  salePrice: money.nullish(),
  currency: currency.nullish(),
})
export type BranchSaleBatchAdd = z.input<typeof BranchSaleBatchAddSchema>
export const BranchSaleBatchResultSchema = z.object({ added: z.number().int(), skipped: z.number().int() })

export const PRODUCT_RESOURCES = [
  productResource,
  categoryResource,
  productUnitResource,
  priceResource,
  branchSaleRelResource,
] as const
