import type { BranchSaleBatchAdd } from '@app/contracts'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { branchSaleRels } from '../../db/schema/index.ts'
import { type RequestInfo, recordOperations } from '../../platform/audit-log.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { assertBranch, salePricesOf, sellableProducts } from './branch-sale.resource.ts'

/**
 * `POST /pro/branchSaleRel/batchAdd` (SPEC 7): the products picked in the select modal become
 * products of a branch, all in one transaction. Every product must be sellable; products the
 * branch already sells are skipped. Without a price the product's sale price is taken.
 */
export const createBranchSaleService = (deps: { db: Db }) => ({
  async batchAdd(req: RequestInfo, principal: Principal, input: BranchSaleBatchAdd) {
    const ids = [...new Set(input.productIds)]
    return deps.db.transaction(async (tx) => {
      await assertBranch(tx, input.branchId)
      // the products stay as they are (approved, enabled) until this commits
      await sellableProducts(tx, ids)
      const existing = await tx
        .select({ productId: branchSaleRels.productId })
        .from(branchSaleRels)
        .where(and(eq(branchSaleRels.branchId, input.branchId), inArray(branchSaleRels.productId, ids)))
      const had = new Set(existing.map((r) => r.productId))
      const fresh = ids.filter((id) => !had.has(id))
      if (fresh.length === 0) return { added: 0, skipped: ids.length }
      const prices = input.salePrice == null ? await salePricesOf(tx, fresh) : new Map()
      const rows = await tx
        .insert(branchSaleRels)
        .values(
          fresh.map((productId) => ({
            branchId: input.branchId,
            productId,
            salePrice: input.salePrice ?? prices.get(productId)?.price ?? null,
            currency: input.currency ?? prices.get(productId)?.currency ?? null,
            createBy: principal.userId,
            orgCode: principal.orgCode,
          })),
        )
        .onConflictDoNothing()
        .returning()
      await recordOperations(
        tx,
        req,
        rows.map((row) => ({
          operation: 'pro_branch_sale:batchAdd',
          resource: 'pro_branch_sale_rel',
          objectId: row.id,
          before: null,
          after: row,
        })),
      )
      return { added: rows.length, skipped: ids.length - rows.length }
    })
  },
})
export type BranchSaleService = ReturnType<typeof createBranchSaleService>
