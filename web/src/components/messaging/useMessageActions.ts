import type { Message, PushedMessage } from '@app/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { useNavigate } from 'react-router'
import { messagingApi, messagingKeys } from '../../api/messaging.ts'
import { permissionQuery } from '../../api/queries.ts'
import { StorageKey, storage } from '../../auth/storage.ts'
import { STORAGE_TTL } from '../../config/constants.ts'
import { flattenMenuItems } from '../../layout/menu.ts'

type Linkable = Pick<PushedMessage, 'menuId' | 'params'>

/**
 * Opens the menu a message names, with the business order number (`?busObjNo=`), when the user
 * has that menu (SPEC 2: 'a view link for each message that has a menuId').
 */
export const useMessageLink = () => {
  const { data } = useQuery(permissionQuery)
  const navigate = useNavigate()
  const byCode = useMemo(
    () =>
      new Map(
        flattenMenuItems(data?.menu ?? [])
          .filter((m) => m.route)
          .map((m) => [m.code, m]),
      ),
    [data],
  )
  const entryOf = useCallback((m: Linkable) => (m.menuId ? byCode.get(m.menuId) : undefined), [byCode])
  const open = useCallback(
    (m: Linkable) => {
      const entry = entryOf(m)
      if (!entry) return false
      const busObjNo = typeof m.params?.busObjNo === 'string' ? m.params.busObjNo : null
      storage.set(StorageKey.activeMenu, entry.id, STORAGE_TTL.activeMenu)
      navigate(busObjNo ? `${entry.url}?busObjNo=${encodeURIComponent(busObjNo)}` : entry.url)
      return true
    },
    [entryOf, navigate],
  )
  return { canOpen: (m: Linkable) => Boolean(entryOf(m)), open }
}

/** Mark read, delete, mark all, delete all: each refreshes every message list and the count. */
export const useMessageMutations = () => {
  const queryClient = useQueryClient()
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: messagingKeys.all })
  return {
    read: useMutation({ mutationFn: messagingApi.read, onSuccess }),
    remove: useMutation({ mutationFn: messagingApi.remove, onSuccess }),
    allRead: useMutation({ mutationFn: messagingApi.allRead, onSuccess }),
    removeAll: useMutation({ mutationFn: messagingApi.removeAll, onSuccess }),
  }
}

/**
 * What clicking a message does: marks it read, then opens the notice it announces, or the menu
 * it names.
 */
export const useOpenMessage = (onOpenNotice: (noticeId: string) => void, afterNavigate?: () => void) => {
  const { read } = useMessageMutations()
  const link = useMessageLink()
  return (m: Message) => {
    if (m.readFlag === 0 && !m.noticeId) read.mutate(m.id)
    if (m.noticeId) onOpenNotice(m.noticeId)
    else if (link.open(m)) afterNavigate?.()
  }
}
