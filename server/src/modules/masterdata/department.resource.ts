import {
  DepartmentInputSchema,
  DepartmentOptionSchema,
  DepartmentSchema,
  departmentResource,
  Errors,
} from '@app/contracts'
import { eq, like } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { branches, departments, userDepartments } from '../../db/schema/index.ts'
import type { CrudResource } from '../../platform/crud/resource.ts'
import { fail } from '../../platform/errors.ts'
import { escapeLike } from '../../platform/list-query.ts'

/**
 * The next org code under a parent: children of A01 are A01A01, A01A02...; roots A01, A02...
 * Codes are prefixes of their subtree, which is what the department data scope relies on.
 */
const nextOrgCode = async (tx: DbOrTx, parentCode: string | null) => {
  const prefix = parentCode ?? ''
  const rows = await tx
    .select({ orgCode: departments.orgCode })
    .from(departments)
    .where(like(departments.orgCode, `${escapeLike(prefix)}A__`))
    .for('update')
  const used = rows
    .map((r) => r.orgCode.slice(prefix.length))
    .filter((rest) => /^A\d{2}$/.test(rest))
    .map((rest) => Number(rest.slice(1)))
  const next = (used.length ? Math.max(...used) : 0) + 1
  if (next > 99) fail(Errors.OperationFailed)
  return `${prefix}A${String(next).padStart(2, '0')}`
}

export const departmentCrud: CrudResource = {
  meta: departmentResource,
  table: departments,
  record: DepartmentSchema,
  input: DepartmentInputSchema,
  pinyin: true,
  listAll: { record: DepartmentOptionSchema, where: () => eq(departments.status, '1'), alias: ['dropDownList'] },
  referencedBy: [
    { table: departments, column: departments.parentId },
    { table: userDepartments, column: userDepartments.departId },
    { table: branches, column: branches.departId },
  ],
  hooks: {
    async beforeInsert(values, { tx }) {
      const parentId = (values.parentId as string | null | undefined) ?? null
      let parentCode: string | null = null
      if (parentId) {
        const [parent] = await tx.select().from(departments).where(eq(departments.id, parentId))
        if (!parent) fail(Errors.ParameterError, { field: 'parentId' })
        parentCode = parent.orgCode
      }
      return { ...values, parentId, orgCode: await nextOrgCode(tx, parentCode) }
    },
    async beforeUpdate(values, before) {
      // moving a department would re-code its subtree and every row scoped by it: not offered
      if ('parentId' in values && (values.parentId ?? null) !== (before.parentId ?? null)) {
        fail(Errors.ParameterError, { field: 'parentId' })
      }
      return values
    },
  },
}
