import { stopRequests } from '../api/http.ts'
import { queryClient } from '../api/queries.ts'
import { systemApi } from '../api/system.ts'
import { clearButtonAuth } from './permissions.tsx'
import { session } from './session.ts'

/** SPEC 4: logout revokes the token, clears it and reloads to `/`. */
export const signOut = async () => {
  try {
    await systemApi.logout()
  } catch {
    // the token may already be gone; signing out locally is what matters
  }
  stopRequests()
  session.clear()
  clearButtonAuth()
  queryClient.clear()
  window.location.assign('/')
}
