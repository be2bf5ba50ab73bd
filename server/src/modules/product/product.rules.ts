import { Errors, PRODUCT_DEFINING_FIELDS, type UnitLine, unitLineProblems } from '@app/contracts'
import { and, eq, inArray, isNull, notInArray, or } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import {
  attachments,
  boxSpecs,
  branchSaleRels,
  categories,
  countries,
  productUnits,
  suppliers,
} from '../../db/schema/index.ts'
import { bulkInsert } from '../../platform/bulk-insert.ts'
import type { DictValueCheck, HeldValues } from '../../platform/dict-values.ts'
import { fail } from '../../platform/errors.ts'

export const PRODUCT_TABLE_DIC = 'product'

const norm = (v: unknown) => (v === undefined || v === '' ? null : v)

/** The defining fields (PRODUCT_DEFINING_FIELDS) whose value differs between two versions of a product. */
export const changedDefiningFields = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  PRODUCT_DEFINING_FIELDS.filter((f) => f in after && norm(after[f]) !== norm(before[f]))

export const isSoldByBranch = async (tx: DbOrTx, productId: string) => {
  const [row] = await tx
    .select({ id: branchSaleRels.id })
    .from(branchSaleRels)
    .where(eq(branchSaleRels.productId, productId))
    .limit(1)
  return Boolean(row)
}

/** Refuses `field` unless every id the products name in it (each asked once) is among what `find` finds. */
const assertFound = async (
  field: string,
  list: readonly Record<string, unknown>[],
  find: (ids: string[]) => Promise<unknown[]>,
) => {
  const ids = [...new Set(list.map((v) => v[field]).filter((id): id is string => typeof id === 'string' && id !== ''))]
  if (ids.length > 0 && (await find(ids)).length !== ids.length) fail(Errors.ParameterError, { field })
}

/**
 * The categories (enabled), suppliers and countries the products reference exist: a clear 400
 * instead of a foreign-key error. One statement per field, for one product or a workbook's.
 */
export const assertReferences = async (tx: DbOrTx, list: readonly Record<string, unknown>[]) => {
  await assertFound('categoryId', list, (ids) =>
    tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(inArray(categories.id, ids), eq(categories.status, '1'))),
  )
  await assertFound('supplierId', list, (ids) =>
    tx.select({ id: suppliers.id }).from(suppliers).where(inArray(suppliers.id, ids)),
  )
  await assertFound('originCountryId', list, (ids) =>
    tx.select({ id: countries.id }).from(countries).where(inArray(countries.id, ids)),
  )
}

/**
 * SPEC 5 on products' unit lines (contracts' `unitLineProblems`: a unit once per use, the base
 * unit at 1), refused at the first problem, naming its line; and the box specs must exist (one
 * statement for all the products).
 */
export const checkUnitLines = async (
  tx: DbOrTx,
  products: readonly { baseUnit: string; lines: readonly UnitLine[] }[],
) => {
  for (const { baseUnit, lines } of products) {
    const [problem] = unitLineProblems(lines, baseUnit)
    if (!problem) continue
    const line = lines[problem.index]!
    const field = `units.${problem.index}.${problem.field}`
    if (problem.reason === 'duplicate') fail(Errors.DuplicateValue, { field, useCase: line.useCase, unit: line.unit })
    fail(Errors.ParameterError, { field, reason: 'the base unit converts at 1' })
  }
  const specIds = [
    ...new Set(products.flatMap((p) => p.lines.map((l) => l.boxSpecId)).filter((id): id is string => Boolean(id))),
  ]
  if (specIds.length > 0) {
    const found = await tx.select({ id: boxSpecs.id }).from(boxSpecs).where(inArray(boxSpecs.id, specIds))
    if (found.length !== specIds.length) fail(Errors.ParameterError, { field: 'units.boxSpecId' })
  }
}

/** The unit lines of new products, in one statement. */
export const insertUnits = async (
  tx: DbOrTx,
  products: readonly { productId: string; lines: readonly UnitLine[] }[],
  userId: string,
) => {
  const rows = products.flatMap(({ productId, lines }) =>
    lines.map((l) => ({
      productId,
      useCase: l.useCase,
      unit: l.unit,
      conversionRate: Number(l.conversionRate),
      boxSpecId: l.boxSpecId ?? null,
      perBox: l.perBox == null ? null : Number(l.perBox),
      remark: l.remark ?? null,
      createBy: userId,
    })),
  )
  await bulkInsert(tx, productUnits, rows)
}

/** A product's units become exactly `lines` (the product form sends them all). */
export const replaceUnits = async (tx: DbOrTx, productId: string, lines: readonly UnitLine[], userId: string) => {
  await tx.delete(productUnits).where(eq(productUnits.productId, productId))
  await insertUnits(tx, [{ productId, lines }], userId)
}

/**
 * The product's images become exactly `ids`: each must be an image the caller uploaded and has
 * not attached elsewhere, or one of this product's already; images dropped from the list go back
 * to their uploader.
 */
export const attachImages = async (tx: DbOrTx, productId: string, ids: readonly string[], userId: string) => {
  if (ids.length > 0) {
    const rows = await tx
      .select({ id: attachments.id, mime: attachments.mime })
      .from(attachments)
      .where(
        and(
          inArray(attachments.id, [...ids]),
          or(
            and(isNull(attachments.objectId), eq(attachments.createBy, userId)),
            and(eq(attachments.tableDic, PRODUCT_TABLE_DIC), eq(attachments.objectId, productId)),
          ),
        ),
      )
    if (rows.length !== new Set(ids).size || rows.some((r) => !r.mime.startsWith('image/'))) {
      fail(Errors.ParameterError, { field: 'images' })
    }
    await tx
      .update(attachments)
      .set({ tableDic: PRODUCT_TABLE_DIC, objectId: productId })
      .where(inArray(attachments.id, [...ids]))
  }
  await tx
    .update(attachments)
    .set({ tableDic: null, objectId: null })
    .where(
      and(
        eq(attachments.tableDic, PRODUCT_TABLE_DIC),
        eq(attachments.objectId, productId),
        ids.length > 0 ? notInArray(attachments.id, [...ids]) : undefined,
      ),
    )
}

/**
 * What a product's save checks against the open dictionaries (`assertDictValues`, one statement):
 * its base unit, dosage form and label type (`before`: the product as it is, whose values stay
 * valid), and its units' units (`held`: those the product has now).
 */
export const productDictChecks = (
  values: Record<string, unknown>,
  before?: Record<string, unknown>,
): DictValueCheck[] =>
  (
    [
      ['unit', 'product_unit'],
      ['dosageForm', 'dosage_form'],
      ['labelType', 'label_type'],
    ] as const
  ).map(([field, dict]) => ({ field, dict, value: values[field], held: before ? [before[field]] : [] }))

export const unitDictChecks = (lines: readonly UnitLine[], held: HeldValues = []): DictValueCheck[] =>
  lines.map((l, i) => ({ field: `units.${i}.unit`, dict: 'product_unit', value: l.unit, held }))

/** The units a product has now (their values stay valid on its next save, a unit disabled since too). */
export const unitsHeld = async (tx: DbOrTx, productId: string) =>
  (await tx.select({ unit: productUnits.unit }).from(productUnits).where(eq(productUnits.productId, productId))).map(
    (u) => u.unit,
  )
