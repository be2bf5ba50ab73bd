import type { Page } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { CrudResource } from '../../src/platform/crud/resource.ts'
import { registerResource } from '../../src/platform/crud/routes.ts'
import type { client } from './app.ts'

/** Registers extra resources for a test (e.g. one with a data scope), under /api like the real ones. */
export const withResources =
  (...defs: CrudResource[]) =>
  (app: FastifyInstance) => {
    void app.register(
      async (scope) => {
        for (const def of defs) registerResource(scope, def)
      },
      { prefix: '/api' },
    )
  }

type Api = ReturnType<typeof client>
type Query = Record<string, string | number>

/** GET <base>/list with a search object and/or super-query conditions. */
export const listOf = async <T = Record<string, unknown>>(
  api: Api,
  base: string,
  opts: { search?: object; superQuery?: object[]; matchType?: 'and' | 'or'; query?: Query } = {},
) => {
  const query: Query = { pageSize: 100, ...opts.query }
  if (opts.search) query.search = JSON.stringify(opts.search)
  if (opts.superQuery) query.superQueryParams = JSON.stringify(opts.superQuery)
  if (opts.matchType) query.superQueryMatchType = opts.matchType
  return api.get<Page<T>>(`${base}/list`, query)
}
