import {
  CalculateAttributesSchema,
  OrderDraftResultSchema,
  OrderDraftSchema,
  ProductAttributesSchema,
  SellablePageSchema,
  SellableQuerySchema,
} from '@app/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { principalOf } from '../../platform/access.ts'
import { emptyResponse, ok, okResponse } from '../../platform/envelope.ts'
import { branchOfferPage } from '../product/index.ts'
import { orderableBranchIds } from './order.input.ts'
import { calculateAttributes } from './order.lines.ts'
import { orderDrafts } from './order-draft.ts'

/** What the order modal asks while the form is filled: products to pick, attributes, the draft box. */
export const orderFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database
  const tags = ['sales']

  app.get(
    '/sale/order/sellableProducts',
    {
      config: { permission: 'sale_order' },
      schema: {
        tags,
        summary: 'Products this branch may order now, with sale units, box spec and price',
        querystring: SellableQuerySchema,
        response: okResponse(SellablePageSchema),
      },
    },
    async (req) => {
      const { pageNo, pageSize } = req.query
      const page = await branchOfferPage(db, req.query.branchId, req.query)
      return ok({
        records: page.records.map(({ grossWeightKg: _g, netWeightKg: _n, volumeM3: _v, u8Code: _u, ...p }) => ({
          ...p,
          units: p.units.map(({ boxVolumeM3: _bv, boxGrossWeightKg: _bg, ...u }) => u),
        })),
        total: page.total,
        size: pageSize,
        current: pageNo,
        pages: Math.ceil(page.total / pageSize),
      })
    },
  )

  app.get(
    '/sale/order/orderableBranches',
    {
      config: { permission: ['sale_order:add', 'sale_order:edit'] },
      schema: {
        tags,
        summary: 'The branches the caller may order for (the order form offers only these)',
        response: okResponse(z.array(z.string())),
      },
    },
    async (req) => ok(await orderableBranchIds(db, principalOf(req))),
  )

  app.post(
    '/sale/order/calculateProductAttributes',
    {
      config: { permission: 'sale_order' },
      schema: {
        tags,
        summary: 'Boxes, weights and volume per line and in total, with the container that fits',
        body: CalculateAttributesSchema,
        response: okResponse(ProductAttributesSchema),
      },
    },
    async (req) => ok(await calculateAttributes(db, req.body.lines)),
  )

  app.get(
    '/sale/order/getOrderDraft',
    {
      config: { permission: 'sale_order:add' },
      schema: { tags, summary: "The caller's order draft, or null", response: okResponse(OrderDraftResultSchema) },
    },
    async (req) => ok(await orderDrafts.get(db, principalOf(req).userId)),
  )

  app.post(
    '/sale/order/saveOrderDraft',
    {
      config: { permission: 'sale_order:add' },
      schema: {
        tags,
        summary: "Keep the order modal's unsaved form (one per user)",
        body: OrderDraftSchema,
        response: okResponse(OrderDraftResultSchema),
      },
    },
    async (req) => ok(await orderDrafts.save(db, principalOf(req).userId, req.body.draft)),
  )

  app.post(
    '/sale/order/clearOrderDraft',
    {
      config: { permission: 'sale_order:add' },
      schema: { tags, summary: "Empty the caller's draft box", response: emptyResponse },
    },
    async (req) => {
      await orderDrafts.clear(db, principalOf(req).userId)
      return ok(null)
    },
  )
}
