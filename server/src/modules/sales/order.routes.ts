import {
  AuditBusiness,
  CalculateAttributesSchema,
  OrderDraftResultSchema,
  OrderDraftSchema,
  ProductAttributesSchema,
  ReviewDecisionResultSchema,
  ReviewProgressSchema,
  SaleFlowsSchema,
  SaleOrderAbilitiesSchema,
  SaleOrderApplyDeleteSchema,
  SaleOrderAuditSchema,
  SaleOrderDetailSchema,
  SaleOrderEditSchema,
  SaleOrderIdQuerySchema,
  SaleOrderInputSchema,
  SaleOrderRefSchema,
  SaleOrderReviewAdjustSchema,
  SaleOrderSchema,
  SaleOrderViewSchema,
  SellablePageSchema,
  SellableQuerySchema,
  StepDeptType,
} from '@app/contracts'
import { inArray } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { users } from '../../db/schema/index.ts'
import { principalOf } from '../../platform/access.ts'
import type { ApprovalEngine } from '../../platform/approval/index.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { emptyResponse, ok, okResponse } from '../../platform/envelope.ts'
import { requestLang } from '../../platform/i18n.ts'
import { createAuditConfigService } from '../approval/audit-config.service.ts'
import { branchOfferPage } from '../product/product.service.ts'
import { readOrderDetail, readOrderView } from './order.detail.ts'
import { calculateAttributes } from './order.lines.ts'
import type { OrderReview } from './order.review.ts'
import type { OrderService } from './order.service.ts'
import type { OrderDeletes } from './order-delete.ts'
import { orderDrafts } from './order-draft.ts'

export type OrderRouteDeps = {
  orders: OrderService
  review: OrderReview
  deletes: OrderDeletes
  engine: ApprovalEngine
}

const FLOW_BUSINESSES = [AuditBusiness.SaleOrder, AuditBusiness.OrderAdjust, AuditBusiness.OrderDelete]

