import { BatchStatusSchema, editSchemaOf, IdsSchema, ListQuerySchema, pageOf } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { principalOf } from '../access.ts'
import { emptyResponse, ok, okResponse } from '../envelope.ts'
import { registerExcelRoutes } from '../excel/routes.ts'
import { type CompiledResource, type CrudResource, type CrudVerb, compileResource, servesVerb } from './resource.ts'
import { type CrudService, createCrudService } from './service.ts'

/** An id in a query: a uuid, or a positive integer for `idType: 'int'` resources. */
const idSchemaOf = (r: Pick<CrudResource, 'idType'>) =>
  r.idType === 'int' ? z.coerce.number().int().min(1).max(2_147_483_647) : z.string().uuid()

const splitIds = (ids: string, idSchema: z.ZodType<string | number>) => {
  const list = [
    ...new Set(
      ids
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ]
  return z.array(idSchema).min(1).max(1000).parse(list)
}

const HistoryEntrySchema = z.object({
  id: z.string(),
  operation: z.string(),
  username: z.string().nullable(),
  createAt: z.date(),
  before: z.unknown(),
  after: z.unknown(),
})

export type RegisteredResource = { compiled: CompiledResource; service: CrudService }

/**
 * Serves one declared resource under `/api<base>`: list, queryById, add, edit, delete,
 * deleteBatch, batchStatus, modifyHistory, getListAll, exportXls and importExcel, each with its permission key
 * (`<menu>` to read, `<menu>:<button>` to change) and response schema. A screen with its own
 * behaviour adds routes next to these; it never copies them.
 */
export const registerResource = (parent: FastifyInstance, def: CrudResource): RegisteredResource => {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  const r = compileResource(def)
  const service = createCrudService(app.deps.database, r)
  const registered = { compiled: r, service }
  app.deps.resources.add(registered)
  const { base, menu, name } = r.meta
  const tags = [name]
  const key = (button: string) => `${menu}:${button}`
  const editInput = r.editInput ?? editSchemaOf(r.input)
  const idSchema = idSchemaOf(r)
  const IdQuerySchema = z.object({ id: idSchema })
  // `field=a,b` asks for a subset of columns: a listed record may lack the others
  const listRecord = r.record.partial().extend({
    id: r.idType === 'int' ? z.number().int() : z.string(),
    ...(r.version ? { version: z.number().int() } : {}),
  })
  const serves = (verb: CrudVerb) => servesVerb(r, verb)

  app.get(
    `${base}/list`,
    {
      config: { permission: menu },
      schema: {
        tags,
        summary: `List ${name} (search, super query, sort, paging)`,
        querystring: ListQuerySchema,
        response: okResponse(pageOf(listRecord)),
      },
    },
    async (req) => ok(await service.list(principalOf(req), req.query)),
  )

  if (!r.ownReadById)
    app.get(
      `${base}/queryById`,
      { config: { permission: menu }, schema: { tags, querystring: IdQuerySchema, response: okResponse(r.record) } },
      async (req) => ok(await service.get(principalOf(req), req.query.id)),
    )

  if (serves('add'))
    app.post(
      `${base}/add`,
      { config: { permission: key('add') }, schema: { tags, body: r.input, response: okResponse(r.record) } },
      async (req) => ok(await service.add(req, principalOf(req), req.body as Record<string, unknown>)),
    )

  if (serves('edit'))
    app.put(
      `${base}/edit`,
      {
        config: { permission: key('edit') },
        schema: { tags, summary: 'Edit; an old version answers 409', body: editInput, response: okResponse(r.record) },
      },
      async (req) => ok(await service.edit(req, principalOf(req), req.body as never)),
    )

  if (serves('delete'))
    app.delete(
      `${base}/delete`,
      { config: { permission: key('delete') }, schema: { tags, querystring: IdQuerySchema, response: emptyResponse } },
      async (req) => {
        await service.remove(req, principalOf(req), [req.query.id])
        return ok(null)
      },
    )

  if (serves('delete'))
    app.delete(
      `${base}/deleteBatch`,
      {
        config: { permission: key('batchDelete') },
        schema: { tags, summary: 'Delete all or none', querystring: IdsSchema, response: emptyResponse },
      },
      async (req) => {
        await service.remove(req, principalOf(req), splitIds(req.query.ids, idSchema))
        return ok(null)
      },
    )

  if (r.meta.status && serves('status')) {
    app.post(
      `${base}/batchStatus`,
      {
        config: { permission: key('status') },
        schema: { tags, body: BatchStatusSchema.extend({ status: z.enum(['1', '2']) }), response: emptyResponse },
      },
      async (req) => {
        await service.setStatus(req, principalOf(req), splitIds(req.body.ids, idSchema), req.body.status)
        return ok(null)
      },
    )
  }

  if (serves('history'))
    app.get(
      `${base}/modifyHistory`,
      {
        config: { permission: key('history') },
        schema: {
          tags,
          summary: 'Versions of one record',
          querystring: IdQuerySchema,
          response: okResponse(z.array(HistoryEntrySchema)),
        },
      },
      async (req) => ok(await service.history(principalOf(req), req.query.id)),
    )

  registerExcelRoutes(app, registered)

  if (r.listAll) {
    const paths = ['getListAll', ...(r.listAll.alias ?? [])]
    for (const verb of paths) {
      app.get(
        `${base}/${verb}`,
        {
          config: { permission: 'authenticated' },
          schema: {
            tags,
            summary: `Every ${name} for selects: only what a select shows (${Object.keys(r.listAll.record.shape).join(', ')})`,
            response: okResponse(z.array(r.listAll.record)),
          },
        },
        async (req) => ok(await service.listAll(principalOf(req))),
      )
    }
  }

  return registered
}
