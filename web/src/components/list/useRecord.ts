import { useQuery } from '@tanstack/react-query'
import { keys } from '../../api/queries.ts'
import type { ResourceApi } from '../../api/resources.ts'

/** One record, read fresh each time a modal opens it (the version an edit sends comes from here). */
export const useRecord = (resource: string, api: ResourceApi, id: string | undefined) =>
  useQuery({
    queryKey: keys.resource.detail(resource, id ?? ''),
    queryFn: () => api.queryById(id as string),
    enabled: Boolean(id),
    staleTime: 0,
    refetchOnMount: 'always',
  })
