import {
  AuditConfigAllQuerySchema,
  AuditConfigEditSchema,
  AuditConfigInputSchema,
  AuditConfigListQuerySchema,
  AuditConfigSchema,
} from '@app/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { emptyResponse, ok, okResponse } from '../../platform/envelope.ts'
import { requestLang } from '../../platform/i18n.ts'
import { createAuditConfigService } from './audit-config.service.ts'

/**
 * Screens that show a flow (the audit process modal on orders, products, adjustments and
 * deletions, the review centre, the config screen) may read the configs of a business.
 */
export const FLOW_READERS = [
  'sys_audit_config:view',
  'audit_detail:view',
  'sale_order:view',
  'pro_product:view',
  'sale_apply_modify:view',
  'sale_order_delete:view',
] as const

const IdQuerySchema = z.object({ id: z.string().uuid() })

/** Audit configuration (/sys/auditConfig): flows of steps per business. */
export const auditConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAuditConfigService(app.deps.database.db)
  const tags = ['approval']

  app.get(
    '/sys/auditConfig/queryConfigList',
    {
      config: { permission: FLOW_READERS },
      schema: {
        tags,
        summary: 'The configs of one business with their steps, the one in force first',
        querystring: AuditConfigListQuerySchema,
        response: okResponse(z.array(AuditConfigSchema)),
      },
    },
    async (req) => ok(await service.listByBusiness(req.query.business, requestLang(req))),
  )

  app.get(
    '/sys/auditConfig/queryAllConfigList',
    {
      config: { permission: 'sys_audit_config:view' },
      schema: {
        tags,
        summary: 'Every config with its steps, optionally of one business or status, or named by a keyword',
        querystring: AuditConfigAllQuerySchema,
        response: okResponse(z.array(AuditConfigSchema)),
      },
    },
    async (req) => ok(await service.listAll(req.query, requestLang(req))),
  )

  app.get(
    '/sys/auditConfig/queryById',
    {
      config: { permission: 'sys_audit_config:view' },
      schema: {
        tags,
        summary: 'One config with its steps',
        querystring: IdQuerySchema,
        response: okResponse(AuditConfigSchema),
      },
    },
    async (req) => ok(await service.byId(req.query.id, requestLang(req))),
  )

  app.post(
    '/sys/auditConfig/add',
    {
      config: { permission: 'sys_audit_config:add' },
      schema: {
        tags,
        summary: 'Add a config; in force, it sets the business’s previous one aside',
        body: AuditConfigInputSchema,
        response: okResponse(AuditConfigSchema),
      },
    },
    async (req) => ok(await service.add(req.body, req, requestLang(req))),
  )

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/auditConfig/edit',
    config: { permission: 'sys_audit_config:edit' },
    schema: {
      tags,
      summary: 'Edit a config and replace its steps; a stale version answers 409',
      body: AuditConfigEditSchema,
      response: okResponse(AuditConfigSchema),
    },
    handler: async (req) => ok(await service.edit(req.body, req, requestLang(req))),
  })

  app.delete(
    '/sys/auditConfig/delete',
    {
      config: { permission: 'sys_audit_config:delete' },
      schema: {
        tags,
        summary: 'Delete a config; refused while reviews under way run on it',
        querystring: IdQuerySchema,
        response: emptyResponse,
      },
    },
    async (req) => {
      await service.remove(req.query.id, req, requestLang(req))
      return ok(null)
    },
  )
}
