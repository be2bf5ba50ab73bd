import { type PriceChange, type PriceLine, PriceTypeValues } from '@app/contracts'
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { operationLogs, productPrices, products } from '../../db/schema/index.ts'
import { type RequestInfo, recordOperation } from '../../platform/audit-log.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { notFound } from '../../platform/errors.ts'

const PRICE_TABLE = 'pro_product_price'
const ORDER = new Map(PriceTypeValues.map((t, i) => [t, i]))

type PriceRow = typeof productPrices.$inferSelect
const byType = (a: PriceRow, b: PriceRow) => (ORDER.get(a.priceType) ?? 9) - (ORDER.get(b.priceType) ?? 9)

const same = (row: PriceRow, line: PriceLine) =>
  Number(row.price) === Number(line.price) &&
  row.currency === line.currency &&
  row.validFrom === line.validFrom &&
  (row.validTo ?? null) === (line.validTo ?? null) &&
  (row.remark ?? null) === (line.remark ?? null)

const snapshot = (v: Record<string, unknown> | null | undefined) =>
  v && typeof v === 'object'
    ? {
        price: Number(v.price),
        currency: String(v.currency ?? ''),
        validFrom: String(v.validFrom ?? ''),
        validTo: v.validTo == null ? null : String(v.validTo),
      }
    : null

/**
 * The four prices of a product (SPEC 3 and 7 `queryProductPrice`, `addOrEditProductPrice`). A
 * price row is kept per product and type; each change is logged with who, when, before and
 * after, and that log is the price history.
 */
export const createPriceService = (deps: { db: Db }) => {
  const { db } = deps

  const assertProduct = async (productId: string) => {
    const [p] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId))
    if (!p) notFound()
  }

  const pricesOf = async (productId: string) =>
    (await db.select().from(productPrices).where(eq(productPrices.productId, productId))).sort(byType)

  return {
    async query(productId: string) {
      await assertProduct(productId)
      return pricesOf(productId)
    },

    /** Sets the given prices of one product; unchanged ones are left alone (no version, no log). */
    async save(req: RequestInfo, principal: Principal, productId: string, lines: readonly PriceLine[]) {
      await db.transaction(async (tx) => {
        const [p] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update')
        if (!p) notFound()
        const existing = await tx
          .select()
          .from(productPrices)
          .where(eq(productPrices.productId, productId))
          .for('update')
        const now = new Date()
        for (const line of lines) {
          const values = {
            price: Number(line.price),
            currency: line.currency,
            validFrom: line.validFrom,
            validTo: line.validTo ?? null,
            remark: line.remark ?? null,
          }
          const row = existing.find((r) => r.priceType === line.priceType)
          if (row && same(row, line)) continue
          const [after] = row
            ? await tx
                .update(productPrices)
                .set({
                  ...values,
                  version: sql`${productPrices.version} + 1`,
                  updateAt: now,
                  updateBy: principal.userId,
                })
                .where(eq(productPrices.id, row.id))
                .returning()
            : await tx
                .insert(productPrices)
                .values({ ...values, productId, priceType: line.priceType, createBy: principal.userId, createAt: now })
                .returning()
          await recordOperation(tx, req, {
            operation: row ? 'pro_price:edit' : 'pro_price:add',
            resource: PRICE_TABLE,
            objectId: after!.id,
            before: row ?? null,
            after: after ?? null,
          })
        }
      })
      return pricesOf(productId)
    },

    /** Every change of the product's prices, newest first. */
    async history(productId: string): Promise<PriceChange[]> {
      await assertProduct(productId)
      const prices = await db
        .select({ id: productPrices.id, priceType: productPrices.priceType })
        .from(productPrices)
        .where(eq(productPrices.productId, productId))
        .orderBy(asc(productPrices.priceType))
      if (prices.length === 0) return []
      const typeOf = new Map(prices.map((p) => [p.id, p.priceType]))
      const rows = await db
        .select()
        .from(operationLogs)
        .where(and(eq(operationLogs.resource, PRICE_TABLE), inArray(operationLogs.objectId, [...typeOf.keys()])))
        .orderBy(desc(operationLogs.createAt))
        .limit(500)
      return rows.map((r) => ({
        id: r.id,
        priceType: typeOf.get(r.objectId ?? '') ?? '',
        operation: r.operation ?? '',
        username: r.username,
        createAt: r.createAt,
        before: snapshot(r.before as Record<string, unknown> | null),
        after: snapshot(r.after as Record<string, unknown> | null),
      }))
    },
  }
}

export type PriceService = ReturnType<typeof createPriceService>
