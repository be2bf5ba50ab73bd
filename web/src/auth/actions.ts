import { stopRequests } from '../api/http.ts'
import { queryClient } from '../api/queries.ts'
import { systemApi } from '../api/system.ts'
import { clearButtonAuth } from './permissions.tsx'
import { session } from './session.ts'
import { ssoApi } from './sso.ts'

/**
 * SPEC 4: logout revokes the token, clears it and reloads to `/`; after single sign-on it goes on
 * to the identity provider's logout, which comes back to the login page.
 */
export const signOut = async () => {
  // nothing else leaves the page from here: a call reaching the server after the logout is refused
  stopRequests()
  let provider: string | null = null
  try {
    provider = (await ssoApi.endSession()).url
  } catch {
    // no provider to sign out of: the product's token still ends below
  }
  try {
    await systemApi.logout()
  } catch {
    // the token may already be gone; signing out locally is what matters
  }
  session.clear()
  clearButtonAuth()
  queryClient.clear()
  window.location.assign(provider ?? '/')
}
