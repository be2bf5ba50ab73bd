import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { permissionQuery } from '../../api/queries.ts'
import { flattenMenuItems } from '../../layout/menu.ts'

/** Whether the signed-in user has a menu (its screen and the calls behind it), by menu code. */
export const useHasMenu = (code: string) => {
  const { data } = useQuery(permissionQuery)
  return useMemo(() => flattenMenuItems(data?.menu ?? []).some((m) => m.code === code), [data, code])
}
