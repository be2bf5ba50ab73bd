import { ApprovalStatus, AuditBusiness, PriceType } from '@app/contracts'
import { eq } from 'drizzle-orm'
import { createApprovalEngine } from '../../../platform/approval/index.ts'
import { createEventBus } from '../../../platform/events.ts'
import { pinyinOf } from '../../../platform/pinyin.ts'
import type { DbOrTx } from '../../client.ts'
import {
  attachments,
  boxSpecs,
  branches,
  branchSaleRels,
  categories,
  countries,
  depots,
  productPrices,
  products,
  productUnits,
  suppliers,
  users,
} from '../../schema/index.ts'
import type { SeedContext } from '../index.ts'
import { BRANCHES } from './organisation-data.ts'
import {
  CATEGORIES,
  PACKING,
  PENDING,
  PRODUCTS,
  REJECTED,
  SOLD_IN_BOXES,
  specInEnglish,
  TAX_RATES,
} from './product-data.ts'
import { productPng, storeImage } from './product-images.ts'
import { seedStock } from './product-stock.ts'

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d
const USD_RATE = 7.1

const idsBy = async <T extends { id: string; code: string }>(rows: Promise<T[]>) =>
  new Map((await rows).map((r) => [r.code, r.id]))

/**
 * Categories, about 60 products with units, box specs, four prices and images, a few waiting
 * for review and one rejected, branch-sale relations, stock in several depots with batches
 * (posted as documents, so the ledger adds up) and two branches' uploaded stock.
 */
