import { localName } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { keys } from '../../api/queries.ts'
import { resourceApi, resourceByName } from '../../api/resources.ts'
import { EllipsisText } from './EllipsisText.tsx'
import { useRefOptions } from './useRefOptions.ts'

/**
 * A reference shown by the referenced record's label: from the cached `getListAll` of that resource;
 * a record that list leaves out (a disabled one) is asked for once by id. A reference by another
 * field (`by`, e.g. a department's org code) shows its value when the list leaves its record out.
 */
export const RefLabel = ({
  resource,
  label,
  by,
  id,
}: {
  resource: string
  label: string
  by?: string
  id: unknown
}) => {
  const { i18n } = useTranslation()
  const { byId, loaded } = useRefOptions(resource, label, by)
  const value = typeof id === 'string' && id ? id : null
  const known = value ? byId.get(value) : undefined
  const meta = resourceByName(resource)
  const detail = useQuery({
    queryKey: keys.resource.detail(resource, value ?? ''),
    queryFn: () => resourceApi(meta as NonNullable<typeof meta>).queryById(value as string, true),
    enabled: Boolean(value && meta && !by && loaded && known === undefined),
    retry: false,
    staleTime: 5 * 60_000,
  })
  if (!value) return null
  const text = known ?? (detail.data ? localName(detail.data, i18n.language, label) : by && loaded ? value : '')
  return <EllipsisText text={text} />
}
