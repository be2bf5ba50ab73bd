import type { Depart, DictListItem, LoginResult, UserInfo } from '@app/contracts'
import { useSyncExternalStore } from 'react'
import { STORAGE_TTL } from '../config/constants.ts'
import { StorageKey, storage } from './storage.ts'

/**
 * The signed-in user as the browser keeps it: token (1 day), user id, name and info (7 days).
 * One small store; React reads it through `useSession`.
 */
export type SessionState = {
  token: string | null
  userInfo: UserInfo | null
  departs: Depart[]
}

const read = (): SessionState => ({
  token: storage.get<string>(StorageKey.token),
  userInfo: storage.get<UserInfo>(StorageKey.userInfo),
  departs: storage.get<Depart[]>(StorageKey.departs) ?? [],
})

let state = read()
const listeners = new Set<() => void>()
const emit = () => {
  state = read()
  for (const l of listeners) l()
}

export const session = {
  get: () => state,
  token: () => storage.get<string>(StorageKey.token),
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  signIn(result: LoginResult) {
    storage.set(StorageKey.token, result.token, STORAGE_TTL.token)
    storage.set(StorageKey.userId, result.userInfo.id, STORAGE_TTL.session)
    storage.set(StorageKey.userName, result.userInfo.username, STORAGE_TTL.session)
    storage.set(StorageKey.userInfo, result.userInfo, STORAGE_TTL.session)
    storage.set(StorageKey.departs, result.departs, STORAGE_TTL.session)
    storage.set<DictListItem[]>(StorageKey.dictCache, result.dictList, STORAGE_TTL.session)
    emit()
  },
  /** Selecting a department replaces the stored user info (SPEC 4). */
  setUserInfo(userInfo: UserInfo) {
    storage.set(StorageKey.userInfo, userInfo, STORAGE_TTL.session)
    emit()
  },
  setDeparts(departs: Depart[]) {
    storage.set(StorageKey.departs, departs, STORAGE_TTL.session)
    emit()
  },
  clear() {
    for (const key of [
      StorageKey.token,
      StorageKey.userId,
      StorageKey.userName,
      StorageKey.userInfo,
      StorageKey.departs,
    ]) {
      storage.remove(key)
    }
    emit()
  },
  /** A stored user id marks a signed-in browser (SPEC 2 navigation guard). */
  isSignedIn: () => Boolean(storage.get<string>(StorageKey.userId) && storage.get<string>(StorageKey.token)),
}

export const useSession = () => useSyncExternalStore(session.subscribe, session.get, session.get)
