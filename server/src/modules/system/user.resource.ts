import { Errors, UserEditSchema, UserInputSchema, UserOptionSchema, UserSchema, userResource } from '@app/contracts'
import { users } from '../../db/schema/index.ts'
import { hashPassword } from '../../platform/auth/password.ts'
import { revokeUserSessions } from '../../platform/auth/session.ts'
import type { CrudResource, Row } from '../../platform/crud/resource.ts'
import { fail } from '../../platform/errors.ts'
import { assertLoginFree, firstOrgCode, isOrgCodeOf, loadUserLinks, replaceUserLinks } from './user.service.ts'

const LINK_FIELDS = ['roleIds', 'departIds', 'branchIds', 'password', 'confirmPassword'] as const

/** The input without what is not a column of sys_user (links and the password pair). */
const columnsOnly = (values: Record<string, unknown>) => {
  const out = { ...values }
  for (const f of LINK_FIELDS) delete out[f]
  return out
}

const refuseSelf = (row: Row, userId: string) => {
  if (row.id === userId) fail(Errors.CannotChangeSelf)
}

/**
 * Users (SPEC 3, issue 5) on the generic mechanism: the password pair is checked and hashed, the
 * roles, departments and managed branches are link rows written in the same transaction, a user
 * is deleted softly (the login name becomes free again, sessions end), and nobody disables or
 * deletes themselves. Import is not offered: an account needs a password.
 */
export const userCrud: CrudResource = {
  meta: userResource,
  table: users,
  record: UserSchema,
  input: UserInputSchema,
  editInput: UserEditSchema,
  softDelete: users.delFlag,
  secret: ['passwordHash'],
  duplicateError: Errors.LoginAccountExists,
  verbs: ['add', 'edit', 'delete', 'status', 'history', 'export'],
  listAll: { record: UserOptionSchema },
  async decorate(rows, db) {
    const links = await loadUserLinks(
      db,
      rows.map((r) => r.id),
    )
    return rows.map((r) => ({ ...r, ...links.get(r.id) }))
  },
  hooks: {
    async beforeInsert(values, { tx }) {
      if (values.password !== values.confirmPassword) fail(Errors.PasswordsDiffer)
      await assertLoginFree(tx, String(values.username))
      return {
        ...columnsOnly(values),
        passwordHash: await hashPassword(String(values.password)),
        orgCode: await firstOrgCode(tx, (values.departIds as string[] | undefined) ?? []),
      }
    },
    async afterInsert(row, input, { tx }) {
      await replaceUserLinks(tx, row.id, input)
      return undefined
    },
    async beforeUpdate(values, before, { tx }) {
      const departIds = values.departIds as string[] | undefined
      const out = columnsOnly(values)
      // the department the user works in must stay one of theirs
      if (departIds && !(await isOrgCodeOf(tx, before.orgCode as string | null, departIds))) {
        out.orgCode = await firstOrgCode(tx, departIds)
      }
      return out
    },
    async afterUpdate(row, _before, input, { tx }) {
      await replaceUserLinks(tx, row.id, input)
      return undefined
    },
    async beforeStatus(rows, status, { tx, principal }) {
      if (status === '1') return
      for (const row of rows) refuseSelf(row, principal.userId)
      for (const row of rows) await revokeUserSessions(tx, row.id)
    },
    async beforeDelete(row, { tx, principal }) {
      refuseSelf(row, principal.userId)
      await revokeUserSessions(tx, row.id)
    },
  },
}
