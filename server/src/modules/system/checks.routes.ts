import { Errors } from '@app/contracts'
import { and, eq, ne } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { principalOf } from '../../platform/access.ts'
import { emptyResponse, ok, okResponse } from '../../platform/envelope.ts'
import { fail } from '../../platform/errors.ts'
import { pinyinCode } from '../../platform/pinyin.ts'
import { nextNumber, PREFIX } from '../../platform/sequence.ts'

/** Format rules the web asks about (SPEC 5 'rule-code checks'). */
const RULES: Record<string, (value: string) => { valid: boolean; normalized: string }> = {
  code: (v) => ({ valid: /^[A-Za-z0-9_-]{1,32}$/.test(v), normalized: v }),
  phone: (v) => ({ valid: /^\+?[0-9 ()-]{5,32}$/.test(v), normalized: v.replace(/[\s()-]/g, '') }),
  email: (v) => ({ valid: z.string().email().safeParse(v).success, normalized: v.toLowerCase() }),
  pinyin: (v) => {
    const normalized = pinyinCode(v)
    return { valid: normalized.length > 0, normalized }
  },
}

/** Duplicate check, rule check and business numbering (SPEC 5, SPEC 7, issue 4). */
export const checksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database

  app.get(
    '/sys/duplicate/check',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['system'],
        summary:
          'Is a value free in a unique field? tableName.fieldName must be a declared unique field, and the caller may add or edit on its screen; a blank value passes',
        querystring: z.object({
          tableName: z.string().max(64),
          fieldName: z.string().max(64),
          fieldVal: z.string().max(500).optional(),
          dataId: z.string().uuid().optional(),
        }),
        response: emptyResponse,
      },
    },
    async (req) => {
      const { tableName, fieldName, fieldVal, dataId } = req.query
      const resource = app.deps.resources.byTable(tableName)
      const compiled = resource?.compiled
      if (!compiled || !(compiled.meta.unique as readonly string[] | undefined)?.includes(fieldName)) {
        fail(Errors.UnsupportedQuery, { tableName, fieldName })
      }
      // the form asking is an add or edit form of that screen: nobody else probes which values exist
      const { menu } = compiled.meta
      const principal = principalOf(req)
      if (!principal.permissions.has(`${menu}:add`) && !principal.permissions.has(`${menu}:edit`)) {
        fail(Errors.PermissionDenied)
      }
      if (!fieldVal || fieldVal.trim() === '') return ok(null)
      const column = compiled.columns[fieldName]!
      const clash = await db
        .select({ id: compiled.id })
        .from(compiled.table)
        .where(and(eq(column, fieldVal.trim()), compiled.live(), dataId ? ne(compiled.id, dataId) : undefined))
        .limit(1)
      if (clash.length > 0) fail(Errors.DuplicateValue, { field: fieldName })
      return ok(null)
    },
  )

  app.get(
    '/sys/rule/check',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['system'],
        summary: `Check a value against a format rule (${Object.keys(RULES).join(', ')}); a blank value passes`,
        querystring: z.object({ ruleCode: z.string().max(32), value: z.string().max(500).optional() }),
        response: okResponse(z.object({ normalized: z.string() })),
      },
    },
    async (req) => {
      const rule = RULES[req.query.ruleCode]
      if (!rule) fail(Errors.UnsupportedQuery, { ruleCode: req.query.ruleCode })
      const value = req.query.value?.trim() ?? ''
      if (value === '') return ok({ normalized: '' })
      const { valid, normalized } = rule(value)
      if (!valid) fail(Errors.RuleCheckFailed, { ruleCode: req.query.ruleCode })
      return ok({ normalized })
    },
  )

  app.get(
    '/sys/sequence/buildNumber',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['system'],
        summary: 'The next business number for a prefix today, e.g. SO20261122-0001',
        querystring: z.object({ prefixNo: z.string().regex(PREFIX) }),
        response: okResponse(z.string()),
      },
    },
    async (req) => ok(await nextNumber(db, req.query.prefixNo)),
  )
}
