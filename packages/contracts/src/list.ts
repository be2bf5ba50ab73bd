import { z } from 'zod'
import { versionNo } from './fields.ts'
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
export const VersionedSchema = z.object({ id: z.string(), version: versionNo })

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

/**
 * Export: GET (or POST with the same fields as JSON) `<base>/exportXls` with the list query,
 * optionally `selections` (ids, comma-joined: only those rows) and `langJson` (JSON object
 * field -> column title, in the order the columns are wanted). Answers an xlsx stream; an empty
 * result answers the envelope NoDataToExportOrImport.
 */
export const ExportQuerySchema = ListQuerySchema.extend({
  selections: z.string().max(40_000).optional(),
  langJson: z.string().max(20_000).optional(),
})
export type ExportQuery = z.infer<typeof ExportQuerySchema>

/**
 * Import: POST `<base>/importExcel`, multipart with `file` (xls/xlsx) and optionally `langJson`
 * (the same title map, to read the header row). Answers `{ jobId }` at once; the client polls
 * GET `/sys/import/progress?jobId=` until `status` is done or failed. Nothing is written unless
 * every row is valid; then `errorFileId` names the uploaded sheet with an error column,
 * downloadable from GET `/file/downloadById?attachId=`.
 */
export const ImportStartSchema = z.object({ jobId: z.string() })
export const ImportProgressSchema = z.object({
  jobId: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  phase: z.enum(['reading', 'validating', 'writing', 'finished']),
  processed: z.number().int(),
  total: z.number().int(),
  imported: z.number().int(),
  failed: z.number().int(),
  errorFileId: z.string().nullable(),
  message: z.string().nullable(),
})
export type ImportProgress = z.infer<typeof ImportProgressSchema>

/**
 * Saved super queries, kept on the server: GET `/sys/savedQuery/list?resource=<name>`,
 * POST `/sys/savedQuery/add`, DELETE `/sys/savedQuery/delete?id=` (own ones only). A query
 * shared with roles is offered to every user holding one of them.
 */
export const SavedQueryInputSchema = z.object({
  resource: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(64),
  conditions: z.array(QueryConditionSchema).min(1).max(30),
  matchType: MatchTypeSchema,
  roleIds: z.array(z.string().uuid()).max(50).default([]),
})
export const SavedQuerySchema = SavedQueryInputSchema.extend({
  id: z.string(),
  owner: z.boolean(),
  createAt: z.date(),
})
export type SavedQuery = z.infer<typeof SavedQuerySchema>
