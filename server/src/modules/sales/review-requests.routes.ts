import {
  OrderDeleteAuditSchema,
  ReviewDecisionResultSchema,
  ReviewProgressSchema,
  SaleOrderIdQuerySchema,
  SubApplyAddSchema,
  SubApplyReplySchema,
  SubApplySchema,
} from '@app/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { principalOf } from '../../platform/access.ts'
import type { RegisteredResource } from '../../platform/crud/routes.ts'
import { ok, okResponse } from '../../platform/envelope.ts'
import { requestLang } from '../../platform/i18n.ts'
import { writes } from '../../platform/route-write.ts'
import type { OrderDeletes } from './order-delete.ts'
import type { SubApplies } from './sub-apply.ts'

/** Sub-flow requests and deletion requests of orders: the calls beyond their generic lists. */
export const reviewRequestRoutes =
  (deps: {
    subApplies: SubApplies
    deletes: OrderDeletes
    /** The deletion requests' resource: who may read one by id (its data scope, or its reviewers). */
    deleteRequests: RegisteredResource
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.deps.database
    const { subApplies, deletes, deleteRequests } = deps
    const tags = ['sales']

    app.post(
      '/sale/subApply/add',
      {
        config: { permission: 'sale_order:subApply' },
        schema: {
          tags,
          summary:
            'The current reviewer asks another role (and department) about the order; the step waits for the answer',
          body: SubApplyAddSchema,
          response: okResponse(SubApplySchema),
        },
      },
      writes(db, subApplies.add),
    )

    app.post(
      '/sale/subApply/reply',
      {
        config: { permission: 'sale_sub_apply:audit' },
        schema: {
          tags,
          summary: 'Answer a sub-flow request asked of your role: approve or reject with a note',
          body: SubApplyReplySchema,
          response: okResponse(SubApplySchema),
        },
      },
      writes(db, subApplies.reply),
    )

    app.get(
      '/sale/orderDelete/progress',
      {
        config: { permission: 'sale_order_delete' },
        schema: {
          tags,
          summary: "A deletion request's review: steps, decisions, the step to show",
          querystring: SaleOrderIdQuerySchema,
          response: okResponse(ReviewProgressSchema.nullable()),
        },
      },
      async (req) => {
        // read as the request's queryById reads it (404 to whoever may not)
        await deleteRequests.service.get(principalOf(req), req.query.id)
        return ok(await deletes.progress(db, req.query.id, requestLang(req)))
      },
    )

    app.post(
      '/sale/orderDelete/audit',
      {
        config: { permission: 'sale_order_delete:audit' },
        schema: {
          tags,
          summary: "Approve or reject a deletion request's current step; the last approval cancels the order",
          body: OrderDeleteAuditSchema,
          response: okResponse(ReviewDecisionResultSchema),
        },
      },
      writes(db, deletes.audit, (result) => ({ ...result, id: result.reviewId })),
    )
  }
