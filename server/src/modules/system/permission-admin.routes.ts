import { ConfigPermissionSchema, RolePermissionTreeSchema } from '@app/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { registerResource } from '../../platform/crud/routes.ts'
import { ok, okResponse } from '../../platform/envelope.ts'
import { requestLang } from '../../platform/i18n.ts'
import { createPermissionAdminService } from './permission-admin.service.ts'
import { roleCrud } from './role.resource.ts'

/**
 * Roles (/sys/role, /sys/role/queryList) and their function permissions: from the role list
 * (sys_role:permission) or the role-permission screen (/sys/rolePermission).
 */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  registerResource(app, roleCrud)
  const service = createPermissionAdminService(app.deps.database.db)
  const tags = ['role']

  app.get(
    '/sys/role/permissionTree',
    {
      config: { permission: ['sys_role:permission', 'sys_role_permission'] },
      schema: {
        tags,
        summary: 'Every menu and button as a tree, the ids the role holds and the ones it must keep',
        querystring: z.object({ roleId: z.string().uuid() }),
        response: okResponse(RolePermissionTreeSchema),
      },
    },
    async (req) => ok(await service.tree(req.query.roleId, requestLang(req))),
  )

  app.post(
    '/sys/role/configPermission',
    {
      config: { permission: ['sys_role:permission', 'sys_role_permission:save'] },
      schema: {
        tags,
        summary: "Replace a role's function permissions (checked on the server; menus of granted buttons added)",
        body: ConfigPermissionSchema,
        response: okResponse(z.object({ granted: z.array(z.string()) })),
      },
    },
    async (req) => ok(await service.configure(req, req.body.roleId, req.body.permissionIds)),
  )
}
