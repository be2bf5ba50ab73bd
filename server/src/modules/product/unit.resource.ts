import { Errors, ProductUnitInputSchema, ProductUnitSchema, productUnitResource, type UnitLine } from '@app/contracts'
import { and, asc, eq, ne } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { products, productUnits } from '../../db/schema/index.ts'
import type { CrudResource } from '../../platform/crud/resource.ts'
import { assertDictValues } from '../../platform/dict-values.ts'
import { fail } from '../../platform/errors.ts'
import { checkUnitLines, unitDictChecks } from './product.rules.ts'

const baseUnitOf = async (tx: DbOrTx, productId: string) => {
  const [p] = await tx.select({ unit: products.unit }).from(products).where(eq(products.id, productId))
  if (!p) fail(Errors.ProductMissing, { productId })
  return p.unit
}

/** SPEC 5 against the product's other units: the same unit once per use case. */
const assertUnitFree = async (
  tx: DbOrTx,
  line: { productId: string; useCase: string; unit: string },
  exceptId?: string,
) => {
  const [clash] = await tx
    .select({ id: productUnits.id })
    .from(productUnits)
    .where(
      and(
        eq(productUnits.productId, line.productId),
        eq(productUnits.useCase, line.useCase),
        eq(productUnits.unit, line.unit),
        exceptId ? ne(productUnits.id, exceptId) : undefined,
      ),
    )
    .limit(1)
  if (clash) fail(Errors.DuplicateValue, { field: 'unit', useCase: line.useCase, unit: line.unit })
}

/** A product's units of one use case each (the product-unit list screen, and the product form's units). */
export const productUnitCrud: CrudResource = {
  meta: productUnitResource,
  table: productUnits,
  record: ProductUnitSchema,
  input: ProductUnitInputSchema,
  hooks: {
    async beforeInsert(values, { tx }) {
      const line = values as UnitLine & { productId: string }
      await assertDictValues(tx, unitDictChecks([line]))
      await checkUnitLines(tx, [{ baseUnit: await baseUnitOf(tx, line.productId), lines: [line] }])
      await assertUnitFree(tx, line)
      return values
    },
    async beforeUpdate(values, before, { tx }) {
      if ('productId' in values && values.productId !== before.productId) {
        fail(Errors.ParameterError, { field: 'productId' })
      }
      const line = { ...before, ...values } as unknown as UnitLine & { productId: string }
      await assertDictValues(tx, unitDictChecks([line], [before.unit]))
      await checkUnitLines(tx, [{ baseUnit: await baseUnitOf(tx, line.productId), lines: [line] }])
      await assertUnitFree(tx, line, before.id)
      return values
    },
  },
}

/** `/pro/productUnit/getProductUnitListByProductId`: one product's units, by use case. */
export const unitsOfProduct = (db: DbOrTx, productId: string) =>
  db
    .select()
    .from(productUnits)
    .where(eq(productUnits.productId, productId))
    .orderBy(asc(productUnits.useCase), asc(productUnits.conversionRate), asc(productUnits.createAt))
