import {
  ApprovalStatus,
  Errors,
  ProductInputSchema,
  ProductSchema,
  productResource,
  type UnitLine,
} from '@app/contracts'
import { branchSaleRels, branchStocks, products, stockDocLines, stockLedger, stocks } from '../../db/schema/index.ts'
import { recordOperation } from '../../platform/audit-log.ts'
import type { CrudResource, HookContext, Row } from '../../platform/crud/resource.ts'
import { fail } from '../../platform/errors.ts'
import type { ProductReview } from './product.review.ts'
import {
  assertCodeFree,
  assertDays,
  assertReferences,
  attachImages,
  changedDefiningFields,
  checkUnitLines,
  isSoldByBranch,
  replaceUnits,
} from './product.rules.ts'

/** Form values the table does not hold: the units go to their own table after the save. */
const withoutChildren = ({ units: _units, ...values }: Record<string, unknown>) => {
  if (values.barcode === '') values.barcode = null
  return values
}

const logUnits = async (ctx: HookContext, productId: string, before: unknown, after: unknown) => {
  if (!ctx.req) return
  await recordOperation(ctx.tx, ctx.req, {
    operation: 'pro_product:units',
    resource: 'pro_product_unit',
    objectId: productId,
    before,
    after,
  })
}

/**
 * Products (SPEC 3): the generic verbs plus the rules of issue 7 — 'duplicate product code', a
 * product sold by a branch keeps its defining fields, a new product or a change of a defining
 * field goes through review (and is not sellable until approved), units and images saved with it.
 */
export const productCrud = (review: ProductReview): CrudResource => ({
  meta: productResource,
  table: products,
  record: ProductSchema,
  input: ProductInputSchema,
  pinyin: true,
  referencedBy: [
    { table: branchSaleRels, column: branchSaleRels.productId },
    { table: stocks, column: stocks.productId },
    { table: branchStocks, column: branchStocks.productId },
    { table: stockDocLines, column: stockDocLines.productId },
    { table: stockLedger, column: stockLedger.productId },
  ],
  hooks: {
    async beforeInsert(values, { tx }) {
      await assertCodeFree(tx, values.code)
      await assertReferences(tx, values)
      assertDays(values)
      const units = (values.units ?? []) as UnitLine[]
      await checkUnitLines(tx, values.unit as string, units)
      return { ...withoutChildren(values), auditStatus: ApprovalStatus.Pending }
    },

    async afterInsert(row, input, ctx) {
      const units = (input.units ?? []) as UnitLine[]
      if (units.length > 0) {
        const { after } = await replaceUnits(ctx.tx, row.id, units, ctx.principal.userId)
        await logUnits(ctx, row.id, null, after)
      }
      await attachImages(ctx.tx, row.id, (input.images ?? []) as string[], ctx.principal.userId)
      const status = await review.submit(ctx.tx, row as Row & { code: string }, ctx.principal, ctx.req)
      return status === row.auditStatus ? row : { ...row, auditStatus: status, version: row.version + 1 }
    },

    async beforeUpdate(values, before, { tx }) {
      if ('code' in values) await assertCodeFree(tx, values.code, before.id)
      await assertReferences(tx, values)
      assertDays(values, before)
      const changed = changedDefiningFields(before, withoutChildren({ ...values }))
      if (changed.length > 0 && (await isSoldByBranch(tx, before.id))) {
        fail(Errors.ProductSoldByBranch, { fields: changed })
      }
      if (values.units !== undefined) {
        await checkUnitLines(tx, (values.unit ?? before.unit) as string, values.units as UnitLine[])
      }
      const out = withoutChildren(values)
      // a changed definition, or a rejected product being fixed, goes back to review
      if (changed.length > 0 || before.auditStatus === ApprovalStatus.Rejected) out.auditStatus = ApprovalStatus.Pending
      return out
    },

    async afterUpdate(row, before, input, ctx) {
      if (input.units !== undefined) {
        const { before: old, after } = await replaceUnits(
          ctx.tx,
          row.id,
          input.units as UnitLine[],
          ctx.principal.userId,
        )
        await logUnits(ctx, row.id, old, after)
      }
      if (input.images !== undefined) {
        await attachImages(ctx.tx, row.id, input.images as string[], ctx.principal.userId)
      }
      const resubmit = changedDefiningFields(before, row).length > 0 || before.auditStatus === ApprovalStatus.Rejected
      if (!resubmit) return row
      const status = await review.submit(ctx.tx, row as Row & { code: string }, ctx.principal, ctx.req)
      return status === row.auditStatus ? row : { ...row, auditStatus: status, version: row.version + 1 }
    },

    async beforeDelete(row, { tx }) {
      await review.remove(tx, row.id)
    },
  },
})