export const seedProducts = async (db: DbOrTx, { filesDir }: SeedContext) => {
  const [admin] = await db.select({ id: users.id }).from(users).where(eqUser('admin'))
  const [director] = await db.select({ id: users.id }).from(users).where(eqUser('finance_director'))
  if (!admin || !director) throw new Error('seed products: users missing')
  const supplierIds = await idsBy(db.select({ id: suppliers.id, code: suppliers.code }).from(suppliers))
  const boxIds = await idsBy(db.select({ id: boxSpecs.id, code: boxSpecs.code }).from(boxSpecs))
  const depotIds = await idsBy(db.select({ id: depots.id, code: depots.code }).from(depots))
  const branchIds = await idsBy(db.select({ id: branches.id, code: branches.code }).from(branches))
  const countryIds = await idsBy(db.select({ id: countries.id, code: countries.code }).from(countries))

  // categories, parents first
  const categoryIds = new Map<string, string>()
  for (const [i, [code, zh, en, parent]] of CATEGORIES.entries()) {
    const [row] = await db
      .insert(categories)
      .values({
        code,
        name: zh,
        nameEn: en,
        parentId: parent ? categoryIds.get(parent) : null,
        sortNo: i,
        createBy: admin.id,
        ...pinyinOf(zh),
      })
      .returning({ id: categories.id })
    categoryIds.set(code, row!.id)
  }

  const waiting = new Set([...PENDING, REJECTED])
  const productRows = await db
    .insert(products)
    .values(
      PRODUCTS.map(
        ([code, zh, en, cat, spec, unit, dosageForm, supplier, source, type, label, netKg, shelfDays], i) => ({
          code,
          name: zh,
          nameEn: en,
          specType: cat === 'C10' && code === 'BK-003' ? 'gift' : i % 9 === 4 ? 'family' : 'standard',
          categoryId: categoryIds.get(cat)!,
          source,
          productType: type,
          dosageForm,
          labelType: label,
          supplierId: supplierIds.get(supplier) ?? null,
          spec,
          specEn: specInEnglish(spec, dosageForm),
          colour: null,
          netWeightKg: netKg,
          grossWeightKg: round(netKg * 1.12 + 0.02, 3),
          volumeM3: round(Math.max(netKg, 0.05) * 0.0012, 6),
          unit,
          barcode: `69${String(20000000000 + i * 7919).slice(0, 11)}`,
          shelfLifeDays: shelfDays,
          expiryWarningDays: Math.min(90, Math.round(shelfDays / 4)),
          originCountryId: countryIds.get(
            supplier === 'S010'
              ? 'RU'
              : supplier === 'S015'
                ? 'US'
                : supplier === 'S009'
                  ? 'TH'
                  : supplier === 'S020'
                    ? 'KZ'
                    : 'CN',
          ),
          model: null,
          description: `${zh}，${spec}。`,
          u8Code: `U8-${code}`,
          taxRate: TAX_RATES[cat] ?? 13,
          auditStatus: waiting.has(code) ? ApprovalStatus.Pending : ApprovalStatus.Approved,
          status: '1',
          createBy: admin.id,
          orgCode: 'A01A04',
          createAt: new Date(Date.now() - (PRODUCTS.length - i) * 3_600_000),
          ...pinyinOf(zh),
        }),
      ),
    )
    .returning({ id: products.id, code: products.code })
  const productIds = new Map(productRows.map((r) => [r.code, r.id]))
  const seeds = PRODUCTS.map((p) => ({ p, id: productIds.get(p[0])! }))

  // units: the base unit for stock and sale (boxes for those sold in boxes), cartons (of the
  // category's box) for purchase
  await db.insert(productUnits).values(
    seeds.flatMap(({ p, id }) => {
      const [, , , cat, , unit] = p
      const [box, perBox] = PACKING[cat.slice(0, 3)] ?? ['B02', 12]
      const boxSpecId = boxIds.get(box) ?? null
      const inBoxes = SOLD_IN_BOXES[p[0]]
      const lines = [
        { productId: id, useCase: 'stock', unit, conversionRate: 1, boxSpecId: null, perBox: null },
        inBoxes
          ? { productId: id, useCase: 'sale', unit: 'box', conversionRate: inBoxes, boxSpecId, perBox: 1 }
          : { productId: id, useCase: 'sale', unit, conversionRate: 1, boxSpecId, perBox },
      ]
      if (perBox > 1)
        lines.push({ productId: id, useCase: 'purchase', unit: 'carton', conversionRate: perBox, boxSpecId, perBox: 1 })
      else lines.push({ productId: id, useCase: 'purchase', unit, conversionRate: 1, boxSpecId, perBox: 1 })
      return lines.map((l) => ({ ...l, createBy: admin.id }))
    }),
  )

  // the four prices
  await db.insert(productPrices).values(
    seeds.flatMap(({ p, id }) => {
      const cost = p[13]
      const price = (priceType: string, value: number, currency: string) => ({
        productId: id,
        priceType,
        price: round(value),
        currency,
        validFrom: '2026-01-01',
        validTo: priceType === PriceType.Sale ? '2026-12-31' : null,
        createBy: admin.id,
      })
      return [
        price(PriceType.Purchase, cost, 'CNY'),
        price(PriceType.Retail, cost * 2.5, 'CNY'),
        price(PriceType.Sale, (cost * 1.6) / USD_RATE, 'USD'),
        price(PriceType.Internal, cost * 1.08, 'CNY'),
      ]
    }),
  )

  // images: one or two per product, through the files table like an upload
  const images: (typeof attachments.$inferInsert)[] = []
  for (const [i, { p, id }] of seeds.entries()) {
    for (let n = 0; n < (i % 3 === 0 ? 2 : 1); n++) {
      const bytes = productPng(CATEGORIES.findIndex((c) => c[0] === p[3]) * 0.7, n)
      const { key, sha256 } = await storeImage(filesDir, `${p[0]}-${n}`, bytes)
      images.push({
        storageKey: key,
        originalName: `${p[0]}-${n + 1}.png`,
        size: bytes.length,
        mime: 'image/png',
        sha256,
        kind: 'upload',
        tableDic: 'product',
        objectId: id,
        createBy: admin.id,
      })
    }
  }
  const stored = await db
    .insert(attachments)
    .values(images)
    .returning({ id: attachments.id, objectId: attachments.objectId })
  for (const { id } of seeds) {
    await db
      .update(products)
      .set({ images: stored.filter((s) => s.objectId === id).map((s) => s.id) })
      .where(eqId(id))
  }

  // reviews: three waiting for the finance director, one rejected by her
  const engine = createApprovalEngine({ events: createEventBus() })
  for (const code of [...PENDING, REJECTED]) {
    const objectId = productIds.get(code)!
    await engine.start(db, {
      business: AuditBusiness.Product,
      objectId,
      objectNo: code,
      submitter: { userId: admin.id, orgCode: 'A01A04' },
    })
  }
  await engine.decide(db, {
    business: AuditBusiness.Product,
    objectId: productIds.get(REJECTED)!,
    decision: 'reject',
    note: '标签语种与目标市场不符，请改为印尼语/英语 (label language does not match the market)',
    actor: { userId: director.id, username: 'finance_director' },
  })
  await db
    .update(products)
    .set({ auditStatus: ApprovalStatus.Rejected })
    .where(eqId(productIds.get(REJECTED)!))

  const sellable = seeds.filter(({ p }) => !waiting.has(p[0]))
  const branchList = [...branchIds]
  // a domestic branch buys in its country's currency (yuan, at cost plus 60 %); an overseas one in
  // the sale price's dollars
  const domestic = new Set<string>(BRANCHES.filter((b) => b.branchType === 'domestic').map((b) => b.code))
  await db.insert(branchSaleRels).values(
    sellable
      .filter(({ p }) => p[9] === 'finished')
      .flatMap(({ p, id }, j) =>
        branchList
          // a product sold in boxes at every branch, so that each has one to order
          .filter((_, i) => SOLD_IN_BOXES[p[0]] != null || (i + j) % 3 === 0)
          .map(([code, branchId]) => ({
            branchId,
            productId: id,
            salePrice: domestic.has(code) ? round(p[13] * 1.6) : round((p[13] * 1.6) / USD_RATE),
            currency: domestic.has(code) ? 'CNY' : 'USD',
            createBy: admin.id,
            orgCode: 'A01A04',
          })),
      ),
  )

  await seedStock(db, admin.id, sellable, depotIds, branchIds)
}

const eqUser = (username: string) => eq(users.username, username)
const eqId = (id: string) => eq(products.id, id)
