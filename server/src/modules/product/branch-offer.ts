import { ApprovalStatus, PriceType } from '@app/contracts'
import { and, asc, count, eq, ilike, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { reusable } from '../../db/reusable.ts'
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

/** A sale unit as the statement gives it (JSON), with its box's measures. */
type UnitRow = {
  id: string
  unit: string
  conversionRate: number
  boxSpecId: string | null
  perBox: number | null
  lengthCm: number | null
  widthCm: number | null
  heightCm: number | null
  boxGrossWeightKg: number | null
}

/** The product's sale units with their boxes, in the order they were made, as one JSON column. */
const unitsColumn = sql<UnitRow[] | null>`(
  select json_agg(json_build_object('id', ${productUnits.id}, 'unit', ${productUnits.unit},
    'conversionRate', ${productUnits.conversionRate}, 'boxSpecId', ${productUnits.boxSpecId},
    'perBox', ${productUnits.perBox}, 'lengthCm', ${boxSpecs.lengthCm}, 'widthCm', ${boxSpecs.widthCm},
    'heightCm', ${boxSpecs.heightCm}, 'boxGrossWeightKg', ${boxSpecs.grossWeightKg})
    order by ${productUnits.createAt}, ${productUnits.id})
  from ${productUnits} left join ${boxSpecs} on ${boxSpecs.id} = ${productUnits.boxSpecId}
  where ${productUnits.productId} = ${products.id} and ${productUnits.useCase} = 'sale')`

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
  units: unitsColumn,
}

/** Sellable now (approved, enabled) and in the branch's enabled branch-sale relation. */
const offered = (branchId: string | SQLWrapper, more?: SQL) =>
  and(
    eq(branchSaleRels.branchId, branchId),
    eq(branchSaleRels.status, '1'),
    eq(products.auditStatus, ApprovalStatus.Approved),
    eq(products.status, '1'),
    more,
  )

/**
 * The branch's offer with each product's units, in one statement; `total` is the number of rows
 * the conditions take before a page's limit (`count(*) over ()`).
 */
const base = (db: DbOrTx) =>
  db
    .select({
      ...columns,
      relPrice: branchSaleRels.salePrice,
      relCurrency: branchSaleRels.currency,
      salePrice: productPrices.price,
      saleCurrency: productPrices.currency,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(branchSaleRels)
    .innerJoin(products, eq(products.id, branchSaleRels.productId))
    .leftJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.priceType, PriceType.Sale)))

/** A row of the offer's statements: the product's columns, both prices and its units as JSON. */
type Row = Omit<OfferedProduct, 'price' | 'currency' | 'units'> & {
  units: UnitRow[] | null
  relPrice: number | null
  relCurrency: string | null
  salePrice: number | null
  saleCurrency: string | null
  total?: number
}

/** The relation's price, else the product's sale price; the units with their box's volume (m3) and weight. */
const toOffered = ({ relPrice, relCurrency, salePrice, saleCurrency, units, total: _, ...r }: Row): OfferedProduct => ({
  ...r,
  price: relPrice ?? salePrice ?? 0,
  currency: relPrice != null ? relCurrency : (saleCurrency ?? relCurrency),
  units: (units ?? []).map(({ lengthCm, widthCm, heightCm, boxGrossWeightKg, ...u }) => ({
    ...u,
    conversionRate: Number(u.conversionRate),
    boxVolumeM3: lengthCm != null ? (lengthCm * widthCm! * heightCm!) / 1e6 : null,
    boxGrossWeightKg: boxGrossWeightKg != null ? Number(boxGrossWeightKg) : null,
  })),
})

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
  const page = { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize }
  const keyword = query.keyword ? productKeyword(query.keyword) : undefined
  const rows = keyword
    ? await pageOf(db, offered(branchId, keyword)).limit(page.limit).offset(page.offset)
    : await offerPage(db, { branchId, ...page })
  // past the last page no row tells the total: counted then
  const total =
    rows[0]?.total ??
    (page.offset === 0
      ? 0
      : ((
          await db
            .select({ n: count() })
            .from(branchSaleRels)
            .innerJoin(products, eq(products.id, branchSaleRels.productId))
            .where(offered(branchId, keyword))
        )[0]?.n ?? 0))
  return { records: rows.map(toOffered), total }
}

/** A page of the offer by product code. */
const pageOf = (db: DbOrTx, where: SQL | undefined) => base(db).where(where).orderBy(asc(products.code))

/** The order form's first look (no keyword), built once: the select modal opens on it. */
const offerPage = reusable('branch_offer_page', (db) =>
  pageOf(db, offered(sql.placeholder('branchId')))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
)

/** The products of `productIds` the branch may order now, by id (missing ones are simply absent). */
export const branchOfferOf = async (db: DbOrTx, branchId: string, productIds: readonly string[]) => {
  if (productIds.length === 0) return new Map<string, OfferedProduct>()
  const rows = await base(db).where(offered(branchId, inArray(products.id, [...new Set(productIds)])))
  return new Map(rows.map((r) => [r.productId, toOffered(r)]))
}

/** Attributes of products by id regardless of the branch (what lines already ordered weigh). */
export const productFacts = async (db: DbOrTx, productIds: readonly string[]) => {
  if (productIds.length === 0) return new Map<string, OfferedProduct>()
  const rows = await db
    .select({ ...columns, relPrice: productPrices.price, relCurrency: productPrices.currency })
    .from(products)
    .leftJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.priceType, PriceType.Sale)))
    .where(inArray(products.id, [...new Set(productIds)]))
  return new Map(rows.map((r) => [r.productId, toOffered({ ...r, salePrice: null, saleCurrency: null })]))
}
