import {
  ApprovalStatus,
  Errors,
  ProductInputSchema,
  ProductOptionSchema,
  ProductSchema,
  productResource,
  type UnitLine,
} from '@app/contracts'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import {
  branchSaleRels,
  branchStocks,
  products,
  productUnits,
  stockDocLines,
  stockLedger,
  stocks,
} from '../../db/schema/index.ts'
import type { CrudResource, Row } from '../../platform/crud/resource.ts'
import { assertDictValues } from '../../platform/dict-values.ts'
import { fail } from '../../platform/errors.ts'
import type { ProductReview } from './product.review.ts'
import {
  assertReferences,
  attachImages,
  changedDefiningFields,
  checkUnitLines,
  insertUnits,
  isSoldByBranch,
  productDictChecks,
  replaceUnits,
  unitDictChecks,
  unitsHeld,
} from './product.rules.ts'

/** Form values the table does not hold: the units go to their own table after the save. */
const withoutChildren = ({ units: _units, ...values }: Record<string, unknown>) => {
  if (values.barcode === '') values.barcode = null
  return values
}

const unitsOf = (values: Record<string, unknown>) => (values.units ?? []) as UnitLine[]

/** Each product with its units (one query per batch of records): forms, views and the history see them. */
const withUnits = async (rows: Row[], db: DbOrTx): Promise<Row[]> => {
  const units = await db
    .select()
    .from(productUnits)
    .where(
      inArray(
        productUnits.productId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(productUnits.useCase), asc(productUnits.conversionRate))
  const byProduct = new Map<string, (typeof units)[number][]>()
  for (const u of units) byProduct.set(u.productId, [...(byProduct.get(u.productId) ?? []), u])
  return rows.map((r) => ({ ...r, units: byProduct.get(r.id) ?? [] }))
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
  // the code is the product's unique field: a clash says 'duplicate product code' (SPEC 8)
  duplicateError: Errors.DuplicateProductCode,
  pinyin: true,
  decorate: withUnits,
  // selects offer what can be sold: approved and enabled
  listAll: {
    record: ProductOptionSchema,
    where: () => and(eq(products.status, '1'), eq(products.auditStatus, ApprovalStatus.Approved)),
  },
  referencedBy: [
    { table: branchSaleRels, column: branchSaleRels.productId },
    { table: stocks, column: stocks.productId },
    { table: branchStocks, column: branchStocks.productId },
    { table: stockDocLines, column: stockDocLines.productId },
    { table: stockLedger, column: stockLedger.productId },
  ],
  hooks: {
    // one product added, or a workbook's all at once: checks, units and reviews for all of them together
    async beforeInsertMany(list, { tx }) {
      await assertReferences(tx, list)
      await assertDictValues(
        tx,
        list.flatMap((values) => [...productDictChecks(values), ...unitDictChecks(unitsOf(values))]),
      )
      await checkUnitLines(
        tx,
        list.map((values) => ({ baseUnit: values.unit as string, lines: unitsOf(values) })),
      )
      return list.map((values) => ({ ...withoutChildren(values), auditStatus: ApprovalStatus.Pending }))
    },

    async afterInsertMany(rows, inputs, ctx) {
      const { tx, principal } = ctx
      await insertUnits(
        tx,
        rows.map((row, i) => ({ productId: row.id, lines: unitsOf(inputs[i]!) })),
        principal.userId,
      )
      for (const [i, row] of rows.entries()) {
        const images = (inputs[i]!.images ?? []) as string[]
        if (images.length > 0) await attachImages(tx, row.id, images, principal.userId)
      }
      const status = await review.submitNew(tx, rows as (Row & { code: string })[], principal, ctx.req)
      return status === ApprovalStatus.Pending
        ? rows
        : rows.map((row) => ({ ...row, auditStatus: status, version: row.version + 1 }))
    },

    async beforeUpdate(values, before, { tx }) {
      await assertReferences(tx, [values])
      const units = values.units as UnitLine[] | undefined
      await assertDictValues(tx, [
        ...productDictChecks(values, before),
        ...unitDictChecks(units ?? [], () => unitsHeld(tx, before.id)),
      ])
      const changed = changedDefiningFields(before, withoutChildren({ ...values }))
      if (changed.length > 0 && (await isSoldByBranch(tx, before.id))) {
        fail(Errors.ProductSoldByBranch, { fields: changed })
      }
      if (units !== undefined) {
        await checkUnitLines(tx, [{ baseUnit: (values.unit ?? before.unit) as string, lines: units }])
      }
      const out = withoutChildren(values)
      // a changed definition, or a rejected product being fixed, goes back to review
      if (changed.length > 0 || before.auditStatus === ApprovalStatus.Rejected) out.auditStatus = ApprovalStatus.Pending
      return out
    },

    async afterUpdate(row, before, input, ctx) {
      if (input.units !== undefined) {
        await replaceUnits(ctx.tx, row.id, input.units as UnitLine[], ctx.principal.userId)
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
