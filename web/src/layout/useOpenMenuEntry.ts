import type { MenuItem } from '@app/contracts'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { StorageKey, storage } from '../auth/storage.ts'
import { STORAGE_TTL } from '../config/constants.ts'
import { opensInNewWindow } from './page-target.ts'

/**
 * Opens a menu entry: in the router (a tab), or in a new window when it is external or an iframe
 * view (SPEC 2). The active menu id is kept for 7 days.
 */
export const useOpenMenuEntry = () => {
  const navigate = useNavigate()
  return useCallback(
    (entry: MenuItem) => {
      storage.set(StorageKey.activeMenu, entry.id, STORAGE_TTL.activeMenu)
      if (opensInNewWindow(entry)) window.open(entry.url, '_blank', 'noopener')
      else navigate(entry.url)
    },
    [navigate],
  )
}
