import {
  type ImportProgress,
  type ListQuery,
  MASTER_DATA_RESOURCES,
  type MatchType,
  type Page,
  type QueryCondition,
  type ResourceMeta,
  type RoleOption,
  type SavedQuery,
  RESOURCE_VERBS as V,
} from '@app/contracts'
import { UPLOAD_TIMEOUT_MS } from '../config/constants.ts'
import { downloadBlob } from './download.ts'
import { http, type Query } from './http.ts'

/** A record of any resource as the list and queryById return it. */
export type ResourceRecord = Record<string, unknown> & { id: string; version: number }

/**
 * A record as a select gets it (`getListAll`): its id, label and the few fields its resource
 * declares for selects (codes, a tree's parent), never the whole record.
 */
export type ResourceOption = Record<string, unknown> & { id: string }

/** One entry of a record's modify history: the log's before/after images. */
export type HistoryEntry = {
  id: string
  operation: string
  username: string | null
  createAt: string
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
}

/** The list query as the web keeps it; `search` and `superQuery` become JSON on the wire. */
export type ListParams = {
  pageNo: number
  pageSize: number
  column?: string
  order?: 'asc' | 'desc'
  search: Record<string, unknown>
  superQuery?: { conditions: QueryCondition[]; matchType: MatchType }
}

const hasValue = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)

/** The wire form of a list query (SPEC 7): empty filters left out. */
export const toListQuery = (p: ListParams): Partial<ListQuery> => {
  const search = Object.fromEntries(Object.entries(p.search).filter(([, v]) => hasValue(v)))
  const conditions = p.superQuery?.conditions ?? []
  return {
    pageNo: p.pageNo,
    pageSize: p.pageSize,
    column: p.column,
    order: p.order,
    search: Object.keys(search).length ? JSON.stringify(search) : undefined,
    superQueryParams: conditions.length ? JSON.stringify(conditions) : undefined,
    superQueryMatchType: conditions.length ? p.superQuery?.matchType : undefined,
  }
}

/** Resources by name, so a reference (`ref.resource`) finds the base url of what it points at. */
const registry = new Map<string, ResourceMeta>(MASTER_DATA_RESOURCES.map((r) => [r.name, r as ResourceMeta]))

/** Other areas (products, categories...) register their resources here so references to them resolve. */
export const registerResources = (...metas: ResourceMeta[]) => {
  for (const m of metas) registry.set(m.name, m)
}

export const resourceByName = (name: string): ResourceMeta | undefined => registry.get(name)

/** The generic verbs of one resource (server: platform/crud), under its base url. */
export const resourceApi = (meta: Pick<ResourceMeta, 'base'>) => {
  const url = (verb: string) => `${meta.base}/${verb}`
  return {
    list: (p: ListParams) => http.get<Page<ResourceRecord>>(url(V.list), toListQuery(p) as Query),
    queryById: (id: string, silent = false) => http.get<ResourceRecord>(url(V.queryById), { id }, { silent }),
    add: (values: Record<string, unknown>) => http.post<ResourceRecord>(url(V.add), values, { silent: true }),
    edit: (values: Record<string, unknown> & { id: string; version: number }) =>
      http.put<ResourceRecord>(url(V.edit), values, { silent: true }),
    remove: (id: string) => http.delete<null>(url(V.delete), { id }),
    removeBatch: (ids: readonly string[]) => http.delete<null>(url(V.deleteBatch), { ids: ids.join(',') }),
    batchStatus: (ids: readonly string[], status: string) =>
      http.post<null>(url(V.batchStatus), { ids: ids.join(','), status }),
    history: (id: string) => http.get<HistoryEntry[]>(url(V.modifyHistory), { id }),
    listAll: () => http.get<ResourceOption[]>(url(V.getListAll), undefined, { silent: true }),
    /** Export (selection or the current query); `langJson` orders and titles the columns. */
    exportXls: (p: ListParams, titles: Record<string, string>, selections: readonly string[]) =>
      downloadBlob(url(V.exportXls), {
        ...toListQuery({ ...p, pageNo: 1 }),
        pageNo: undefined,
        pageSize: undefined,
        selections: selections.length ? selections.join(',') : undefined,
        langJson: JSON.stringify(titles),
      }),
    importExcel: (file: File, titles: Record<string, string>) => {
      const body = new FormData()
      body.append('langJson', JSON.stringify(titles))
      body.append('file', file)
      return http.post<{ jobId: string }>(url(V.importExcel), body, { silent: true, timeoutMs: UPLOAD_TIMEOUT_MS })
    },
  }
}

export type ResourceApi = ReturnType<typeof resourceApi>

/** Calls around lists that are not under a resource's base url. */
export const listSupportApi = {
  /** SPEC 5: a blank value passes; a clash answers the server's message. */
  duplicateCheck: (tableName: string, fieldName: string, fieldVal: string, dataId?: string) =>
    http.get<null>('/sys/duplicate/check', { tableName, fieldName, fieldVal, dataId }, { silent: true }),
  importProgress: (jobId: string) => http.get<ImportProgress>('/sys/import/progress', { jobId }, { silent: true }),
  downloadFile: (attachId: string) => downloadBlob('/file/downloadById', { attachId }),
  savedQueries: (resource: string) => http.get<SavedQuery[]>('/sys/savedQuery/list', { resource }, { silent: true }),
  saveQuery: (input: {
    resource: string
    name: string
    conditions: QueryCondition[]
    matchType: MatchType
    roleIds: string[]
  }) => http.post<SavedQuery>('/sys/savedQuery/add', input),
  deleteSavedQuery: (id: string) => http.delete<null>('/sys/savedQuery/delete', { id }),
  /** Roles a saved query can be shared with (SPEC 7 /sys/role/queryList). */
  roles: () => http.get<RoleOption[]>('/sys/role/queryList', undefined, { silent: true }),
}
