import { Errors, type SavedQuery, type SavedQueryInputSchema } from '@app/contracts'
import { and, arrayOverlaps, asc, eq, inArray, or } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { roles, savedQueries } from '../../db/schema/index.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import type { ResourceRegistry } from '../../platform/crud/registry.ts'
import { fail, notFound } from '../../platform/errors.ts'
import { superQueryConditions } from '../../platform/list-query.ts'

type Input = z.infer<typeof SavedQueryInputSchema>
type Row = typeof savedQueries.$inferSelect

const view = (row: Row, principal: Principal): SavedQuery => ({
  id: row.id,
  resource: row.resource,
  name: row.name,
  conditions: row.conditions as SavedQuery['conditions'],
  matchType: row.matchType as SavedQuery['matchType'],
  roleIds: row.roleIds,
  owner: row.userId === principal.userId,
  createAt: row.createAt,
})

/** Super queries kept on the server under a name, shared with roles (issue 4). */
export const createSavedQueryService = (db: Db, resources: ResourceRegistry) => {
  /** A registered resource whose screen the caller may open. */
  const resourceFor = (principal: Principal, name: string) => {
    const resource = resources.get(name) ?? fail(Errors.UnsupportedQuery, { resource: name })
    if (!principal.permissions.has(resource.compiled.meta.menu)) fail(Errors.PermissionDenied)
    return resource
  }

  return {
    /** The caller's own queries and those shared with one of the caller's roles, by name. */
    async list(principal: Principal, resource: string): Promise<SavedQuery[]> {
      resourceFor(principal, resource)
      const rows = await db
        .select()
        .from(savedQueries)
        .where(
          and(
            eq(savedQueries.resource, resource),
            or(
              eq(savedQueries.userId, principal.userId),
              principal.roleIds.length > 0 ? arrayOverlaps(savedQueries.roleIds, principal.roleIds) : undefined,
            ),
          ),
        )
        .orderBy(asc(savedQueries.name), asc(savedQueries.createAt))
      return rows.map((row) => view(row, principal))
    },

    /** Saves a query; saving again under the same name replaces the caller's earlier one. */
    async add(principal: Principal, input: Input): Promise<SavedQuery> {
      const resource = resourceFor(principal, input.resource)
      // the conditions must be ones the list would accept: same whitelist, same rules
      superQueryConditions(resource.compiled.fields, JSON.stringify(input.conditions), input.matchType)
      const wanted = [...new Set(input.roleIds)]
      const known = wanted.length
        ? (await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, wanted))).map((r) => r.id)
        : []
      if (known.length !== wanted.length) fail(Errors.ParameterError, { roleIds: 'unknown role' })
      const values = {
        userId: principal.userId,
        resource: input.resource,
        name: input.name,
        conditions: input.conditions,
        matchType: input.matchType,
        roleIds: known,
      }
      const [row] = await db
        .insert(savedQueries)
        .values(values)
        .onConflictDoUpdate({
          target: [savedQueries.userId, savedQueries.resource, savedQueries.name],
          set: { conditions: values.conditions, matchType: values.matchType, roleIds: known, updateAt: new Date() },
        })
        .returning()
      return view(row!, principal)
    },

    /** Deletes one of the caller's own queries; a shared one of someone else is refused. */
    async remove(principal: Principal, id: string) {
      const [row] = await db.select().from(savedQueries).where(eq(savedQueries.id, id)).limit(1)
      if (!row) notFound()
      if (row.userId !== principal.userId) fail(Errors.PermissionDenied)
      await db.delete(savedQueries).where(eq(savedQueries.id, id))
    },
  }
}
