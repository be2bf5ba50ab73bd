import { QueryClient, queryOptions } from '@tanstack/react-query'
import { ApiError } from './http.ts'
import { systemApi } from './system.ts'

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // a refusal will not change by asking again; a network hiccup may
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
})

/**
 * A screen's rows (a list, the review centre): asked for again each time the screen is opened or
 * its tab shown again (the shell resumes a hidden screen's effects), showing the rows it had
 * meanwhile, so a person sees what others changed in between without searching again.
 */
export const SCREEN_ROWS = { refetchOnMount: 'always' } as const

/**
 * Whether a screen's table shows its loading overlay: while the person waits for what they asked
 * (the first rows, another page, sort or search, a search again, the rows after a change they made:
 * an invalidated query), not while a screen shown again quietly refreshes the rows it shows.
 * `state`: the query's, `queryClient.getQueryState(key)`.
 */
export const rowsLoading = (
  query: { isFetching: boolean; isPending: boolean; isPlaceholderData: boolean },
  state: { isInvalidated: boolean } | undefined,
) => query.isFetching && (query.isPending || query.isPlaceholderData || Boolean(state?.isInvalidated))

/** Query keys: `[resource, kind, ...args]`, one factory that mutations invalidate (DESIGN 2). */
export const keys = {
  permissions: ['permission', 'list'] as const,
  codeTable: ['codeTable', 'all'] as const,
  settings: ['settings'] as const,
  departs: ['departs', 'current'] as const,
  dictItems: ['dict', 'items'] as const,
  /** A list resource: `[name]` invalidates everything of it after a change. */
  resource: {
    all: (name: string) => [name] as const,
    list: (name: string, query: unknown) => [name, 'list', query] as const,
    detail: (name: string, id: string) => [name, 'detail', id] as const,
    listAll: (name: string) => [name, 'listAll'] as const,
    history: (name: string, id: string) => [name, 'history', id] as const,
    savedQueries: (name: string) => ['savedQuery', 'list', name] as const,
  },
}

export const permissionQuery = queryOptions({
  queryKey: keys.permissions,
  queryFn: systemApi.permissionList,
  staleTime: Number.POSITIVE_INFINITY,
})

export const codeTableQuery = queryOptions({
  queryKey: keys.codeTable,
  queryFn: systemApi.codeTable,
  staleTime: 5 * 60_000,
})
