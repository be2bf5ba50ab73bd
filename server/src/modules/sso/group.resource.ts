import { SsoGroupInputSchema, SsoGroupSchema, ssoGroupResource } from '@app/contracts'
import { ssoGroups } from '../../db/schema/index.ts'
import type { CrudResource } from '../../platform/crud/resource.ts'

/**
 * The identity provider's groups mapped to roles and departments: a list screen on the generic
 * mechanism. A mapping's role is given to (and, once unmapped, taken from) a person at each sign-in.
 */
export const ssoGroupCrud: CrudResource = {
  meta: ssoGroupResource,
  table: ssoGroups,
  record: SsoGroupSchema,
  input: SsoGroupInputSchema,
  verbs: ['add', 'edit', 'delete', 'export'],
  defaultSort: { column: 'groupName', order: 'asc' },
}
