import {
  BranchSaleBatchAddSchema,
  BranchSaleBatchResultSchema,
  Errors,
  PriceChangeSchema,
  PriceSchema,
  ProductAuditQuerySchema,
  ProductAuditSchema,
  ProductCodeQuerySchema,
  ProductIdQuerySchema,
  ProductPriceSaveSchema,
  ProductSchema,
  ProductUnitQuerySchema,
  ProductUnitSchema,
  ReviewDecisionResultSchema,
  ReviewProgressSchema,
} from '@app/contracts'
import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { products } from '../../db/schema/index.ts'
import { principalOf } from '../../platform/access.ts'
import { ok, okResponse } from '../../platform/envelope.ts'
import { fail, notFound } from '../../platform/errors.ts'
import { requestLang } from '../../platform/i18n.ts'
import type { BranchSaleService } from './branch-sale.service.ts'
import type { PriceService } from './price.service.ts'
import type { ProductReview } from './product.review.ts'
import { unitsOfProduct } from './unit.resource.ts'

export type ProductRouteDeps = { review: ProductReview; prices: PriceService; branchSales: BranchSaleService }

/** The product calls of SPEC 7 beyond the generic verbs: by code, audit, prices, units, branch batch add. */
export const productRoutes =
  (deps: ProductRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.deps.database
    const { review, prices, branchSales } = deps
    const tags = ['product']

    app.get(
      '/pro/product/queryByCode',
      {
        config: { permission: 'pro_product' },
        schema: {
          tags,
          summary: 'A product by its code',
          querystring: ProductCodeQuerySchema,
          response: okResponse(ProductSchema),
        },
      },
      async (req) => {
        const [row] = await db.select().from(products).where(eq(products.code, req.query.code)).limit(1)
        return ok(row ?? notFound())
      },
    )

    app.get(
      '/pro/product/auditProduct',
      {
        config: { permission: 'pro_product' },
        schema: {
          tags,
          summary: "A product's review: steps, decisions, the step to show (null when never submitted)",
          querystring: ProductAuditQuerySchema,
          response: okResponse(ReviewProgressSchema.nullable()),
        },
      },
      async (req) => ok(await review.progress(db, req.query.id, requestLang(req))),
    )

    app.post(
      '/pro/product/auditProduct',
      {
        config: { permission: 'pro_product:audit' },
        schema: {
          tags,
          summary: "Approve or reject the current step of a product's review (note required)",
          body: ProductAuditSchema,
          response: okResponse(ReviewDecisionResultSchema),
        },
      },
      async (req) => {
        const { reviewId, ...rest } = await db.transaction((tx) => review.decide(tx, req.body, principalOf(req), req))
        return ok({ id: reviewId, ...rest })
      },
    )

    app.get(
      '/pro/product/queryProductPrice',
      {
        config: { permission: ['pro_product', 'pro_price'] },
        schema: {
          tags,
          summary: "A product's prices",
          querystring: ProductIdQuerySchema,
          response: okResponse(z.array(PriceSchema)),
        },
      },
      async (req) => ok(await prices.query(req.query.productId)),
    )

    app.post(
      '/pro/product/addOrEditProductPrice',
      {
        config: { permission: ['pro_product:price', 'pro_price:edit'] },
        schema: {
          tags,
          summary: "Sets a product's prices (one per type); each change is logged",
          body: ProductPriceSaveSchema,
          response: okResponse(z.array(PriceSchema)),
        },
      },
      async (req) => ok(await prices.save(req, principalOf(req), req.body.productId, req.body.prices)),
    )

    app.get(
      '/pro/product/queryProductPriceHistory',
      {
        config: { permission: ['pro_product:price', 'pro_price:history'] },
        schema: {
          tags,
          summary: "Every change of a product's prices: who, when, before, after",
          querystring: ProductIdQuerySchema,
          response: okResponse(z.array(PriceChangeSchema)),
        },
      },
      async (req) => ok(await prices.history(req.query.productId)),
    )

    app.get(
      '/pro/productUnit/getProductUnitListByProductId',
      {
        config: { permission: ['pro_product', 'pro_unit'] },
        schema: {
          tags,
          summary: "A product's units with their conversion to the base unit and box spec",
          querystring: ProductUnitQuerySchema,
          response: okResponse(z.array(ProductUnitSchema)),
        },
      },
      async (req) => {
        const [p] = await db.select({ id: products.id }).from(products).where(eq(products.id, req.query.productId))
        if (!p) fail(Errors.ProductMissing)
        return ok(await unitsOfProduct(db, req.query.productId))
      },
    )

    app.post(
      '/pro/branchSaleRel/batchAdd',
      {
        config: { permission: 'pro_branch_sale:add' },
        schema: {
          tags,
          summary: 'Adds approved products to a branch (skips those it already sells)',
          body: BranchSaleBatchAddSchema,
          response: okResponse(BranchSaleBatchResultSchema),
        },
      },
      async (req) => ok(await branchSales.batchAdd(req, principalOf(req), req.body)),
    )
  }
