import {
  Errors,
  RoleCode,
  RoleEditSchema,
  RoleInputSchema,
  RoleOptionSchema,
  RoleSchema,
  roleResource,
} from '@app/contracts'
import { count, eq } from 'drizzle-orm'
import { auditConfigSteps, roles, userRoles } from '../../db/schema/index.ts'
import type { CrudResource } from '../../platform/crud/resource.ts'
import { fail } from '../../platform/errors.ts'

/**
 * Roles (SPEC 3, issue 5): name and code unique ('role name or code exists'), a data permission.
 * The code is fixed once created (audit configs name roles by code). A role held by users or named
 * by an audit step is in use; the system administrator role is built in. Function permissions have
 * their own calls (permission-admin.routes.ts). `/sys/role/queryList` lists every role for selects.
 */
export const roleCrud: CrudResource = {
  meta: roleResource,
  table: roles,
  record: RoleSchema,
  input: RoleInputSchema,
  editInput: RoleEditSchema,
  duplicateError: Errors.RoleExists,
  verbs: ['add', 'edit', 'delete', 'history', 'export'],
  listAll: { record: RoleOptionSchema, alias: ['queryList'] },
  referencedBy: [{ table: userRoles, column: userRoles.roleId }],
  hooks: {
    async beforeDelete(row, { tx }) {
      if (row.roleCode === RoleCode.SysAdmin) fail(Errors.BuiltInProtected)
      const [steps] = await tx
        .select({ n: count() })
        .from(auditConfigSteps)
        .where(eq(auditConfigSteps.roleCode, String(row.roleCode)))
      if ((steps?.n ?? 0) > 0) fail(Errors.InUseCannotDelete)
    },
  },
}
