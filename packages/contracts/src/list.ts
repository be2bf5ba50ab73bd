import { z } from 'zod'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './paging.ts'

/**
 * The one list contract of every list screen (SPEC 7 'List pages', DESIGN 3 'Lists').
 *
 * GET <base>/list?pageNo&pageSize&column&order&search=<json>&field=<a,b>
 *                &superQueryParams=<json>&superQueryMatchType=and|or
 *   -> { records, total, size, current, pages }
 *
 * `search` is a JSON object of the resource's search fields (each field matches as the resource
 * declares it: like, eq, in, range). `superQueryParams` is a JSON array of conditions.
 */
export const QUERY_RULES = [
  'eq',
  'ne',
  'gt',
  'ge',
  'lt',
  'le',
  'in',
  'not_in',
  'like',
  'left_like',
  'right_like',
  'empty',
  'not_empty',
  'range',
] as const
export type QueryRule = (typeof QUERY_RULES)[number]

export const FIELD_TYPES = ['string', 'number', 'date', 'datetime', 'dict'] as const
export type FieldType = (typeof FIELD_TYPES)[number]

/** Which rules make sense for a field type (the super-query builder offers these). */
export const RULES_BY_TYPE: Record<FieldType, readonly QueryRule[]> = {
  string: ['eq', 'ne', 'like', 'left_like', 'right_like', 'in', 'not_in', 'empty', 'not_empty'],
  number: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in', 'not_in', 'range', 'empty', 'not_empty'],
  date: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'range', 'empty', 'not_empty'],
  datetime: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'range', 'empty', 'not_empty'],
  dict: ['eq', 'ne', 'in', 'not_in', 'empty', 'not_empty'],
}

const scalar = z.union([z.string(), z.number(), z.boolean()])

/**
 * One super-query condition. `val` is a scalar for comparison rules, an array for in / not_in,
 * a two-element array [from, to] for range, and absent for empty / not_empty.
 */
export const QueryConditionSchema = z.object({
  field: z.string().min(1).max(64),
  rule: z.enum(QUERY_RULES),
  val: z.union([scalar, z.array(scalar), z.null()]).optional(),
})
export type QueryCondition = z.infer<typeof QueryConditionSchema>

export const MatchTypeSchema = z.enum(['and', 'or'])
export type MatchType = z.infer<typeof MatchTypeSchema>

/** Query string of `<base>/list` (and of exports, which take the same filters). */
export const ListQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  column: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  search: z.string().max(8000).optional(),
  field: z.string().max(2000).optional(),
  superQueryParams: z.string().max(20000).optional(),
  superQueryMatchType: MatchTypeSchema.optional(),
})
export type ListQuery = z.infer<typeof ListQuerySchema>

/** Ids of a batch call: comma-joined (SPEC 7). */
export const IdsSchema = z.object({ ids: z.string().min(1).max(40_000) })
export const BatchStatusSchema = z.object({ ids: z.string().min(1).max(40_000), status: z.string().min(1).max(16) })

/** Every editable record carries its version; an edit with an old one answers 409 (DESIGN 3). */
export const VersionedSchema = z.object({ id: z.string(), version: z.number().int() })

/** The common verbs under a resource's base url, e.g. `/md/supplier/list`. */
export const RESOURCE_VERBS = {
  list: 'list',
  queryById: 'queryById',
  add: 'add',
  edit: 'edit',
  delete: 'delete',
  deleteBatch: 'deleteBatch',
  batchStatus: 'batchStatus',
  exportXls: 'exportXls',
  importExcel: 'importExcel',
  modifyHistory: 'modifyHistory',
  getListAll: 'getListAll',
} as const
