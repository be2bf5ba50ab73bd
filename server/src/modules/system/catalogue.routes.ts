import { createHash } from 'node:crypto'
import { CatalogueVersionSchema, CodeTableEntrySchema, DictListItemSchema, SettingsSchema } from '@app/contracts'
import { asc } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { codeTable, settings } from '../../db/schema/index.ts'
import { principalOf } from '../../platform/access.ts'
import { ok, okResponse } from '../../platform/envelope.ts'
import { requestLang } from '../../platform/i18n.ts'
import { catalogueVersion } from './language.service.ts'
import { listDictItems } from './user-info.service.ts'

export const SETTING_KEYS = { systemTitle: 'system_title', systemTitleEn: 'system_title_en' } as const

export const DEFAULT_TITLE = { zh: '采购管理系统', en: 'Procurement Management System' }

/** The runtime code table, dictionaries and public settings: what the web needs to label things. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database
  const { config } = app.deps

  app.get(
    '/sys/settings',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['system'],
        summary: 'System title and whether the demo accounts may be shown',
        response: okResponse(SettingsSchema),
      },
    },
    async () => {
      const rows = await db.select().from(settings)
      const value = (key: string) => rows.find((r) => r.key === key)?.value
      return ok({
        systemTitle: value(SETTING_KEYS.systemTitle) ?? DEFAULT_TITLE.zh,
        systemTitleEn: value(SETTING_KEYS.systemTitleEn) ?? DEFAULT_TITLE.en,
        demoMode: config.demoMode,
        sso: config.oidc ? { displayName: config.oidc.displayName, only: config.oidc.only } : null,
      })
    },
  )

  app.get(
    '/sys/code/all',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['system'],
        summary: 'The whole runtime code table (id -> zh, en; key on entries overriding a bundled text)',
        response: okResponse(z.array(CodeTableEntrySchema)),
      },
    },
    async () =>
      ok(
        await db
          .select({ id: codeTable.id, key: codeTable.key, zh: codeTable.zh, en: codeTable.en })
          .from(codeTable)
          .orderBy(asc(codeTable.id)),
      ),
  )

  app.get(
    '/sys/dict/items',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['system'],
        summary: 'Every active dictionary item, labelled in the request language',
        response: okResponse(z.array(DictListItemSchema)),
      },
    },
    async (req) => ok(await listDictItems(db, requestLang(req))),
  )

  app.get(
    '/sys/catalogue/version',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['system'],
        summary: 'Fingerprints of the code table, the dictionaries and your permissions: refetch what moved',
        response: okResponse(CatalogueVersionSchema),
      },
    },
    async (req) => {
      const principal = principalOf(req)
      const mine = [principal.dataScope, ...[...principal.permissions].sort()].join(',')
      const permissions = createHash('sha256').update(mine).digest('hex').slice(0, 16)
      return ok({ ...(await catalogueVersion(db)), permissions })
    },
  )
}
