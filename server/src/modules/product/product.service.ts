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
  return productsFound(unique, rows)
}

/**
 * The products read for these ids, by id; refuses (product missing) naming the ids none was read
 * for. For a module that reads its products in a statement of its own.
 */
export const productsFound = <P extends { id: string }>(ids: readonly string[], rows: readonly P[]) => {
  const found = new Map(rows.map((r) => [r.id, r]))
  const missing = [...new Set(ids)].filter((id) => !found.has(id))
  if (missing.length > 0) fail(Errors.ProductMissing, { productIds: missing })
  return found
}

export { branchOfferOf, branchOfferPage, type OfferedProduct, type OfferedUnit, productFacts } from './branch-offer.ts'
