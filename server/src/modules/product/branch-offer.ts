import { ApprovalStatus, PriceType } from '@app/contracts'
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { boxSpecs, branchSaleRels, productPrices, products, productUnits } from '../../db/schema/index.ts'
import { escapeLike, textLike } from '../../platform/list-query.ts'

/** A product a branch may order now, with what an order line needs of it. */
export type OfferedProduct = {
  productId: string
  code: string
  name: string
  nameEn: string | null
  spec: string | null
  specEn: string | null
  grossWeightKg: number | null
  netWeightKg: number | null
  volumeM3: number | null
  u8Code: string | null
  /** The branch-sale relation's price, else the product's sale price. */
  price: number
  currency: string | null
  units: OfferedUnit[]
}
export type OfferedUnit = {
  id: string
  unit: string
  conversionRate: number
  boxSpecId: string | null
  perBox: number | null
  /** The box's outer volume (m3) and gross weight, when the unit has a box spec. */
  boxVolumeM3: number | null
  boxGrossWeightKg: number | null
}

const columns = {
  productId: products.id,
  code: products.code,
  name: products.name,
  nameEn: products.nameEn,
  spec: products.spec,
  specEn: products.specEn,
  grossWeightKg: products.grossWeightKg,
  netWeightKg: products.netWeightKg,
  volumeM3: products.volumeM3,
  u8Code: products.u8Code,
  relPrice: branchSaleRels.salePrice,
  relCurrency: branchSaleRels.currency,
  salePrice: productPrices.price,
  saleCurrency: productPrices.currency,
}

/** Sellable now (approved, enabled) and in the branch's enabled branch-sale relation. */
const offered = (branchId: string, more?: SQL) =>
  and(
    eq(branchSaleRels.branchId, branchId),
    eq(branchSaleRels.status, '1'),
    eq(products.auditStatus, ApprovalStatus.Approved),
    eq(products.status, '1'),
    more,
  )

const base = (db: DbOrTx) =>
  db
    .select(columns)
    .from(branchSaleRels)
    .innerJoin(products, eq(products.id, branchSaleRels.productId))
    .leftJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.priceType, PriceType.Sale)))

const unitsOf = async (db: DbOrTx, productIds: readonly string[]) => {
  const out = new Map<string, OfferedUnit[]>()
  if (productIds.length === 0) return out
  const rows = await db
    .select({ unit: productUnits, box: boxSpecs })
    .from(productUnits)
    .leftJoin(boxSpecs, eq(boxSpecs.id, productUnits.boxSpecId))
    .where(and(inArray(productUnits.productId, [...productIds]), eq(productUnits.useCase, 'sale')))
    .orderBy(asc(productUnits.createAt), asc(productUnits.id))
  for (const { unit: u, box } of rows) {
    const list = out.get(u.productId) ?? []
    list.push({
      id: u.id,
      unit: u.unit,
      conversionRate: u.conversionRate,
      boxSpecId: u.boxSpecId,
      perBox: u.perBox,
      boxVolumeM3: box ? (box.lengthCm * box.widthCm * box.heightCm) / 1e6 : null,
      boxGrossWeightKg: box?.grossWeightKg ?? null,
    })
    out.set(u.productId, list)
  }
  return out
}

const withUnits = async (db: DbOrTx, rows: Awaited<ReturnType<ReturnType<typeof base>['where']>>) => {
  const units = await unitsOf(
    db,
    rows.map((r) => r.productId),
  )
  return rows.map(
    ({ relPrice, relCurrency, salePrice, saleCurrency, ...r }): OfferedProduct => ({
      ...r,
      price: relPrice ?? salePrice ?? 0,
      currency: relPrice != null ? relCurrency : (saleCurrency ?? relCurrency),
      units: units.get(r.productId) ?? [],
    }),
  )
}

/** A product's name as the list's search matches it: its English twin, full pinyin and initials too. */
const PRODUCT_NAME = {
  column: products.name,
  twins: [products.nameEn],
  also: [products.namePinyin, products.nameInitials],
}

/**
 * A keyword on a product's code or name (`textLike`, as the list's search): Chinese, English, full
 * pinyin ('ningmeng' or 'ning meng') or pinyin initials ('nmxjj' for 柠檬洗洁精). The pinyin
 * columns hold lower case without spaces (`pinyinOf`), so they are matched by `like` with the
 * keyword so written; their trigram indexes serve both.
 */
export const productKeyword = (keyword: string): SQL | undefined => {
  const k = `%${escapeLike(keyword)}%`
  const squashed = keyword.replace(/\s+/g, '').toLowerCase()
  const p = squashed ? `%${escapeLike(squashed)}%` : undefined
  return or(textLike(PRODUCT_NAME, sql.param(k), p === undefined ? undefined : sql.param(p)), ilike(products.code, k))
}

/**
 * What a branch may order (issue 15: 'select product'): the product select modal's page, by code
 * or name (`productKeyword`).
 */
export const branchOfferPage = async (
  db: DbOrTx,
  branchId: string,
  query: { keyword?: string; pageNo: number; pageSize: number },
) => {
  const where = offered(branchId, query.keyword ? productKeyword(query.keyword) : undefined)
  const [total] = await db
    .select({ n: count() })
    .from(branchSaleRels)
    .innerJoin(products, eq(products.id, branchSaleRels.productId))
    .where(where)
  const rows = await base(db)
    .where(where)
    .orderBy(asc(products.code))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
  return { records: await withUnits(db, rows), total: total?.n ?? 0 }
}

/** The products of `productIds` the branch may order now, by id (missing ones are simply absent). */
export const branchOfferOf = async (db: DbOrTx, branchId: string, productIds: readonly string[]) => {
  if (productIds.length === 0) return new Map<string, OfferedProduct>()
  const rows = await base(db).where(offered(branchId, inArray(products.id, [...new Set(productIds)])))
  return new Map((await withUnits(db, rows)).map((p) => [p.productId, p]))
}

/** Attributes of products by id regardless of the branch (what lines already ordered weigh). */
export const productFacts = async (db: DbOrTx, productIds: readonly string[]) => {
  if (productIds.length === 0) return new Map<string, OfferedProduct>()
  const rows = await db
    .select({ ...columns, relPrice: productPrices.price, relCurrency: productPrices.currency })
    .from(products)
    .leftJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.priceType, PriceType.Sale)))
    .where(inArray(products.id, [...new Set(productIds)]))
  return new Map((await withUnits(db, rows)).map((p) => [p.productId, p]))
}
