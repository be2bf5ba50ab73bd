import {
  localName,
  NOTIFY_EVENTS,
  NOTIFY_TOPICS,
  NotifyOutboxSchema,
  NotifyPrefsInputSchema,
  NotifyPrefsSchema,
  NotifyRetryResultSchema,
  NotifyRetrySchema,
  NotifyRobotInputSchema,
  NotifyRobotSchema,
  NotifyRoleDefaultsSchema,
  notifyOutboxResource,
  notifyRobotResource,
} from '@app/contracts'
import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { departments, notifyPrefs, notifyRobots, notifyRoleDefaults, outbox, users } from '../../db/schema/index.ts'
import { principalOf } from '../../platform/access.ts'
import type { CrudResource } from '../../platform/crud/resource.ts'
import { ok, okResponse } from '../../platform/envelope.ts'
import { retryFailed } from '../../platform/outbox/index.ts'

/** A department's group-chat robot: the generic list screen; its secret is written, never read back. */
export const notifyRobotCrud: CrudResource = {
  meta: notifyRobotResource,
  table: notifyRobots,
  record: NotifyRobotSchema,
  input: NotifyRobotInputSchema,
  verbs: ['add', 'edit', 'delete', 'status'],
  secret: ['secret'],
  defaultSort: { column: 'orgCode', order: 'asc' },
  hooks: {
    // an edit that leaves the secret empty keeps the one set
    beforeUpdate: async (values) => {
      if (!values.secret) delete values.secret
      return values
    },
  },
}

/**
 * What the outbox sent and failed to send by mail and group chat, newest first: read-only
 * (failures are put back by `retry`). The ERP's documents are the sales order's ERP tab's.
 */
export const notifyOutboxCrud: CrudResource = {
  meta: notifyOutboxResource,
  table: outbox,
  record: NotifyOutboxSchema,
  input: NotifyOutboxSchema,
  verbs: ['export'],
  baseWhere: () => inArray(outbox.topic, [...NOTIFY_TOPICS]),
  // a group-chat message goes to a department's robot: named by the department, as the list names it
  exportReads: ['topic'],
  exportCells: async ({ db, lang }) => {
    const named = new Map(
      (
        await db
          .select({
            orgCode: departments.orgCode,
            departName: departments.departName,
            departNameEn: departments.departNameEn,
          })
          .from(departments)
      ).map((d) => [d.orgCode, localName(d, lang, 'departName')]),
    )
    return {
      recipient: (value, row) => (row.topic === 'chat' ? (named.get(String(value)) ?? String(value)) : String(value)),
    }
  },
}

/**
 * Sending again what failed (button `sys_notify_outbox:retry`); each person's mail choices
 * (user menu) and the administrator's defaults per role.
 */
export const notifyAdminRoutes =
  (deps: { mailConfigured: boolean }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.deps.database
    const tags = ['notify']

    app.post(
      '/sys/notifyOutbox/retry',
      {
        config: { permission: 'sys_notify_outbox:retry' },
        schema: {
          tags,
          summary: 'Failed notifications are sent again',
          body: NotifyRetrySchema,
          response: okResponse(NotifyRetryResultSchema),
        },
      },
      async (req) =>
        ok({ count: await db.transaction((tx) => retryFailed(tx, { topics: NOTIFY_TOPICS, ids: req.body.ids })) }),
    )

    const defaultsOf = async (roleCodes: string[]) =>
      roleCodes.length
        ? db.select().from(notifyRoleDefaults).where(inArray(notifyRoleDefaults.roleCode, roleCodes))
        : []

    app.get(
      '/sys/notify/prefs',
      {
        config: { permission: 'authenticated' },
        schema: { tags, summary: "The caller's mail choices per event", response: okResponse(NotifyPrefsSchema) },
      },
      async (req) => {
        const principal = principalOf(req)
        const own = await db.select().from(notifyPrefs).where(eq(notifyPrefs.userId, principal.userId))
        const defaults = await defaultsOf(principal.roleCodes)
        const [me] = await db.select({ lang: users.lang }).from(users).where(eq(users.id, principal.userId))
        return ok({
          mailConfigured: deps.mailConfigured,
          lang: me?.lang === 'en' ? ('en' as const) : ('zh' as const),
          prefs: NOTIFY_EVENTS.map((event) => {
            const mine = own.find((p) => p.event === event)
            if (mine) return { event, channels: mine.channels as 'mail'[], own: true }
            const byRole = defaults.filter((d) => d.event === event)
            const channels =
              byRole.length === 0 || byRole.some((d) => d.channels.includes('mail')) ? ['mail' as const] : []
            return { event, channels, own: false }
          }),
        })
      },
    )

    app.post(
      '/sys/notify/prefs',
      {
        config: { permission: 'authenticated' },
        schema: {
          tags,
          summary: "The caller's mail choices per event",
          body: NotifyPrefsInputSchema,
          response: okResponse(z.null()),
        },
      },
      async (req) => {
        const { userId } = principalOf(req)
        await db.transaction(async (tx) => {
          // the person's own language: their mails', and the pages their mail links open
          if (req.body.lang) await tx.update(users).set({ lang: req.body.lang }).where(eq(users.id, userId))
          for (const p of req.body.prefs)
            await tx
              .insert(notifyPrefs)
              .values({ userId, event: p.event, channels: p.channels, updateAt: new Date() })
              .onConflictDoUpdate({
                target: [notifyPrefs.userId, notifyPrefs.event],
                set: { channels: p.channels, updateAt: new Date() },
              })
        })
        return ok(null)
      },
    )

    app.get(
      '/sys/notify/roleDefaults',
      {
        config: { permission: 'sys_notify_robot:save' },
        schema: {
          tags,
          summary: "A role's default mail choices per event",
          querystring: z.object({ roleCode: z.string().min(1).max(64) }),
          response: okResponse(NotifyRoleDefaultsSchema),
        },
      },
      async (req) => {
        const rows = await defaultsOf([req.query.roleCode])
        return ok({
          roleCode: req.query.roleCode,
          prefs: NOTIFY_EVENTS.map((event) => ({
            event,
            channels: (rows.find((r) => r.event === event)?.channels ?? ['mail']) as 'mail'[],
          })),
        })
      },
    )

    app.post(
      '/sys/notify/roleDefaults',
      {
        config: { permission: 'sys_notify_robot:save' },
        schema: {
          tags,
          summary: "A role's default mail choices per event",
          body: NotifyRoleDefaultsSchema,
          response: okResponse(z.null()),
        },
      },
      async (req) => {
        const { roleCode, prefs } = req.body
        await db.transaction(async (tx) => {
          await tx.delete(notifyRoleDefaults).where(
            and(
              eq(notifyRoleDefaults.roleCode, roleCode),
              inArray(
                notifyRoleDefaults.event,
                prefs.map((p) => p.event),
              ),
            ),
          )
          if (prefs.length)
            await tx
              .insert(notifyRoleDefaults)
              .values(prefs.map((p) => ({ roleCode, event: p.event, channels: p.channels, updateAt: new Date() })))
        })
        return ok(null)
      },
    )
  }
