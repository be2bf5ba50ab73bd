import { Errors } from '@app/contracts'
import { inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { products } from '../../db/schema/index.ts'
import { fail } from '../../platform/errors.ts'

export { sellableProducts } from './branch-sale.resource.ts'

/**
 * What other modules (stock, sales) may ask of products: the product area's public surface.
 */
export const productsByIds = async (tx: DbOrTx, ids: readonly string[]) => {
  const unique = [...new Set(ids)]
  const rows = await tx
    .select({
      id: products.id,
      code: products.code,
      name: products.name,
      unit: products.unit,
      shelfLifeDays: products.shelfLifeDays,
      auditStatus: products.auditStatus,
      status: products.status,
    })
    .from(products)
    .where(inArray(products.id, unique))
  if (rows.length !== unique.length) {
    const found = new Set(rows.map((r) => r.id))
    fail(Errors.ProductMissing, { productIds: unique.filter((id) => !found.has(id)) })
  }
  return new Map(rows.map((r) => [r.id, r]))
}

export { branchOfferOf, branchOfferPage, type OfferedProduct, type OfferedUnit, productFacts } from './branch-offer.ts'
