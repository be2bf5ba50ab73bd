import type { MatchType, QueryCondition, ResourceMeta } from '@app/contracts'
import { hashKey, keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TableProps } from 'antd'
import type { SorterResult } from 'antd/es/table/interface'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { keys, rowsLoading, SCREEN_ROWS } from '../../api/queries.ts'
import { type ListParams, type ResourceRecord, resourceApi } from '../../api/resources.ts'
import { DEFAULT_SORT, PAGE_SIZE, PAGINATION } from '../../config/constants.ts'
import { useTabPane, useTabRouteChange } from '../../layout/tabs/useTabPane.ts'
import { selectAllTitle } from './SelectAllTitle.tsx'
import { nestRows, parentKeys, type TreeRow } from './tree-rows.ts'
import { searchFromUrl } from './url-search.ts'

export type SuperQueryState = { conditions: QueryCondition[]; matchType: MatchType }

type Sort = { column: string; order: 'asc' | 'desc' }

/** The list's first query; without a sort (`'server'`) none is sent and the server's default order applies. */
const firstParams = (sort: Sort | undefined, search: Record<string, unknown> = {}): ListParams => ({
  pageNo: 1,
  pageSize: PAGE_SIZE,
  column: sort?.column,
  order: sort?.order,
  search,
})

/**
 * The state of one list screen, in the style of refine's `useTable`: query (search, super query),
 * paging, sorting and selection, the page fetched under `[resource, 'list', query]`, and
 * `tableProps` to spread into antd's Table. The state lives in the screen, so it survives tab
 * switches (the shell keeps screens mounted); a route change of the tab resets it (SPEC 4).
 */