/** The order calls of DESIGN 3a beyond the generic list, export and history. */
export const orderRoutes =
  (deps: OrderRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.deps.database
    const { orders, review, deletes, engine } = deps
    const tags = ['sales']
    const configs = createAuditConfigService(db)

    /** The caller may read the order: their data scope, or they review it. */
    const assertMayRead = (principal: Principal, id: string) => review.assertMayRead(db, principal, id)

    app.get(
      '/sale/order/queryById',
      {
        config: { permission: 'sale_order' },
        schema: {
          tags,
          summary: 'An order with its lines, attachments and totals',
          querystring: SaleOrderIdQuerySchema,
          response: okResponse(SaleOrderDetailSchema),
        },
      },
      async (req) => {
        // the order comes with whose it is; it is answered only if the caller may read it
        const { owner, detail } = await readOrderDetail(db, req.query.id)
        await review.assertOwnerReadable(db, principalOf(req), owner)
        return ok(detail)
      },
    )

    app.get(
      '/sale/order/view',
      {
        config: { permission: 'sale_order' },
        schema: {
          tags,
          summary: 'An order as its detail opens: the order with lines and attachments, its review, its deliveries',
          querystring: SaleOrderIdQuerySchema,
          response: okResponse(SaleOrderViewSchema),
        },
      },
      async (req) => {
        // one statement; the view is answered only if the caller may read the order
        const { owner, view } = await readOrderView(db, req.query.id, requestLang(req))
        await review.assertOwnerReadable(db, principalOf(req), owner)
        return ok(view)
      },
    )

    app.get(
      '/sale/order/abilities',
      {
        config: { permission: 'sale_order' },
        schema: {
          tags,
          summary: 'What the caller may do with the order now',
          querystring: SaleOrderIdQuerySchema,
          response: okResponse(SaleOrderAbilitiesSchema),
        },
      },
      async (req) => {
        const principal = principalOf(req)
        await assertMayRead(principal, req.query.id)
        return ok(await review.abilities(db, principal, req.query.id))
      },
    )

    app.get(
      '/sale/order/progress',
      {
        config: { permission: 'sale_order' },
        schema: {
          tags,
          summary: "The order's review: steps, decisions, the step to show",
          querystring: SaleOrderIdQuerySchema,
          response: okResponse(ReviewProgressSchema.nullable()),
        },
      },
      async (req) => {
        const { owner, progress } = await review.progress(db, req.query.id, requestLang(req))
        await review.assertOwnerReadable(db, principalOf(req), owner)
        return ok(progress)
      },
    )

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

    app.post(
      '/sale/order/add',
      {
        config: { permission: 'sale_order:add' },
        schema: {
          tags,
          summary: 'Save an order: numbered, pending review, its review started',
          body: SaleOrderInputSchema,
          response: okResponse(SaleOrderRefSchema),
        },
      },
      async (req) => ok(await db.transaction((tx) => orders.add(tx, principalOf(req), req.body, req))),
    )

    app.post(
      '/sale/order/edit',
      {
        config: { permission: 'sale_order:edit' },
        schema: {
          tags,
          summary: 'Change an order (SPEC 4 rules); an approved one needs confirmReview and is reviewed again',
          body: SaleOrderEditSchema,
          response: okResponse(SaleOrderSchema),
        },
      },
      async (req) => ok(await db.transaction((tx) => orders.edit(tx, principalOf(req), req.body, req))),
    )

    app.delete(
      '/sale/order/delete',
      {
        config: { permission: 'sale_order:delete' },
        schema: {
          tags,
          summary: 'Delete an order nobody has decided on, or a rejected one',
          querystring: SaleOrderIdQuerySchema,
          response: emptyResponse,
        },
      },
      async (req) => {
        await db.transaction((tx) => orders.remove(tx, principalOf(req), req.query.id, req))
        return ok(null)
      },
    )

    app.post(
      '/sale/order/applyDelete',
      {
        config: { permission: 'sale_order:applyDelete' },
        schema: {
          tags,
          summary: 'Ask to delete an approved order none of which has shipped (order_delete flow)',
          body: SaleOrderApplyDeleteSchema,
          response: okResponse(SaleOrderRefSchema),
        },
      },
      async (req) => {
        const row = await db.transaction((tx) => deletes.apply(tx, principalOf(req), req.body, req))
        return ok({ id: row.id, orderNo: row.orderNo })
      },
    )

    app.post(
      '/sale/order/audit',
      {
        config: { permission: 'sale_order:audit' },
        schema: {
          tags,
          summary: "Approve or reject the order's current step (the current reviewer; note required)",
          body: SaleOrderAuditSchema,
          response: okResponse(ReviewDecisionResultSchema),
        },
      },
      async (req) => {
        const result = await db.transaction((tx) => review.audit(tx, principalOf(req), req.body, req))
        return ok({ ...result, id: result.reviewId })
      },
    )

    app.post(
      '/sale/order/reviewAdjust',
      {
        config: { permission: 'sale_order:audit' },
        schema: {
          tags,
          summary: 'The current reviewer, on a step that allows it, lowers quantities or removes lines',
          body: SaleOrderReviewAdjustSchema,
          response: okResponse(SaleOrderSchema),
        },
      },
      async (req) => ok(await db.transaction((tx) => review.reviewAdjust(tx, principalOf(req), req.body, req))),
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

    app.get(
      '/sale/auditConfig/detail',
      {
        config: { permission: 'sale_audit_config' },
        schema: {
          tags,
          summary: "The flows in force for orders, adjustments and deletions, with each step's reviewers",
          response: okResponse(SaleFlowsSchema),
        },
      },
      async (req) => {
        const lang = requestLang(req)
        const flows = (await configs.listAll({ status: '1' }, lang)).filter((c) =>
          FLOW_BUSINESSES.includes(c.business as never),
        )
        const out = []
        for (const flow of flows) {
          const steps = []
          for (const step of flow.steps) {
            const ids =
              step.deptType === StepDeptType.Submitter ? [] : await engine.holdersOf(db, step.roleCode, step.orgCode)
            const people = ids.length
              ? await db
                  .select({ userId: users.id, realname: users.realname, username: users.username })
                  .from(users)
                  .where(inArray(users.id, ids))
              : []
            steps.push({ ...step, reviewers: people.map((p) => ({ ...p, realname: p.realname ?? p.username })) })
          }
          out.push({ ...flow, steps })
        }
        return ok(out)
      },
    )
  }
