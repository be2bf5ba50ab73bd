import { AuditBusiness, SaleFlowsSchema } from '@app/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { ApprovalEngine } from '../../platform/approval/index.ts'
import { ok, okResponse } from '../../platform/envelope.ts'
import { requestLang } from '../../platform/i18n.ts'
import { flowsWithReviewers } from '../approval/index.ts'

const FLOW_BUSINESSES = [AuditBusiness.SaleOrder, AuditBusiness.OrderAdjust, AuditBusiness.OrderDelete]

/** The review flows of sales in force (the audit configuration screen's sales view). */
export const saleFlowRoutes =
  (deps: { engine: ApprovalEngine }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.deps.database
    app.get(
      '/sale/auditConfig/detail',
      {
        config: { permission: 'sale_audit_config' },
        schema: {
          tags: ['sales'],
          summary: "The flows in force for orders, adjustments and deletions, with each step's reviewers",
          response: okResponse(SaleFlowsSchema),
        },
      },
      async (req) => ok(await flowsWithReviewers(db, deps.engine, FLOW_BUSINESSES, requestLang(req))),
    )
  }
