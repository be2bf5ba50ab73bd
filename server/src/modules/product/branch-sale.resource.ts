import {
  BranchSaleRelInputSchema,
  BranchSaleRelSchema,
  branchSaleRelResource,
  Errors,
  isSellable,
  PriceType,
} from '@app/contracts'
import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { branches, branchSaleRels, productPrices, products } from '../../db/schema/index.ts'
import type { CrudResource } from '../../platform/crud/resource.ts'
import { fail } from '../../platform/errors.ts'

/** The enabled branch, or a 400 naming the field. */
export const assertBranch = async (tx: DbOrTx, branchId: string) => {
  const [b] = await tx
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.status, '1')))
  if (!b) fail(Errors.ParameterError, { field: 'branchId' })
}

/**
 * The products of `ids`, each of which must exist (ProductMissing) and be sellable — approved and
 * enabled (DataChanged: what the select modal offered has changed since).
 */
export const sellableProducts = async (tx: DbOrTx, ids: readonly string[]) => {
  const unique = [...new Set(ids)]
  const rows = await tx
    .select({ id: products.id, auditStatus: products.auditStatus, status: products.status })
    .from(products)
    .where(inArray(products.id, unique))
    // held until the caller commits: an edit of these products waits, then sees the relation
    .for('share')
  if (rows.length !== unique.length) {
    const found = new Set(rows.map((r) => r.id))
    fail(Errors.ProductMissing, { productIds: unique.filter((id) => !found.has(id)) })
  }
  const unsellable = rows.filter((r) => !isSellable(r)).map((r) => r.id)
  if (unsellable.length > 0) fail(Errors.DataChanged, { productIds: unsellable, reason: 'not approved' })
  return rows
}

/** Each product's sale price and currency, for relations added without a price of their own. */
export const salePricesOf = async (tx: DbOrTx, ids: readonly string[]) => {
  const rows = await tx
    .select({ productId: productPrices.productId, price: productPrices.price, currency: productPrices.currency })
    .from(productPrices)
    .where(and(inArray(productPrices.productId, [...ids]), eq(productPrices.priceType, PriceType.Sale)))
  return new Map(rows.map((r) => [r.productId, r]))
}

/** Which products a branch sells at which price (menu pro_branch_sale); only sellable products. */
export const branchSaleCrud: CrudResource = {
  meta: branchSaleRelResource,
  table: branchSaleRels,
  record: BranchSaleRelSchema,
  input: BranchSaleRelInputSchema,
  verbs: ['add', 'edit', 'delete', 'export'],
  hooks: {
    async beforeInsert(values, { tx }) {
      const productId = values.productId as string
      await assertBranch(tx, values.branchId as string)
      await sellableProducts(tx, [productId])
      const [clash] = await tx
        .select({ id: branchSaleRels.id })
        .from(branchSaleRels)
        .where(and(eq(branchSaleRels.branchId, values.branchId as string), eq(branchSaleRels.productId, productId)))
      if (clash) fail(Errors.DuplicateProduct, { productId })
      if (values.salePrice == null) {
        const price = (await salePricesOf(tx, [productId])).get(productId)
        return { ...values, salePrice: price?.price ?? null, currency: values.currency ?? price?.currency ?? null }
      }
      return values
    },
    async beforeUpdate(values, before) {
      for (const field of ['branchId', 'productId'] as const) {
        if (field in values && values[field] !== before[field]) fail(Errors.ParameterError, { field })
      }
      return values
    },
  },
}
