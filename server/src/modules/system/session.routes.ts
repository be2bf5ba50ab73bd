import { CurrentDepartsSchema, Errors, PermissionListSchema, SelectDepartSchema, UserInfoSchema } from '@app/contracts'
import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { userRoles, users } from '../../db/schema/index.ts'
import { principalOf } from '../../platform/access.ts'
import { recordOperation } from '../../platform/audit-log.ts'
import { loadPermissionCodes, resolvePrincipal } from '../../platform/auth/principal.ts'
import { ok, okResponse } from '../../platform/envelope.ts'
import { fail } from '../../platform/errors.ts'
import { requestLang } from '../../platform/i18n.ts'
import { buildPermissionList } from './permission.service.ts'
import { buildUserInfo, listUserDeparts } from './user-info.service.ts'

/** What the signed-in user may see and where they work: menus, buttons, departments. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database

  app.get(
    '/sys/permission/getPermissionList',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['system'],
        summary: "The caller's menu tree and button rules ({ menu, auth, allAuth })",
        response: okResponse(PermissionListSchema),
      },
    },
    async (req) => ok(await buildPermissionList(db, principalOf(req).permissions, requestLang(req))),
  )

  app.get(
    '/sys/user/getUserPermission',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['system'],
        summary: "A user's menus and buttons: your own, or anyone's with the user-edit permission",
        querystring: z.object({ userId: z.string().uuid().optional(), pNumber: z.coerce.number().int().optional() }),
        response: okResponse(PermissionListSchema),
      },
    },
    async (req) => {
      const principal = principalOf(req)
      const userId = req.query.userId ?? principal.userId
      if (userId !== principal.userId && !principal.permissions.has('sys_user:edit')) fail(Errors.PermissionDenied)
      const roleIds = (
        await db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId))
      ).map((r) => r.id)
      return ok(await buildPermissionList(db, await loadPermissionCodes(db, roleIds), requestLang(req)))
    },
  )

  app.get(
    '/sys/user/getCurrentUserDeparts',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['system'],
        summary: "The caller's departments and the current one",
        response: okResponse(CurrentDepartsSchema),
      },
    },
    async (req) => {
      const principal = principalOf(req)
      const list = await listUserDeparts(db, principal.userId)
      const current = list.some((d) => d.orgCode === principal.orgCode) ? principal.orgCode : null
      return ok({ list, orgCode: current })
    },
  )

  app.post(
    '/sys/selectDepart',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['system'],
        summary: 'Switch the department you work in (one of your own)',
        body: SelectDepartSchema,
        response: okResponse(z.object({ userInfo: UserInfoSchema })),
      },
    },
    async (req) => {
      const principal = principalOf(req)
      const departs = await listUserDeparts(db, principal.userId)
      if (departs.length === 0) fail(Errors.DepartmentNotSet)
      if (!departs.some((d) => d.orgCode === req.body.orgCode)) fail(Errors.PermissionDenied)
      await db.transaction(async (tx) => {
        await tx.update(users).set({ orgCode: req.body.orgCode }).where(eq(users.id, principal.userId))
        await recordOperation(tx, req, {
          operation: 'selectDepart',
          resource: 'sys_user',
          objectId: principal.userId,
          before: { orgCode: principal.orgCode },
          after: { orgCode: req.body.orgCode },
        })
      })
      const updated = await resolvePrincipal(db, principal.tokenHash)
      return ok({ userInfo: buildUserInfo(updated ?? { ...principal, orgCode: req.body.orgCode }, departs) })
    },
  )
}
