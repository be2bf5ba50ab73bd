import {
  ADMIN_RESOURCES,
  type CatalogueVersion,
  type Feedback,
  type FeedbackSubmit,
  type FieldLabel,
  type FieldLabelResource,
  type FieldLabelSave,
  logResource,
  modifyHistoryResource,
  type Page,
  type ResourceScreen,
  type RoleOption,
  type RolePermissionTree,
  roleResource,
} from '@app/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { session } from '../auth/session.ts'
import { http } from './http.ts'
import { keys } from './queries.ts'
import { registerResources } from './resources.ts'

/** How often the catalogue fingerprint is checked while the window stays open. */
const CATALOGUE_CHECK_MS = 60_000

// references to users, roles and dictionaries (e.g. a dictionary item's dictionary) resolve by name
registerResources(...ADMIN_RESOURCES)

/** The calls of system administration beyond the generic list verbs (issue 5). */
export const adminApi = {
  resetPassword: (id: string) => http.get<null>('/sys/user/resetPassword', { id }),
  permissionTree: (roleId: string) => http.get<RolePermissionTree>('/sys/role/permissionTree', { roleId }),
  configPermission: (roleId: string, permissionIds: readonly string[]) =>
    http.post<{ granted: string[] }>('/sys/role/configPermission', { roleId, permissionIds }),
  roles: () => http.get<RoleOption[]>(`${roleResource.base}/queryList`),
  catalogueVersion: () => http.get<CatalogueVersion>('/sys/catalogue/version', undefined, { silent: true }),
  submitFeedback: (input: FeedbackSubmit) => http.post<Feedback>('/sys/feedback/submit', input, { silent: true }),
  myFeedback: (pageNo: number, pageSize: number) => http.get<Page<Feedback>>('/sys/feedback/my', { pageNo, pageSize }),
  replyFeedback: (input: { id: string; version: number; replyContent: string }) =>
    http.post<Feedback>('/sys/feedback/reply', input, { silent: true }),
  /** Field labels on the language screen: the fields there are, save and remove an override. */
  fieldLabelFields: () => http.get<FieldLabelResource[]>('/sys/code/fieldLabelFields'),
  saveFieldLabel: (input: FieldLabelSave) => http.post<FieldLabel>('/sys/code/saveFieldLabel', input, { silent: true }),
  resetFieldLabel: (key: string) => http.post<null>('/sys/code/resetFieldLabel', { key }),
  /** The screens whose modify history the caller may read (the modify-history list's filter). */
  historyScreens: () => http.get<ResourceScreen[]>(`${modifyHistoryResource.base}/screens`),
  /** What the operation log's filters offer: the resources (with their screens) and the operations it holds. */
  logObjects: () => http.get<ResourceScreen[]>(`${logResource.base}/objects`),
  logOperations: () => http.get<string[]>(`${logResource.base}/operations`),
}

export const adminKeys = {
  permissionTree: (roleId: string) => ['role', 'permissionTree', roleId] as const,
  roles: ['role', 'queryList'] as const,
  catalogueVersion: ['catalogue', 'version'] as const,
  myFeedback: (pageNo: number) => ['feedback', 'my', pageNo] as const,
  fieldLabelFields: ['fieldLabel', 'fields'] as const,
  historyScreens: ['modifyHistory', 'screens'] as const,
  logObjects: ['log', 'objects'] as const,
  logOperations: ['log', 'operations'] as const,
}

/**
 * Keeps the code table, the dictionaries and the caller's permissions fresh (SPEC 3 'dictionary
 * cache', issue 5): a cheap fingerprint call on focus and every minute; whatever moved is refetched.
 * Mounted once in the signed-in shell.
 */
export const useCatalogueRefresh = () => {
  const queryClient = useQueryClient()
  const { data } = useQuery({
    queryKey: adminKeys.catalogueVersion,
    queryFn: adminApi.catalogueVersion,
    enabled: Boolean(session.token()),
    refetchInterval: CATALOGUE_CHECK_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  })
  const seen = useRef<CatalogueVersion | null>(null)
  useEffect(() => {
    if (!data) return
    const before = seen.current
    seen.current = data
    if (!before) return
    if (before.code !== data.code) void queryClient.invalidateQueries({ queryKey: keys.codeTable })
    if (before.dict !== data.dict) void queryClient.invalidateQueries({ queryKey: keys.dictItems })
    if (before.permissions !== data.permissions) void queryClient.invalidateQueries({ queryKey: keys.permissions })
  }, [data, queryClient])
}

/**
 * On a screen that edits the catalogue: each time one of its lists reloads (after a save, too),
 * the fingerprint is asked again at once, so the texts change for the editor without waiting.
 */
export const useCatalogueCheckOn = (...resources: string[]) => {
  const queryClient = useQueryClient()
  const names = resources.join(',')
  useEffect(() => {
    const watched = new Set(names.split(','))
    return queryClient.getQueryCache().subscribe((event) => {
      const [name, kind] = event.query.queryKey as unknown[]
      if (event.type !== 'updated' || event.action.type !== 'success') return
      if (typeof name === 'string' && watched.has(name) && kind === 'list') {
        void queryClient.invalidateQueries({ queryKey: adminKeys.catalogueVersion })
      }
    })
  }, [queryClient, names])
}