export const useListState = (resource: ResourceMeta, defaultSort?: Sort | 'server') => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const api = useMemo(() => resourceApi(resource), [resource])
  const sort = useMemo<Sort | undefined>(
    () =>
      defaultSort === 'server'
        ? undefined
        : (defaultSort ?? (resource.tree ? { column: 'orgCode', order: 'asc' } : DEFAULT_SORT)),
    [defaultSort, resource.tree],
  )
  // a search in the tab's route (`?status=100801`) is where the list starts, and where a route change
  // resets it to; the tab's own route, so other tabs' navigation neither re-renders nor reaches it
  const route = useTabPane()?.path ?? ''
  const urlSearch = useMemo(
    () => searchFromUrl(resource.fields, new URLSearchParams(route.split('?')[1] ?? '')),
    [resource.fields, route],
  )
  const urlSearchNow = useRef(urlSearch)
  urlSearchNow.current = urlSearch
  const [params, setParams] = useState<ListParams>(() => firstParams(sort, urlSearch))
  const paramsNow = useRef(params)
  paramsNow.current = params
  const [selected, setSelected] = useState<ReadonlyMap<string, ResourceRecord>>(new Map())
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set())
  /** Counts resets: forms keyed by it start empty again. */
  const [generation, setGeneration] = useState(0)

  const listKey = keys.resource.list(resource.name, params)
  const query = useQuery({
    queryKey: listKey,
    queryFn: () => api.list(params),
    placeholderData: keepPreviousData,
    ...SCREEN_ROWS,
  })
  const page = query.data

  // a page emptied by deletes shows the last page that still has rows
  useEffect(() => {
    if (page && page.records.length === 0 && page.total > 0 && params.pageNo > 1) {
      setParams((p) => ({ ...p, pageNo: Math.max(1, Math.ceil(page.total / p.pageSize)) }))
    }
  }, [page, params.pageNo])

  const clearSelection = useCallback(() => setSelected(new Map()), [])
  const deselect = useCallback((ids: readonly string[]) => {
    setSelected((prev) => new Map([...prev].filter(([id]) => !ids.includes(id))))
  }, [])
  const setSearch = useCallback(
    (search: Record<string, unknown>) => {
      const next = { ...paramsNow.current, search, pageNo: 1 }
      // searching again for what is shown asks the server again: the rows as they stand now (another
      // person may have moved them), not as they were fetched a moment ago
      const nextKey = keys.resource.list(resource.name, next)
      const same = hashKey(nextKey) === hashKey(keys.resource.list(resource.name, paramsNow.current))
      setParams(next)
      if (same) void queryClient.invalidateQueries({ queryKey: nextKey, exact: true })
    },
    [queryClient, resource.name],
  )
  const setSuperQuery = useCallback((superQuery: SuperQueryState | undefined) => {
    setParams((p) => ({ ...p, superQuery: superQuery?.conditions.length ? superQuery : undefined, pageNo: 1 }))
  }, [])
  const reset = useCallback(() => {
    setParams(firstParams(sort, urlSearchNow.current))
    setSelected(new Map())
    setCollapsed(new Set())
    setGeneration((g) => g + 1)
  }, [sort])
  useTabRouteChange(reset)

  /** After a change: this resource's lists, details and selects are fetched again. */
  const invalidate = useCallback(
    () => queryClient.invalidateQueries({ queryKey: keys.resource.all(resource.name) }),
    [queryClient, resource.name],
  )

  const rows: TreeRow[] = useMemo(() => {
    const records = page?.records ?? []
    return resource.tree ? nestRows(records) : records
  }, [page, resource.tree])

  const onChange: TableProps<ResourceRecord>['onChange'] = (pagination, _filters, sorter, extra) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<ResourceRecord> | undefined
    setParams((p) => {
      if (extra.action === 'sort') {
        const column = s?.order ? String(s.columnKey ?? s.field) : sort?.column
        const order = s?.order ? (s.order === 'ascend' ? 'asc' : 'desc') : sort?.order
        return { ...p, column, order, pageNo: 1 }
      }
      const pageSize = pagination.pageSize ?? p.pageSize
      return { ...p, pageSize, pageNo: pageSize !== p.pageSize ? 1 : (pagination.current ?? 1) }
    })
  }

  const expandedKeys = useMemo(() => parentKeys(rows).filter((k) => !collapsed.has(k)), [rows, collapsed])

  const tableProps: TableProps<TreeRow> = {
    rowKey: 'id',
    dataSource: rows,
    loading: rowsLoading(query, queryClient.getQueryState(listKey)),
    onChange: onChange as TableProps<TreeRow>['onChange'],
    pagination: {
      ...PAGINATION,
      pageSizeOptions: [...PAGINATION.pageSizeOptions],
      current: params.pageNo,
      pageSize: params.pageSize,
      total: page?.total ?? 0,
      // past the server's exact-count cap the total is the database's estimate
      showTotal: (total) => t(page?.estimated ? 'list.totalEstimated' : 'list.total', { total }),
    },
    rowSelection: {
      columnTitle: selectAllTitle,
      selectedRowKeys: [...selected.keys()],
      preserveSelectedRowKeys: true,
      onChange: (selectedKeys, selectedRows) => {
        setSelected((prev) => {
          const next = new Map<string, ResourceRecord>()
          for (const key of selectedKeys) {
            const id = String(key)
            const row = selectedRows.find((r) => r?.id === id) ?? prev.get(id)
            if (row) next.set(id, row)
          }
          return next
        })
      },
    },
    expandable: resource.tree
      ? {
          expandedRowKeys: expandedKeys,
          onExpand: (expanded, row) =>
            setCollapsed((prev) => {
              const next = new Set(prev)
              if (expanded) next.delete(row.id)
              else next.add(row.id)
              return next
            }),
        }
      : undefined,
  }

  return {
    api,
    params,
    generation,
    page,
    query,
    tableProps,
    sortOf: (field: string) =>
      params.column === field ? (params.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
    selection: { keys: [...selected.keys()], rows: [...selected.values()], clear: clearSelection, deselect },
    setSearch,
    setSuperQuery,
    reset,
    /** The search the URL gives this list (the search form starts with it). */
    urlSearch,
    invalidate,
  }
}

export type ListState = ReturnType<typeof useListState>
